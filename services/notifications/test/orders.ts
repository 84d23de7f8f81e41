import {
  streamName, Subjects,
  type CustomerOrder, type DocumentsFinishCommand, type EventEnvelope, type OrderNotice, type OrderNoticeRequest,
} from '@mc/contracts';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { randomUUID } from 'node:crypto';

const codec = JSONCodec();

/** Order's side, as a test double on the test NATS: the notices of the batches it knows, and the deliveries it was told of. */
export class FakeOrder {
  readonly notices = new Map<string, OrderNotice>();
  readonly finished: DocumentsFinishCommand[] = [];
  private subs: Subscription[] = [];

  start(nc: NatsConnection): void {
    const answer = (subject: string, handle: (data: never) => unknown) => {
      const sub = nc.subscribe(subject);
      this.subs.push(sub);
      void (async () => {
        for await (const msg of sub) {
          const { id, data } = codec.decode(msg.data) as { id: string; data: never };
          const response = handle(data);
          msg.respond(codec.encode(response === undefined
            ? { id, err: { status: 404, code: 'NOT_FOUND', message: 'no such order' }, isDisposed: true }
            : { id, response, isDisposed: true }));
        }
      })();
    };
    answer(Subjects.order.noticeGet, ({ batchUid, orderId }: OrderNoticeRequest) => {
      const notice = this.notices.get(batchUid);
      if (!notice) return undefined;
      return orderId === undefined ? notice : { ...notice, orders: notice.orders.filter((o) => o.id === orderId) };
    });
    answer(Subjects.order.documentsFinish, (command: DocumentsFinishCommand) => {
      this.finished.push(command);
      return { ok: true };
    });
  }

  stop(): void {
    for (const sub of this.subs) sub.unsubscribe();
  }
}

let nextOrderId = Math.floor(Date.now() / 1000) % 1_000_000_000;

function orderOf(batchUid: string, pharm: string, orderEmail: string, pickup: boolean): CustomerOrder & { orderEmail: string } {
  return {
    id: ++nextOrderId, batchUid, createdAt: new Date().toISOString(), status: 'open',
    pharm: { slug: pharm, name: `בית מרקחת ${pharm}`, phone: null, address: null, city: null },
    firstName: 'נועה', lastName: 'כהן', pickup, address: pickup ? null : { address: 'הרצל', houseNumber: '7', floor: null, apartment: null }, notes: null,
    productsCount: 1, items: [{ pharmProductId: 1, productSlug: 'oil', name: 'שמן CBD', amount: 1, price: 120, originalPrice: 120 }],
    cartCostTotalPrice: 120, cartCostDiscountsTotalAmount: 0, shippingCostTotalPrice: pickup ? 0 : 30, totalPrice: pickup ? 120 : 150, discounts: [],
    identification: { idDocument: false, licenseDocument: false, prescriptionDocument: false }, documents: 'sending', orderEmail,
  };
}

export function newBatch(order: FakeOrder): OrderNotice {
  const batchUid = randomUUID();
  const tag = batchUid.slice(0, 8);
  const notice: OrderNotice = {
    batchUid,
    customer: { firstName: 'נועה', lastName: 'כהן', email: `patient-${tag}@example.co.il`, phone: '0541112233' },
    orders: [orderOf(batchUid, 'north', `north-${tag}@pharm.example`, false), orderOf(batchUid, 'south', `south-${tag}@pharm.example`, true)],
  };
  order.notices.set(batchUid, notice);
  return notice;
}

export async function publish<T>(nc: NatsConnection, type: string, data: T, eventId: string = randomUUID()): Promise<string> {
  const envelope: EventEnvelope<T> = { eventId, type, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data };
  await nc.jetstream().publish(type, JSON.stringify(envelope), { msgID: `${eventId}-${Math.random()}`, expect: { streamName: streamName('order') } });
  return eventId;
}

