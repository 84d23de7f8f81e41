import { randomUUID } from 'node:crypto';
import { ErrorCodes, Events, Messages, notEnoughStockMessage, Subjects, type EventEnvelope, type OrderBatchPlacedEvent, type OrderStatusChangedEvent } from '@mc/contracts';
import { PG_POOL } from '@mc/kit';
import { rpc, rpcUntyped, waitFor } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { JSONCodec } from 'nats';
import type { Pool } from 'pg';
import { pharmacies, pharmProducts, productsView, stockReservationLines, stockReservations } from '../src/db/schema';
import { StockReservations } from '../src/stock/stock-reservations';
import { usePharm } from './support';

const codec = JSONCodec();
// The test NATS keeps order's events of every earlier run: a new durable (or one behind) replays them first.
const CATCH_UP_MS = 120_000;
jest.setTimeout(CATCH_UP_MS + 30_000);

describe('pharm.stock.reserve and pharm.stock.release: an order takes only what exists, all or nothing, once', () => {
  const service = usePharm('pt-sr');
  const { data } = service;
  const ids = new Map<string, number>();
  const id = (product: string) => ids.get(product)!;

  const offer = async (product: string) => (await data.db.select().from(pharmProducts).where(eq(pharmProducts.id, id(product))))[0];
  const nameOf = async (product: string) => {
    const [row] = await data.db.select().from(productsView).where(eq(productsView.slug, data.slug(product)));
    return row.hebName || row.name;
  };
  const reserve = (batchUid: string, lines: [string, number][]) =>
    rpc(service.nc(), Subjects.pharm.stockReserve, { batchUid, lines: lines.map(([p, quantity]) => ({ pharmProductId: id(p), quantity })) });
  const release = (batchUid: string) => rpc(service.nc(), Subjects.pharm.stockRelease, { batchUid });
  const publish = async <T>(subject: string, eventData: T) => {
    const envelope: EventEnvelope<T> = { eventId: randomUUID(), type: subject, version: 1, occurredAt: new Date().toISOString(), correlationId: 'test', data: eventData };
    await service.nc().jetstream().publish(subject, codec.encode(envelope), { msgID: randomUUID() });
  };
  const setStock = (product: string, fields: { amount: number | null; inStock?: boolean; alwaysInStock?: boolean }) =>
    data.db.update(pharmProducts).set({ amount: fields.amount, inStock: fields.inStock ?? true, alwaysInStock: fields.alwaysInStock ?? false })
      .where(eq(pharmProducts.id, id(product)));

  beforeAll(async () => {
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) await data.product(name);
    const one = await data.pharmacy('one');
    for (const [slug, offerId] of await data.offers(one, ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((p) => ({ productSlug: data.slug(p), price: 10000, amount: 10 })))) {
      ids.set(slug.replace(`${data.prefix}-`, ''), offerId);
    }
  });

  it('takes 10 of 12, then refuses the next 10 with the product named and how many are left; a retry of the same batch takes nothing', async () => {
    await setStock('a', { amount: 12 });
    const first = randomUUID();
    expect(await reserve(first, [['a', 10]])).toEqual({ ok: true });
    expect(await offer('a')).toMatchObject({ amount: 2, inStock: true });
    await expect(reserve(randomUUID(), [['a', 10]])).rejects.toMatchObject({ status: 409, code: ErrorCodes.conflict, message: notEnoughStockMessage(await nameOf('a'), 2) });
    expect(notEnoughStockMessage('x', 2)).toContain('אין מספיק מלאי');
    // The same batch again (order retried): still taken once.
    expect(await reserve(first, [['a', 10]])).toEqual({ ok: true });
    expect(await offer('a')).toMatchObject({ amount: 2 });
  });

  it('takes every line or none: one short line leaves the others untouched', async () => {
    await setStock('a', { amount: 2 });
    await setStock('b', { amount: 5 });
    await setStock('c', { amount: 0, inStock: false });
    await expect(reserve(randomUUID(), [['b', 3], ['a', 3]])).rejects.toMatchObject({ status: 409, message: notEnoughStockMessage(await nameOf('a'), 2) });
    await expect(reserve(randomUUID(), [['b', 1], ['c', 1]])).rejects.toMatchObject({ status: 409, message: notEnoughStockMessage(await nameOf('c'), 0) });
    // The same offer twice in one batch counts as one line of their sum.
    await expect(reserve(randomUUID(), [['b', 3], ['b', 3]])).rejects.toMatchObject({ status: 409 });
    expect(await offer('b')).toMatchObject({ amount: 5 });
    expect(await offer('a')).toMatchObject({ amount: 2 });
  });

  it('never lets concurrent orders both take the last units: exactly one of eight wins', async () => {
    await setStock('d', { amount: 3 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => reserve(randomUUID(), [['d', 2]])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toMatchObject({ status: 409, message: notEnoughStockMessage(await nameOf('d'), 1) });
    }
    expect(await offer('d')).toMatchObject({ amount: 1, inStock: true });
    // The last unit: taken, out of stock.
    await reserve(randomUUID(), [['d', 1]]);
    expect(await offer('d')).toMatchObject({ amount: 0, inStock: false });
  });

  it('does not limit an offer always in stock, nor one that keeps no amount', async () => {
    await setStock('e', { amount: 1, alwaysInStock: true });
    await setStock('f', { amount: null });
    await reserve(randomUUID(), [['e', 50], ['f', 40]]);
    expect(await offer('e')).toMatchObject({ amount: 1, inStock: true });
    expect(await offer('f')).toMatchObject({ amount: null, inStock: true });
    // Out of stock and keeping no amount: none.
    await setStock('f', { amount: null, inStock: false });
    await expect(reserve(randomUUID(), [['f', 1]])).rejects.toMatchObject({ status: 409, message: notEnoughStockMessage(await nameOf('f'), 0) });
  });

  it('gives back a released batch once, and refuses a reserve that arrives after its release', async () => {
    await setStock('g', { amount: 5 });
    const batch = randomUUID();
    await reserve(batch, [['g', 5]]);
    expect(await offer('g')).toMatchObject({ amount: 0, inStock: false });
    await release(batch);
    expect(await offer('g')).toMatchObject({ amount: 5, inStock: true });
    await release(batch);
    expect(await offer('g')).toMatchObject({ amount: 5 });
    await expect(reserve(batch, [['g', 1]])).rejects.toMatchObject({ status: 409 });
    // Released before its reserve arrived (order timed out waiting): the late reserve takes nothing.
    const late = randomUUID();
    await release(late);
    await expect(reserve(late, [['g', 1]])).rejects.toMatchObject({ status: 409 });
    expect(await offer('g')).toMatchObject({ amount: 5 });
    const [row] = await data.db.select().from(stockReservations).where(eq(stockReservations.batchUid, late));
    expect(row.status).toBe('released');
  });

  it("moves the offers, not the pharmacy: its 'last updated' stays, and a reserve never waits for another write to the pharmacy", async () => {
    await setStock('f', { amount: 8 });
    const pharmacy = data.slug('one');
    const updatedAt = async () => (await data.db.select({ at: pharmacies.updatedAt }).from(pharmacies).where(eq(pharmacies.slug, pharmacy)))[0].at;
    const before = await updatedAt();
    // A back-office write to the pharmacy under way (its row locked) does not hold patients' orders back.
    const held = await service.app().get<Pool>(PG_POOL).connect();
    try {
      await held.query('BEGIN');
      await held.query('SELECT id FROM pharm.pharmacies WHERE slug = $1 FOR UPDATE', [pharmacy]);
      const batch = randomUUID();
      expect(await reserve(batch, [['f', 3]])).toEqual({ ok: true });
      await release(batch);
    } finally {
      await held.query('ROLLBACK');
      held.release();
    }
    expect(await offer('f')).toMatchObject({ amount: 8 });
    expect(await updatedAt()).toEqual(before);
  });

  it('confirms a reserved batch when it is placed (no second decrement), and a cancel gives its units back once', async () => {
    await setStock('b', { amount: 10 });
    const batchUid = randomUUID();
    await reserve(batchUid, [['b', 4]]);
    expect(await offer('b')).toMatchObject({ amount: 6 });
    const lines = [{ pharmProductId: id('b'), amount: 4 }];
    await publish<OrderBatchPlacedEvent>(Events.order.batchPlaced, { batchUid, userId: 1, orders: [{ orderId: 1, pharmSlug: data.slug('one'), items: lines }] });
    await waitFor('the reservation confirmed', async () => (await data.db.select().from(stockReservations).where(eq(stockReservations.batchUid, batchUid)))[0]?.status === 'confirmed', { timeoutMs: CATCH_UP_MS });
    expect(await offer('b')).toMatchObject({ amount: 6 });
    // Confirmed: order's release (it could not have failed after the event) changes nothing.
    await release(batchUid);
    expect(await offer('b')).toMatchObject({ amount: 6 });
    const cancel: OrderStatusChangedEvent = { batchUid, orderId: 1, pharmSlug: data.slug('one'), items: lines, from: 'open', to: 'canceled' };
    await publish(Events.order.statusChanged, cancel);
    await waitFor('the units back', async () => (await offer('b')).amount === 10, { timeoutMs: CATCH_UP_MS });
    await publish(Events.order.statusChanged, cancel);
    const marker = randomUUID();
    await reserve(marker, [['a', 1]]);
    await publish<OrderStatusChangedEvent>(Events.order.statusChanged, { ...cancel, batchUid: marker, items: [{ pharmProductId: id('a'), amount: 1 }] });
    await waitFor('the marker', async () => (await data.db.select().from(stockReservationLines).where(eq(stockReservationLines.batchUid, marker)))[0]?.releasedAt !== null, { timeoutMs: CATCH_UP_MS });
    expect(await offer('b')).toMatchObject({ amount: 10 });
  });

  it('gives back a reservation left held (order stopped before placing or releasing it); placed after all, it takes the units again', async () => {
    await setStock('e', { amount: 8 });
    const batchUid = randomUUID();
    await reserve(batchUid, [['e', 3]]);
    expect(await offer('e')).toMatchObject({ amount: 5 });
    const sweeper = service.app().get(StockReservations);
    // Younger than the hold time: kept.
    await sweeper.sweepHeld(60_000);
    expect(await offer('e')).toMatchObject({ amount: 5 });
    // (Older runs of this suite left reservations held too: at most 100 are given back a run.)
    while ((await sweeper.sweepHeld(0)) === 100);
    expect(await offer('e')).toMatchObject({ amount: 8 });
    const status = async () => (await data.db.select().from(stockReservations).where(eq(stockReservations.batchUid, batchUid)))[0].status;
    expect(await status()).toBe('released');
    await publish<OrderBatchPlacedEvent>(Events.order.batchPlaced, {
      batchUid, userId: 1, orders: [{ orderId: 1, pharmSlug: data.slug('one'), items: [{ pharmProductId: id('e'), amount: 3 }] }],
    });
    await waitFor('the units taken again', async () => (await offer('e')).amount === 5, { timeoutMs: CATCH_UP_MS });
    expect(await status()).toBe('confirmed');
  });

  it('refuses a malformed command', async () => {
    await expect(rpcUntyped(service.nc(), Subjects.pharm.stockReserve, { batchUid: 'nope', lines: [{ pharmProductId: id('a'), quantity: 1 }] })).rejects.toMatchObject({ status: 400 });
    await expect(rpcUntyped(service.nc(), Subjects.pharm.stockReserve, { batchUid: randomUUID(), lines: [] })).rejects.toMatchObject({ status: 400 });
    await expect(rpcUntyped(service.nc(), Subjects.pharm.stockReserve, { batchUid: randomUUID(), lines: [{ pharmProductId: id('a'), quantity: 0 }] })).rejects.toMatchObject({ status: 400 });
    expect(Messages.notEnoughStock).toBe('אין מספיק מלאי');
  });
});
