import { Events } from '@mc/contracts';
import type { JsMsg, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import { deadLetterSubject } from '@mc/contracts';
import { busContract, IdempotentConsumer, type ConsumedEvent, type ConsumerOptions, type EventHandler, type Tx } from './consumer';
import { ConsumesEvents, consumerOf } from './consumes-events';
import type { MessagingTables } from './tables';

const DURABLE = 'pharm-stock-placed';
const placed = {
  batchUid: '6f1c1a8e-6a44-4d1e-9f3c-2b7b3f1b8a11', userId: 7,
  orders: [{ orderId: 1, pharmSlug: 'a', items: [{ pharmProductId: 3, amount: 2 }] }],
};
const envelope = (data: unknown, type: string = Events.order.batchPlaced, eventId = '00000000-0000-4000-8000-000000000001') =>
  ({ eventId, type, version: 1, occurredAt: new Date().toISOString(), correlationId: 'c', data });

/** A consumer over a fake database (its inbox a set) and a fake connection; `handle` given a message as JetStream would. */
function consumerWith(handler: EventHandler, options: Partial<ConsumerOptions> = {}, deadLettersTaken = true) {
  const inbox = new Set<string>();
  const tx = {
    insert: () => ({
      values: ({ consumer, eventId }: { consumer: string; eventId: string }) => ({
        onConflictDoNothing: () => ({
          returning: async () => (inbox.has(`${consumer}/${eventId}`) ? [] : (inbox.add(`${consumer}/${eventId}`), [{ eventId }])),
        }),
      }),
    }),
  };
  const db = { transaction: async (work: (t: typeof tx) => Promise<void>) => work(tx) } as unknown as Database;
  const published: { subject: string; original?: string; reason?: string }[] = [];
  const nc = {
    jetstream: () => ({
      publish: async (subject: string, _data: Uint8Array, o: { headers: { get(k: string): string } }) => {
        if (!deadLettersTaken) throw new Error('no stream');
        published.push({ subject, original: o.headers.get('x-original-subject'), reason: o.headers.get('x-reason') });
      },
    }),
  };
  const logged: unknown[] = [];
  const logger = { error: (o: unknown) => logged.push(o), warn: (o: unknown) => logged.push(o) } as unknown as Logger;
  const consumer = new IdempotentConsumer(nc as unknown as NatsConnection, db, { inbox: { eventId: 'event_id' } } as unknown as MessagingTables, logger, {
    stream: 'EVT_ORDER', durable: DURABLE, filterSubject: Events.order.batchPlaced, handler, payload: busContract(Events.order.batchPlaced), ...options,
  });
  const deliver = async (body: unknown, redeliveryCount = 1) => {
    const msg = {
      subject: Events.order.batchPlaced, data: new Uint8Array(),
      json: () => JSON.parse(JSON.stringify(body)) as unknown,
      ack: jest.fn(), term: jest.fn(), nak: jest.fn(), info: { redeliveryCount },
    };
    await (consumer as unknown as { handle(m: JsMsg): Promise<void> }).handle(msg as unknown as JsMsg);
    return msg;
  };
  return { deliver, inbox, published, logged };
}

describe('IdempotentConsumer: each event checked against its contract once, handled once', () => {
  it('hands an event that fits its DTO to the handler once, as the DTO, and acks it; a redelivery is only acked', async () => {
    const seen: unknown[] = [];
    const { deliver, published } = consumerWith(async (event) => { seen.push(event.data); });
    const first = await deliver(envelope(placed));
    const again = await deliver(envelope(placed));
    expect(seen).toEqual([placed]);
    expect((seen[0] as object).constructor.name).toBe('OrderBatchPlacedEvent');
    expect(first.ack).toHaveBeenCalled();
    expect(again.ack).toHaveBeenCalled();
    expect(published).toEqual([]);
  });

  it('never hands on a payload that does not fit: recorded in the inbox, dead-lettered at once, logged without its values', async () => {
    const handler = jest.fn();
    const { deliver, inbox, published, logged } = consumerWith(handler);
    const msg = await deliver(envelope({ ...placed, userId: 'dana@example.co.il' }));
    expect(handler).not.toHaveBeenCalled();
    expect(inbox.size).toBe(1);
    expect(msg.term).toHaveBeenCalled();
    expect(msg.ack).not.toHaveBeenCalled();
    expect(published).toEqual([{ subject: deadLetterSubject(DURABLE), original: Events.order.batchPlaced, reason: 'contract' }]);
    expect(JSON.stringify(logged)).toContain('userId');
    expect(JSON.stringify(logged)).not.toContain('dana@example.co.il');
  });

  it('dead-letters an event of a subject its filter does not take, and an unreadable message', async () => {
    const handler = jest.fn();
    const { deliver, published } = consumerWith(handler);
    await deliver(envelope({ orderIds: [1], delivered: true }, Events.order.documentsSubmitted));
    await deliver(null);
    expect(handler).not.toHaveBeenCalled();
    expect(published.map((p) => p.subject)).toEqual([deadLetterSubject(DURABLE), deadLetterSubject(DURABLE)]);
  });

  it('retries a handler that fails, and dead-letters it after its last attempt', async () => {
    const { deliver, published } = consumerWith(async () => { throw new Error('down'); }, { maxDeliver: 2 });
    const first = await deliver(envelope(placed), 1);
    expect(first.nak).toHaveBeenCalled();
    const last = await deliver(envelope(placed, Events.order.batchPlaced, '00000000-0000-4000-8000-000000000002'), 2);
    expect(last.term).toHaveBeenCalled();
    expect(published).toMatchObject([{ reason: 'failed' }]);
  });

  it('ends a delivery only once the dead-letter stream has the event: otherwise it is delivered again later', async () => {
    const { deliver, published } = consumerWith(async () => { throw new Error('down'); }, { maxDeliver: 1 }, false);
    const msg = await deliver(envelope(placed), 1);
    expect(msg.term).not.toHaveBeenCalled();
    expect(msg.nak).toHaveBeenCalledWith(30_000);
    expect(published).toEqual([]);
  });
});

describe('@ConsumesEvents', () => {
  it('marks a method as the bus consumer it names, with its options', () => {
    class Stock {
      @ConsumesEvents(DURABLE, { maxDeliver: 9 })
      async placed(_event: ConsumedEvent<typeof Events.order.batchPlaced>, _tx: Tx): Promise<void> {}
    }
    expect(consumerOf(Stock.prototype.placed)).toEqual({ durable: DURABLE, maxDeliver: 9 });
    expect(consumerOf(() => undefined)).toBeUndefined();
  });

  it('does not compile on a method that expects another subject’s events', () => {
    class Wrong {
      // @ts-expect-error: pharm-stock-placed takes placed batches, not product changes
      @ConsumesEvents(DURABLE)
      async placed(_event: ConsumedEvent<typeof Events.catalog.productChanged>, _tx: Tx): Promise<void> {}
    }
    expect(consumerOf(Wrong.prototype.placed)?.durable).toBe(DURABLE);
  });
});
