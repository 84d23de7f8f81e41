import { randomUUID } from 'node:crypto';
import { Events, Subjects, type EventEnvelope, type OrderBatchPlacedEvent } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, TestIdentity, useService, waitFor } from '@mc/kit/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { JSONCodec } from 'nats';
import { carts, inbox } from '../src/db/schema';
import { ORDERED_LINES_DURABLE } from '../src/events/ordered-lines.consumer';
import { cartService } from '../src/service';

const codec = JSONCodec();

describe('cart: a placed batch drops its ordered lines from the user’s server cart (evt.order.batch.placed)', () => {
  const service = useService(cartService);
  const identity = new TestIdentity();
  // Users of this run only (the test database outlives runs).
  const base = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
  const users = { a: base, b: base + 1, c: base + 2 };
  const as = (userId: number) => ({ caller: identity.token({ sub: String(userId) }) });
  const nc = () => service.nc();
  const db = () => service.app().get<Database>(DATABASE);
  const cartOf = (userId: number) => rpc(nc(), Subjects.cart.cartGet, {}, as(userId));
  const applied = async (eventId: string) =>
    (await db().select().from(inbox).where(and(eq(inbox.eventId, eventId), eq(inbox.consumer, ORDERED_LINES_DURABLE)))).length === 1;

  /** Publishes on order's stream as order's outbox relay does (the event id as Nats-Msg-Id); `msgID` apart from it for a redelivery past the dedupe window. */
  const publish = async (data: OrderBatchPlacedEvent | Record<string, unknown>, envelope?: EventEnvelope, msgID?: string) => {
    const sent: EventEnvelope = envelope ?? { eventId: randomUUID(), type: Events.order.batchPlaced, version: 1, occurredAt: new Date().toISOString(), correlationId: 'test', data };
    await nc().jetstream().publish(Events.order.batchPlaced, codec.encode(sent), { msgID: msgID ?? sent.eventId });
    return sent;
  };
  const batch = (userId: number, orders: [pharmSlug: string, pharmProductIds: number[]][]): OrderBatchPlacedEvent => ({
    batchUid: randomUUID(),
    userId,
    orders: orders.map(([pharmSlug, ids], i) => ({ orderId: 1000 + i, pharmSlug, items: ids.map((pharmProductId) => ({ pharmProductId, amount: 1 })) })),
  });

  beforeAll(async () => {
    await identity.serveKeys(nc());
    await db().delete(carts).where(inArray(carts.userId, Object.values(users)));
  });
  afterAll(() => identity.stop());

  it('removes the lines of every order of the batch, keeps the others, and moves updatedAt forward', async () => {
    await rpc(nc(), Subjects.cart.cartStore, { cartItems: [
      { pharmProductId: 1, amount: 2 }, { pharmProductId: 6, amount: 1 }, { pharmProductId: 7, amount: 3 }, { pharmProductId: 15, amount: 1 },
    ] }, as(users.a));
    const before = await cartOf(users.a);
    const event = await publish(batch(users.a, [['merkaz-tel-aviv', [1]], ['layla-haifa', [6, 7]]]));
    await waitFor('the ordered lines to leave', async () => (await cartOf(users.a)).items.length === 1);
    const after = await cartOf(users.a);
    expect(after.items).toEqual([{ pharmProductId: 15, amount: 1 }]);
    expect(Date.parse(after.updatedAt!)).toBeGreaterThan(Date.parse(before.updatedAt!));
    expect(await applied(event.eventId)).toBe(true);
  });

  it('applies an event once: the same event delivered again does not drop a line added since', async () => {
    await rpc(nc(), Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 11, amount: 1 }, { pharmProductId: 12, amount: 1 }] }, as(users.b));
    const event = await publish(batch(users.b, [['yam-eilat', [11]]]));
    await waitFor('the first delivery', () => applied(event.eventId));
    expect((await cartOf(users.b)).items).toEqual([{ pharmProductId: 12, amount: 1 }]);

    // The user puts the product back; the same event comes again (past JetStream's dedupe window: another message id).
    await rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 11, amount: 2 }, as(users.b));
    const readded = await cartOf(users.b);
    await publish(event.data as OrderBatchPlacedEvent, event, `${event.eventId}-again`);
    // A later event of another user tells that the stream got past the repeat.
    await rpc(nc(), Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 21, amount: 1 }] }, as(users.c));
    const marker = await publish(batch(users.c, [['shaked-rishon', [21]]]));
    await waitFor('the events after the repeat', () => applied(marker.eventId));
    expect(await cartOf(users.b)).toEqual(readded);
    expect((await cartOf(users.c)).items).toEqual([]);
  });

  it('leaves carts alone for a user without a cart, lines the cart does not hold, and an event it cannot read', async () => {
    const before = await cartOf(users.a);
    const unknownUser = await publish(batch(base + 50, [['merkaz-tel-aviv', [15]]]));
    const otherLines = await publish(batch(users.a, [['merkaz-tel-aviv', [99]]]));
    const unreadable = await publish({ batchUid: 'x', userId: 'not a user', orders: 'none' });
    for (const event of [unknownUser, otherLines, unreadable]) await waitFor('the event', () => applied(event.eventId));
    expect(await cartOf(users.a)).toEqual(before);
    expect((await db().select().from(carts).where(eq(carts.userId, base + 50))).length).toBe(0);
  });
});
