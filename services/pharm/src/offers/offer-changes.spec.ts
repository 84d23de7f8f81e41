import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Events, type OffersChangedEvent } from '@mc/contracts';
import type { OutboxRelay, OutboxWriter, Tx } from '@mc/kit';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { pharmacies } from '../db/schema';
import { OfferChanges, OFFERS_PER_EVENT, type OfferChange } from './offer-changes';
import { OfferChangesModule } from './offer-changes.module';
import type { OfferRow } from './offer-view';

const now = new Date('2026-11-20T10:00:00Z');
const dialect = new PgDialect();

const row = (id: number, pharmId: number): OfferRow => ({
  id, pharmId, productSlug: `p-${id}`, price: 10_000, originalPrice: null, inStock: true, amount: 3, alwaysInStock: false, published: true,
  expiresAt: null, isPopular: false, isNew: false, isPromoted: false, catalogPrice: false, isYarpaLocked: false, bumpedAt: null,
  createdAt: now, updatedAt: now, confirmedAt: now, priceBefore: null, priceDroppedAt: null,
});

/** OfferChanges over a transaction that records which pharmacies were touched, and an outbox that records its events. */
function harness() {
  const touched: { table: unknown; set: unknown; params: unknown[] }[] = [];
  const tx = {
    update: (table: unknown) => ({
      set: (set: unknown) => ({ where: async (where: SQL) => { touched.push({ table, set, params: dialect.sqlToQuery(where).params }); } }),
    }),
  } as unknown as Tx;
  const outbox = { add: jest.fn(async () => undefined) };
  const relay = { poke: jest.fn() };
  const changes = new OfferChanges(outbox as unknown as OutboxWriter, relay as unknown as OutboxRelay);
  const events = () => outbox.add.mock.calls.map((call) => {
    const [, subject, data] = call as unknown as [Tx, string, OffersChangedEvent];
    return { subject, offers: data.offers };
  });
  return { tx, changes, touched, events, relay };
}

describe('the offers\' change writer', () => {
  it('touches each involved pharmacy once, in id order, then tells every offer in events of OFFERS_PER_EVENT', async () => {
    const { tx, changes, touched, events } = harness();
    const many: OfferChange[] = Array.from({ length: OFFERS_PER_EVENT + 1 }, (_, i) => ({ row: row(i + 1, i % 2 ? 7 : 3), pharmSlug: i % 2 ? 'b' : 'a' }));
    await changes.emit(tx, [...many, { row: row(9_999, 7), pharmSlug: 'b', removed: true }], now);
    expect(touched).toEqual([
      { table: pharmacies, set: { updatedAt: now }, params: [3] },
      { table: pharmacies, set: { updatedAt: now }, params: [7] },
    ]);
    const told = events();
    expect(told.map((e) => e.subject)).toEqual([Events.pharm.offersChanged, Events.pharm.offersChanged]);
    expect(told.map((e) => e.offers.length)).toEqual([OFFERS_PER_EVENT, 2]);
    expect(told[0].offers[0]).toMatchObject({ pharmProductId: 1, pharmSlug: 'a', productSlug: 'p-1', price: 10_000, deleted: false });
    expect(told[1].offers[1]).toMatchObject({ pharmProductId: 9_999, pharmSlug: 'b', deleted: true });
  });

  it('writes nothing for no change', async () => {
    const { tx, changes, touched, events } = harness();
    await changes.emit(tx, [], now);
    await changes.tell(tx, [], now);
    expect(touched).toEqual([]);
    expect(events()).toEqual([]);
  });

  it('tells without touching the pharmacies (a lapse, a confirm, a pharmacy removed)', async () => {
    const { tx, changes, touched, events } = harness();
    await changes.tell(tx, [{ row: row(1, 3), pharmSlug: 'a' }], now);
    expect(touched).toEqual([]);
    expect(events()).toEqual([{ subject: Events.pharm.offersChanged, offers: [expect.objectContaining({ pharmProductId: 1 })] }]);
  });

  it('pokes the relay once the caller has committed', () => {
    const { changes, relay } = harness();
    changes.committed();
    expect(relay.poke).toHaveBeenCalledTimes(1);
  });

  it('comes in a module of its own, with nothing else (a worker importing it loads no reader and no offer index)', () => {
    expect(Reflect.getMetadata('providers', OfferChangesModule)).toEqual([OfferChanges]);
    expect(Reflect.getMetadata('imports', OfferChangesModule) ?? []).toEqual([]);
    expect(Reflect.getMetadata('exports', OfferChangesModule)).toEqual([OfferChanges]);
  });

  it('is the only code that writes `evt.pharm.offers.changed`', () => {
    const src = join(__dirname, '..');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.ts$/.test(name) && !name.endsWith('.spec.ts') ? [path] : [];
    });
    const writers = files(src).filter((file) => /\boffersChanged\b/.test(readFileSync(file, 'utf8'))).map((file) => relative(src, file));
    expect(writers).toEqual([join('offers', 'offer-changes.ts')]);
  });
});
