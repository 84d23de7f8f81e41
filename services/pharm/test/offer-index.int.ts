import type { INestApplicationContext } from '@nestjs/common';
import { parsePharmListQuery, PER_PAGE, parsePharmProductListQuery, type GeoSort, type PharmProductListQuery } from '@mc/contracts';
import { Clock, createServiceContext, type Database } from '@mc/kit';
import { waitFor } from '@mc/kit/testing';
import { eq, sql } from 'drizzle-orm';
import { isShownDiscount } from '../src/common/discount';
import { pharmacies, pharmProducts } from '../src/db/schema';
import { PharmProductsReader } from '../src/pharm-products/pharm-products.reader';
import { PharmsReader } from '../src/pharms/pharms.reader';
import { SeedOffersWriter } from '../src/seed/seed-offers.writer';
import { pharmService } from '../src/service';
import { listOfferIds, SHOWN_DISCOUNT_SQL } from './offer-list.oracle';
import { offerInput, PHARM_TEST_ENV, usePharm } from './support';

jest.setTimeout(60_000);

/** A small deterministic generator (the same data and queries every run). */
function randomOf(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)],
    some: <T>(values: readonly T[], chance = 0.3): T[] => values.filter(() => next() < chance),
  };
}

const TYPES = ['flower', 'oil', 'pre-roll'] as const;
const CANNABIS = ['sativa', 'indica', 'hybrid', null] as const;
const DOSAGES = ['T20/C4', 'T15/C3', 'T10/C10', 'T1/C20', null] as const;
const NAMES = ['לימון', 'סגול', 'ענבים', 'שקיעה', 'זהב'] as const;
/** Packs of different weights (the price order is per gram), and some whose weight is unknown (per pack, after them). */
const SIZES = [[10, 'גרם'], [10, 'גרם'], [5, 'גרם'], [3, ' g'], [10, 'מ״ל'], [null, null]] as const;
const SORTS: GeoSort[] = ['magic', 'price', 'popular', 'new', 'nearby'];
const TEL_AVIV = { lat: 32.0853, lng: 34.7818 };
/**
 * Every offer's `updated_at` is inside the magic order's 30 days of freshness from here; the first two pharmacies'
 * offers were confirmed over 72 hours before (stale: never in stock), the others' within them.
 */
const NOW = new Date('2026-11-24T10:00:00Z');
const WRITTEN_ON = ['2026-11-10', '2026-11-17', '2026-11-22', '2026-11-23'];

