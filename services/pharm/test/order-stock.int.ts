import { randomUUID } from 'node:crypto';
import {
  Events, type EventEnvelope, type OffersChangedEvent, type OrderBatchPlacedEvent, type OrderStatusChangedEvent,
} from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { JSONCodec } from 'nats';
import { inbox, outbox, pharmProducts } from '../src/db/schema';
import { STOCK_PLACED_DURABLE } from '../src/events/order-stock.consumer';
import { usePharm } from './support';

const codec = JSONCodec();
// The test NATS keeps order's events of every earlier run: a new durable (or one behind) replays them first.
const CATCH_UP_MS = 120_000;
jest.setTimeout(CATCH_UP_MS + 30_000);

describe('stock follows orders: a batch placed without a reservation lowers it, a canceled order gives back what it took', () => {
  const service = usePharm('pt-st');
  const { data } = service;
  const ids = new Map<string, number>();
  const id = (product: string) => ids.get(product)!;
  const caughtUp = { timeoutMs: CATCH_UP_MS };

  /** Publishes on order's stream as order's outbox relay does; `msgID` differs per call so a repeated envelope is a redelivery. */
  const publish = async <T>(subject: string, eventData: T, eventId = randomUUID()) => {
    const envelope: EventEnvelope<T> = { eventId, type: subject, version: 1, occurredAt: new Date().toISOString(), correlationId: 'test', data: eventData };
    await service.nc().jetstream().publish(subject, codec.encode(envelope), { msgID: randomUUID() });
    return eventId;
  };
  const offer = async (product: string) => (await data.db.select().from(pharmProducts).where(eq(pharmProducts.id, id(product))))[0];
  const placed = (lines: [string, number][], pharm = data.slug('one')): OrderBatchPlacedEvent => ({
    batchUid: randomUUID(), userId: 1, orders: [{ orderId: 1, pharmSlug: pharm, items: lines.map(([p, amount]) => ({ pharmProductId: id(p), amount })) }],
  });
  const canceled = (lines: [string, number][], to: OrderStatusChangedEvent['to'] = 'canceled'): OrderStatusChangedEvent => ({
    batchUid: randomUUID(), orderId: 1, pharmSlug: data.slug('one'), from: 'open', to, items: lines.map(([p, amount]) => ({ pharmProductId: id(p), amount })),
  });
  const inboxHas = async (eventId: string) => (await data.db.select().from(inbox).where(and(eq(inbox.consumer, STOCK_PLACED_DURABLE), eq(inbox.eventId, eventId)))).length > 0;
  const offerEvents = async (since: number, offerId: number) => {
    const rows = await data.db.select().from(outbox)
      .where(and(eq(outbox.subject, Events.pharm.offersChanged), gt(outbox.id, since),
        sql`${outbox.envelope} -> 'data' -> 'offers' @> ${JSON.stringify([{ pharmProductId: offerId }])}::jsonb`))
      .orderBy(outbox.id);
    return rows.map((r) => (r.envelope as { data: OffersChangedEvent }).data.offers.find((o) => o.pharmProductId === offerId)!);
  };
  const lastOutboxId = async () => (await data.db.select({ v: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox))[0].v;

  beforeAll(async () => {
    for (const name of ['a', 'b', 'c', 'd', 'marker']) await data.product(name);
    const one = await data.pharmacy('one');
    await data.pharmacy('two');
    for (const [slug, offerId] of await data.offers(one, [
      { productSlug: data.slug('a'), price: 10000, amount: 5 },
      { productSlug: data.slug('b'), price: 10000, amount: 3 },
      { productSlug: data.slug('c'), price: 10000, amount: 5, alwaysInStock: true },
      { productSlug: data.slug('d'), price: 10000, amount: null },
      { productSlug: data.slug('marker'), price: 10000, amount: 100 },
    ])) ids.set(slug.replace(`${data.prefix}-`, ''), offerId);
  });

  let firstBatch: OrderBatchPlacedEvent;
  let markerBatch: OrderBatchPlacedEvent;

  it('lowers each ordered offer of a batch placed without a reservation once, even when the event is delivered twice, and tells catalog', async () => {
    const since = await lastOutboxId();
    const event = placed([['a', 2], ['b', 3], ['c', 4], ['d', 1]]);
    firstBatch = event;
    const eventId = await publish(Events.order.batchPlaced, event);
    await waitFor('the stock lowered', async () => (await offer('a')).amount === 3, caughtUp);
    // The same event again (as JetStream redelivers), then a marker: once the marker is applied the repeat was handled.
    await publish(Events.order.batchPlaced, event, eventId);
    markerBatch = placed([['marker', 1]]);
    const markerId = await publish(Events.order.batchPlaced, markerBatch);
    await waitFor('the marker', async () => inboxHas(markerId), caughtUp);
    expect(await offer('a')).toMatchObject({ amount: 3, inStock: true });
    // b reached 0: out of stock.
    expect(await offer('b')).toMatchObject({ amount: 0, inStock: false });
    // c is always in stock and d keeps no amount: untouched.
    expect(await offer('c')).toMatchObject({ amount: 5, inStock: true });
    expect(await offer('d')).toMatchObject({ amount: null, inStock: true });
    expect((await offerEvents(since, id('a'))).map((o) => o.inStock)).toEqual([true]);
    expect((await offerEvents(since, id('b'))).map((o) => [o.inStock, o.pharmSlug])).toEqual([[false, data.slug('one')]]);
    expect(await offerEvents(since, id('c'))).toEqual([]);
    expect(await offerEvents(since, id('d'))).toEqual([]);
  });

  it('gives back what a canceled order took (in stock again), once, and nothing for a batch that took nothing', async () => {
    const since = await lastOutboxId();
    const cancelOf = (batch: OrderBatchPlacedEvent, lines: [string, number][], to: OrderStatusChangedEvent['to'] = 'canceled') =>
      ({ ...canceled(lines, to), batchUid: batch.batchUid });
    const event = cancelOf(firstBatch, [['b', 3], ['c', 4]]);
    const eventId = await publish(Events.order.statusChanged, event);
    await waitFor('the stock restored', async () => (await offer('b')).amount === 3, caughtUp);
    await publish(Events.order.statusChanged, event, eventId);
    // Another cancelation of the same lines (a forged or repeated event under a new id) gives nothing more.
    await publish(Events.order.statusChanged, cancelOf(firstBatch, [['b', 3]]));
    // A cancelation of a batch never placed here, and one claiming more units than were taken, give back nothing extra.
    await publish(Events.order.statusChanged, canceled([['b', 5], ['a', 5]]));
    // Another status change (not a cancelation) moves nothing; the marker's cancelation shows the others were handled.
    await publish(Events.order.statusChanged, cancelOf(firstBatch, [['a', 2]], 'pending'));
    await publish(Events.order.statusChanged, cancelOf(markerBatch, [['marker', 50]]));
    await waitFor('the marker', async () => (await offer('marker')).amount === 100, caughtUp);
    expect(await offer('b')).toMatchObject({ amount: 3, inStock: true });
    expect(await offer('a')).toMatchObject({ amount: 3 });
    expect(await offer('c')).toMatchObject({ amount: 5, inStock: true });
    expect((await offerEvents(since, id('b'))).map((o) => o.inStock)).toEqual([true]);
  });

  it('moves only offers of the line’s pharmacy, and skips a malformed event without stopping', async () => {
    await publish(Events.order.batchPlaced, placed([['a', 1]], data.slug('two')));
    await publish(Events.order.batchPlaced, { batchUid: 'x', orders: [{ pharmSlug: 1, items: 'none' }] });
    const markerId = await publish(Events.order.batchPlaced, placed([['marker', 1]]));
    await waitFor('the marker', async () => inboxHas(markerId), caughtUp);
    expect(await offer('a')).toMatchObject({ amount: 3 });
    const rows = await data.db.select({ amount: pharmProducts.amount }).from(pharmProducts).where(inArray(pharmProducts.id, [id('marker')]));
    expect(rows[0].amount).toBe(99);
  });
});