describe('the offer index', () => {
  const service = usePharm('pt-ix');
  const { data } = service;
  const random = randomOf(16);
  const companies = [1, 2, 3, 4].map((i) => data.slug(`co-${i}`));
  const pharmSlugs = ['a', 'b', 'c', 'd'].map((p) => data.slug(p));
  const productSlugs: string[] = [];
  let second: INestApplicationContext;

  const db = (): Database => data.db;
  const readerOf = (app: INestApplicationContext) => app.get(PharmProductsReader);
  const listQuery = (query: Partial<PharmProductListQuery> = {}): PharmProductListQuery => ({ ...parsePharmProductListQuery({}), ...query });
  const pharmId = async (slug: string) => (await db().select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.slug, slug)))[0].id;

  /** A random query over the suite's values (companies always narrowed to the suite's, as other suites share the database). */
  function randomQuery(): PharmProductListQuery {
    const priceRange = random.next() < 0.3 ? { min: random.int(50, 200), max: random.int(200, 400) } : undefined;
    return listQuery({
      types: random.some(TYPES),
      cannabisTypes: random.some(CANNABIS.filter((c) => c !== null)),
      dosages: random.some(DOSAGES.filter((d) => d !== null)),
      // Now and then a company no offer has: the facet must not list it.
      companies: [...(random.next() < 0.5 ? random.some(companies, 0.5) : companies), ...(random.next() < 0.2 ? [data.slug('co-none')] : [])],
      priceRange,
      inStock: random.next() < 0.5,
      search: random.next() < 0.2 ? random.pick(NAMES) : undefined,
      sortBy: random.pick(SORTS),
      page: random.int(1, 3),
      firstProduct: undefined,
      location: random.next() < 0.6 ? { lat: TEL_AVIV.lat + random.next() - 0.5, lng: TEL_AVIV.lng + random.next() - 0.5 } : undefined,
    });
  }

  beforeAll(async () => {
    data.setNow('2026-11-20T08:00:00Z');
    for (let i = 0; i < 24; i++) {
      const [sizeQuantity, sizeUnit] = random.pick(SIZES);
      productSlugs.push(await data.product(`p${i}`, {
        sizeQuantity, sizeUnit,
        name: `${random.pick(NAMES)} ${i}`, hebName: `${random.pick(NAMES)} ${i}`, type: random.pick(TYPES), cannabisType: random.pick(CANNABIS),
        thccbdDosage: random.pick(DOSAGES), company: random.next() < 0.9 ? random.pick(companies) : null, isPopular: random.next() < 0.3,
        family: random.next() < 0.5 ? data.slug(`fam-${i % 4}`) : null,
      }));
    }
    for (const [i, slug] of pharmSlugs.entries()) {
      await data.pharmacy(slug.replace(`${data.prefix}-`, ''), { lat: TEL_AVIV.lat + i * 0.05, lng: TEL_AVIV.lng + i * 0.03, shipping: i % 2 ? 'free' : 'no-shipping' });
      // Offers written on different days, so their freshness (and staleness at NOW) differs.
      data.setNow(`${WRITTEN_ON[i]}T08:00:00Z`);
      await data.offers(slug, productSlugs.filter(() => random.next() < 0.8).map((productSlug) => {
        const price = random.int(50, 400) * 100 + random.pick([0, 50]);
        return {
          productSlug, price, originalPrice: random.next() < 0.5 ? price + random.pick([0, 100, 300, 2000, 9000]) : null,
          inStock: random.next() < 0.8, published: random.next() < 0.9, isPopular: random.next() < 0.3, isNew: random.next() < 0.3, isPromoted: random.next() < 0.2,
          // Some stock past its expiry date at NOW (never in stock), some about to be, some with no date.
          expiresAt: random.pick([null, new Date('2026-11-24T10:00:00Z'), new Date('2026-11-24T10:00:00.001Z'), new Date('2027-01-01T00:00:00Z')]),
        };
      }));
    }
    data.setNow(NOW.toISOString());
    second = await createServiceContext(pharmService, PHARM_TEST_ENV);
    // Both copies answer at the same moment, so opening hours (isOpen) and freshness agree whatever the time of day.
    jest.spyOn(second.get(Clock), 'now').mockReturnValue(NOW);
  });

  afterAll(async () => {
    await second?.close();
  });

  it('answers every list as the SQL it replaced did, over random queries (one pharmacy, the discounts, with firstProduct)', async () => {
    const reader = readerOf(service.app());
    const ids = await Promise.all(pharmSlugs.map(pharmId));
    const offerIds = (await db().select({ id: pharmProducts.id }).from(pharmProducts)).map((r) => r.id);
    for (let run = 0; run < 300; run++) {
      const query = randomQuery();
      if (random.next() < 0.2) query.firstProduct = random.pick(offerIds);
      const discounted = random.next() < 0.4;
      const pharm = random.int(0, pharmSlugs.length - 1);
      const [answer, expected] = await Promise.all([
        discounted ? reader.discounts(query) : reader.list({ ...query, slug: pharmSlugs[pharm] }),
        listOfferIds(db(), {
          ...(discounted ? { discounted: true, location: query.location } : { pharmId: ids[pharm] }),
          filters: query, sortBy: query.sortBy, page: query.page, perPage: discounted ? PER_PAGE.discounts : PER_PAGE.pharmProducts, firstProduct: query.firstProduct, now: NOW,
        }),
      ]);
      expect({ run, query, total: answer.total, ids: answer.pharmProducts.map((o) => o.id), filtersData: answer.filtersData })
        .toEqual({ run, query, total: expected.total, ids: expected.ids, filtersData: expected.filtersData });
    }
  });

  it('keeps the discount rule of the SQL (SHOWN_DISCOUNT_SQL) and of the code (isShownDiscount) alike', async () => {
    const { rows } = await db().execute<{ price: number; original: number | null; shown: boolean }>(sql.raw(`SELECT pp.price, pp.original_price AS original, coalesce(${SHOWN_DISCOUNT_SQL}, false) AS shown
      FROM (SELECT p AS price, o AS original_price FROM generate_series(9000, 10100, 7) p, (SELECT generate_series(9500, 10200, 3) UNION ALL SELECT NULL) t(o)) pp`));
    expect(rows.length).toBeGreaterThan(10_000);
    expect(rows.filter((r) => r.shown !== isShownDiscount(r.price, r.original))).toEqual([]);
  });

  it('answers alike in a second copy of the service on the same database', async () => {
    for (const app of [service.app(), second]) await readerOf(app).list({ ...listQuery(), slug: pharmSlugs[0] });
    const answers = async (app: INestApplicationContext) => {
      const reader = readerOf(app);
      return {
        list: await reader.list({ ...listQuery({ sortBy: 'magic', inStock: false }), slug: pharmSlugs[1] }),
        discounts: await reader.discounts(listQuery({ companies, sortBy: 'nearby', location: TEL_AVIV })),
        comparison: await reader.comparison({ slug: productSlugs[3], sortBy: 'nearby', location: TEL_AVIV, isOpen: false, hasDelivery: false, isPromoted: false }),
        pharms: await app.get(PharmsReader).list({ ...parsePharmListQuery({ hasPharmProducts: '1' }), tag: data.tag }),
      };
    };
    const first = await answers(service.app());
    expect(first.list.total).toBeGreaterThan(5);
    // The first two pharmacies' offers are stale at NOW: they sell nothing a shopper is told is in stock.
    expect(first.pharms.total).toBe(pharmSlugs.length - 2);
    expect(await answers(second)).toEqual(first);
  });

  it('shows a price and stock change made through the writer within a second, in this copy at once and in the other', async () => {
    const slug = pharmSlugs[2];
    const [offer] = await db().select().from(pharmProducts).where(eq(pharmProducts.pharmId, await pharmId(slug))).limit(1);
    await service.app().get(SeedOffersWriter).replaceForPharm(slug, [{ ...offerInput(offer.productSlug, 123_400), inStock: false }], { removeMissing: false });
    const shown = async (app: INestApplicationContext) => (await readerOf(app).list({ ...listQuery({ inStock: false, sortBy: 'price' }), slug }))
      .pharmProducts.find((o) => o.id === offer.id);
    expect(await shown(service.app())).toMatchObject({ totalPrice: 1234, inStock: false });
    await waitFor('the other copy', () => shown(second), { until: (o) => o?.totalPrice === 1234 && !o.inStock, timeoutMs: 1000, intervalMs: 20 });
  });

  it('shows rows changed in SQL by another process (an offer, a product, a pharmacy) within a second in every copy', async () => {
    const slug = pharmSlugs[3];
    const id = await pharmId(slug);
    const [offer] = await db().select().from(pharmProducts)
      .where(sql`${pharmProducts.pharmId} = ${id} AND ${pharmProducts.published} AND ${pharmProducts.inStock}`).limit(1);
    // Not through this process's writers: nothing here is told.
    await db().execute(sql`UPDATE pharm.pharm_products SET price = 4321, original_price = 99999 WHERE id = ${offer.id}`);
    await db().execute(sql`UPDATE pharm.pharmacies SET name = 'שם חדש' WHERE id = ${id}`);
    for (const app of [service.app(), second]) {
      const cheapest = async () => (await readerOf(app).list({ ...listQuery({ sortBy: 'price' }), slug })).pharmProducts[0];
      const shown = await waitFor('the offer and the pharmacy changed', cheapest, {
        until: (o) => o?.id === offer.id && o.pharm.name === 'שם חדש', timeoutMs: 1000, intervalMs: 20,
      });
      expect(shown).toMatchObject({ totalPrice: 43.21, originalPrice: 999.99, discountPercent: 96 });
      const discounted = await readerOf(app).discounts(listQuery({ sortBy: 'price', firstProduct: offer.id }));
      expect(discounted.pharmProducts[0].id).toBe(offer.id);
    }
    await db().execute(sql`UPDATE pharm.products_view SET deleted = true WHERE slug = ${offer.productSlug}`);
    for (const app of [service.app(), second]) {
      await waitFor('the product gone', () => readerOf(app).list({ ...listQuery({ inStock: false }), slug }), {
        until: (r) => r.pharmProducts.every((o) => o.id !== offer.id), timeoutMs: 1000, intervalMs: 20,
      });
    }
  });
});

