import {
  COMPANY_HISTORY_MAX_DAYS, COMPANY_PAGE_SIZE, CompanyMessages, OFFER_STALE_AFTER_MS, Subjects,
  type CompanyFigures, type CompanyMarket, type PricesReportPage, type StockHistory, type StockReportPage,
} from '@mc/contracts';
import { createServiceContext, startService } from '@mc/kit';
import { connectNats, rpcUntyped, TestIdentity, waitFor } from '@mc/kit/testing';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { productsView, stockDays, stockOuts } from '../src/db/schema';
import { israelDay } from '../src/companies/market-sql';
import { pharmService } from '../src/service';
import { OfferStockWriter } from '../src/stock/offer-stock.writer';
import { StockDaysWorkerModule } from '../src/stock-days/stock-days.module';
import { StockDaysWorker } from '../src/stock-days/stock-days.worker';
import { StockDaysWriter } from '../src/stock-days/stock-days.writer';
import { PHARM_TEST_ENV, productEvent, TestData } from './support';

const PREFIX = 'pt-cm';
const ACME = `${PREFIX}-acme`;
const BETA = `${PREFIX}-beta`;
/** Catalogue ids of the suite's products: far above any real catalogue's. */
const ID = { a: 1_999_990_001, b: 1_999_990_002, c: 1_999_990_003, other: 1_999_990_004, betaOnly: 1_999_990_005 };
const HOUR = 60 * 60 * 1000;

/** The median as the service defines it: the middle price, or the two middle ones' mean rounded. */
function median(prices: number[]): number | null {
  if (!prices.length) return null;
  const s = [...prices].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
}

describe('a cannabis company’s market: pharm.company.* (figures, market, stock history, stock report, stock-outs, prices report)', () => {
  let app: INestMicroservice;
  let nc: NatsConnection;
  const data = new TestData(() => app, PREFIX);
  const identity = new TestIdentity();
  const acme = () => identity.companyToken('9000301', ACME);
  const beta = () => identity.companyToken('9000302', BETA);
  const adminAcme = () => identity.companyToken('9000303', ACME, 'admin');
  const admin = () => identity.token({ sub: '9000303', role: 'admin' });
  const staff = () => identity.token({ sub: '9000301', role: 'business_owner', biz: [`company:${ACME}`] });
  const call = <T>(subject: string, payload: Record<string, unknown>, caller: string | null = acme()) =>
    rpcUntyped<T>(nc, subject, { slug: ACME, ...payload }, { caller: caller ?? undefined });
  const p = (name: string) => data.slug(name);

  /** The suite's published offers of acme's products, as the test reads them from the table with the storefront's rule. */
  const acmeOffers = async () => {
    const now = Date.now();
    const { rows } = await data.db.execute<{ id: number; product_slug: string; pharm_id: number; price: number; amount: number | null; in_stock: boolean; confirmed_at: string; expires_at: string | null; district: string; city: string; pharm_name: string }>(sql`
      SELECT pp.id, pp.product_slug, pp.pharm_id, pp.price, pp.amount, pp.in_stock, pp.confirmed_at, pp.expires_at, ph.district, ph.city, ph.name AS pharm_name
      FROM pharm.pharm_products pp JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id
      WHERE pp.published AND pp.product_slug = ANY(${sql.param([p('a'), p('b'), p('c')])}::text[])`);
    return rows.map((r) => ({
      ...r, shown: r.in_stock && now - new Date(r.confirmed_at).getTime() <= OFFER_STALE_AFTER_MS && (r.expires_at === null || new Date(r.expires_at).getTime() > now),
    }));
  };
  type Row = Awaited<ReturnType<typeof acmeOffers>>[number];
  const figuresOf = (rows: Row[]) => {
    const shown = rows.filter((r) => r.shown);
    const prices = shown.map((r) => r.price);
    return {
      pharmaciesInStock: new Set(shown.map((r) => r.pharm_id)).size, pharmaciesOffering: new Set(rows.map((r) => r.pharm_id)).size,
      units: shown.reduce((n, r) => n + (r.amount ?? 0), 0),
      lowestPrice: prices.length ? Math.min(...prices) : null, medianPrice: median(prices), highestPrice: prices.length ? Math.max(...prices) : null,
    };
  };

  beforeAll(async () => {
    app = await startService(pharmService, { ...PHARM_TEST_ENV, STOCK_REPORT_COMPANIES: `greenmed,${ACME}` });
    nc = await connectNats();
    identity.serveKeys(nc);
    await data.cleanUp();
    await data.product('a', { id: ID.a, name: 'אקמה אלפא', companySlug: ACME, company: 'אקמה' });
    await data.product('b', { id: ID.b, name: 'אקמה בטא', companySlug: ACME, company: 'אקמה' });
    await data.product('c', { id: ID.c, name: 'אקמה גמא', companySlug: ACME, company: 'אקמה' });
    await data.product('other', { id: ID.other, name: 'של אחרים', companySlug: BETA, company: 'בטא' });
    await data.pharmacy('north', { name: 'צפון', city: 'חיפה', district: 'חיפה' });
    await data.pharmacy('center', { name: 'מרכז', city: 'תל אביב-יפו', district: 'תל אביב' });
    await data.pharmacy('center2', { name: 'אביב', city: 'תל אביב-יפו', district: 'תל אביב' });
    await data.pharmacy('south', { name: 'דרום', city: 'באר שבע', district: 'דרום' });
    await data.offers(p('north'), [
      { productSlug: p('a'), price: 10_000, amount: 5 },
      { productSlug: p('b'), price: 30_000, amount: 2 },
      { productSlug: p('other'), price: 1_000 },
    ]);
    await data.offers(p('center'), [
      { productSlug: p('a'), price: 12_000, amount: 3 },
      { productSlug: p('b'), price: 25_000, amount: 0, inStock: false },
    ]);
    await data.offers(p('center2'), [
      { productSlug: p('a'), price: 11_000, amount: 4, expiresAt: new Date(Date.now() - HOUR) },
      { productSlug: p('b'), price: 99_000, amount: 9, published: false },
    ]);
    await data.offers(p('south'), [{ productSlug: p('a'), price: 9_000, amount: null }]);
  });
  afterAll(async () => {
    try {
      if (app) await data.cleanUp();
    } finally {
      identity.stop();
      await nc?.close();
      await app?.close();
    }
  });

  describe('who may call', () => {
    const today = israelDay(new Date());
    const subjects: [string, Record<string, unknown>][] = [
      [Subjects.pharm.companyFigures, {}],
      [Subjects.pharm.companyMarket, { productIds: [ID.a] }],
      [Subjects.pharm.companyStockHistory, { from: today, to: today }],
      [Subjects.pharm.companyStockReport, {}],
      [Subjects.pharm.companyStockOuts, {}],
    ];
    it.each(subjects)('%s: no token 401, an ordinary token 403, another company’s token 404, this company’s (staff or admin) ok', async (subject, payload) => {
      await expect(call(subject, payload, null)).rejects.toMatchObject({ status: 401 });
      for (const ordinary of [staff(), admin()]) await expect(call(subject, payload, ordinary)).rejects.toMatchObject({ status: 403 });
      await expect(call(subject, payload, beta())).rejects.toMatchObject({ status: 404, message: CompanyMessages.companyNotFound });
      await expect(call(subject, payload, acme())).resolves.toBeDefined();
      await expect(call(subject, payload, adminAcme())).resolves.toBeDefined();
    });

    it('the prices report: an admin only (a company’s token, even an admin’s, is no admin token)', async () => {
      const payload = { from: today, to: today };
      await expect(call(Subjects.pharm.pricesReport, payload, null)).rejects.toMatchObject({ status: 401 });
      for (const other of [staff(), identity.token({ sub: '9000304', role: 'user' })]) {
        await expect(call(Subjects.pharm.pricesReport, payload, other)).rejects.toMatchObject({ status: 403 });
      }
      await expect(call(Subjects.pharm.pricesReport, payload, adminAcme())).rejects.toMatchObject({ status: 401 });
      await expect(call<PricesReportPage>(Subjects.pharm.pricesReport, payload, admin())).resolves.toMatchObject({ currentPage: 1 });
    });

    it('a company pharm knows no product of has empty figures and lists (catalog, which owns companies, tells whether it is one)', async () => {
      const slug = `${PREFIX}-nobody`;
      const token = identity.companyToken('9000305', slug);
      await expect(rpcUntyped(nc, Subjects.pharm.companyFigures, { slug }, { caller: token }))
        .resolves.toMatchObject({ productsStocked: 0, pharmaciesStocking: 0, stockOutsThisWeek: 0, cheapest: null, dearest: null, products: [] });
      await expect(rpcUntyped(nc, Subjects.pharm.companyStockOuts, { slug }, { caller: token })).resolves.toMatchObject({ rows: [], total: 0 });
    });
  });

  it('figures: counted from the offer rows (in stock as the storefront says), with the company’s flags', async () => {
    const rows = await acmeOffers();
    const shown = rows.filter((r) => r.shown);
    // The fixture covers each way out: out by the flag, past the expiry date, unpublished (not offered at all).
    expect(shown.length).toBeGreaterThan(1);
    expect(rows.some((r) => !r.in_stock) && rows.some((r) => r.in_stock && !r.shown)).toBe(true);
    const figures = await call<CompanyFigures>(Subjects.pharm.companyFigures, {});
    const ids = new Map([[p('a'), ID.a], [p('b'), ID.b]]);
    expect(figures.productsStocked).toBe(new Set(shown.map((r) => r.product_slug)).size);
    expect(figures.pharmaciesStocking).toBe(new Set(shown.map((r) => r.pharm_id)).size);
    const byPrice = [...shown].sort((x, y) => x.price - y.price);
    expect(figures.cheapest).toMatchObject({ price: byPrice[0].price, productId: ids.get(byPrice[0].product_slug), city: byPrice[0].city, pharmName: byPrice[0].pharm_name });
    expect(figures.dearest).toMatchObject({ price: byPrice.at(-1)!.price, productId: ids.get(byPrice.at(-1)!.product_slug) });
    const perProduct = [...ids].map(([slug, productId]) => ({ productId, n: shown.filter((r) => r.product_slug === slug).length }));
    expect(figures.products.map((x) => ({ productId: x.productId, n: x.pharmaciesInStock }))).toEqual(perProduct.sort((x, y) => y.n - x.n));
    expect(figures.features).toEqual({ stockHistory: true, stockOuts: true, stockReport: true });
  });

  it('the stock report’s flag: on for the configured companies, 403 for the others (their stock-outs stay open)', async () => {
    await expect(call(Subjects.pharm.companyStockReport, { slug: BETA }, beta())).rejects.toMatchObject({ status: 403, message: CompanyMessages.reportNotEnabled });
    await expect(call<StockReportPage>(Subjects.pharm.companyStockOuts, { slug: BETA }, beta())).resolves.toMatchObject({ total: 0 });
    const betaFigures = await call<CompanyFigures>(Subjects.pharm.companyFigures, { slug: BETA }, beta());
    expect(betaFigures.features.stockReport).toBe(false);
    expect(betaFigures.products).toEqual([{ productId: ID.other, productName: 'של אחרים', pharmaciesInStock: 1 }]);
  });

  it('market: each given product of the company, in all and by district, from the rows; others’ products ignored', async () => {
    const rows = await acmeOffers();
    const market = await call<CompanyMarket>(Subjects.pharm.companyMarket, { productIds: [ID.b, ID.other, ID.a, ID.c, 1_999_999_999] });
    expect(market.products.map((m) => m.productId)).toEqual([ID.b, ID.a, ID.c]);
    for (const [slug, id] of [[p('a'), ID.a], [p('b'), ID.b], [p('c'), ID.c]] as const) {
      const mine = rows.filter((r) => r.product_slug === slug);
      const m = market.products.find((x) => x.productId === id)!;
      expect({ ...m, districts: undefined, productId: undefined }).toEqual({ ...figuresOf(mine), districts: undefined, productId: undefined });
      const districts = [...new Set(mine.map((r) => r.district))].sort();
      expect(m.districts).toEqual(districts.map((district) => ({ district, ...figuresOf(mine.filter((r) => r.district === district)) })));
    }
    expect(market.products.find((m) => m.productId === ID.c)).toMatchObject({ pharmaciesOffering: 0, medianPrice: null, districts: [] });
    // An even count of in-stock prices: the two middle ones' mean.
    expect(market.products.find((m) => m.productId === ID.a)!.medianPrice).toBe(median(rows.filter((r) => r.product_slug === p('a') && r.shown).map((r) => r.price)));
  });

  it('stock report and stock-outs: the offers, ordered by district, city, pharmacy, product; district totals; search; pages', async () => {
    const rows = await acmeOffers();
    const report = await call<StockReportPage>(Subjects.pharm.companyStockReport, {});
    const order = (r: { district: string; city: string; pharmName: string; productName: string }) => [r.district, r.city, r.pharmName, r.productName];
    expect(report.total).toBe(rows.length);
    expect(report.perPage).toBe(COMPANY_PAGE_SIZE.report);
    const sorted = [...report.rows].sort((x, y) => {
      const [a, b] = [order(x), order(y)];
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
      return 0;
    });
    expect(report.rows).toEqual(sorted);
    expect(report.rows.filter((r) => r.inStock)).toHaveLength(rows.filter((r) => r.shown).length);
    const districts = [...new Set(rows.map((r) => r.district))].sort();
    expect(report.districts).toEqual(districts.map((district) => ({
      district, offers: rows.filter((r) => r.district === district).length, inStock: rows.filter((r) => r.district === district && r.shown).length,
    })));
    // The expired offer is out since its expiry date.
    const expired = report.rows.find((r) => r.pharmSlug === p('center2'))!;
    expect(expired).toMatchObject({ inStock: false, productId: ID.a });
    expect(new Date(expired.outSince!).getTime()).toBe(new Date(rows.find((r) => r.pharm_name === 'אביב')!.expires_at!).getTime());

    const outs = await call<StockReportPage>(Subjects.pharm.companyStockOuts, {});
    expect(outs.perPage).toBe(COMPANY_PAGE_SIZE.stockOuts);
    expect(outs.rows.map((r) => [r.pharmSlug, r.productId])).toEqual(report.rows.filter((r) => !r.inStock).map((r) => [r.pharmSlug, r.productId]));
    expect(outs.total).toBe(rows.filter((r) => !r.shown).length);

    const searched = await call<StockReportPage>(Subjects.pharm.companyStockReport, { search: 'באר שבע' });
    expect(searched.rows.map((r) => r.pharmSlug)).toEqual([p('south')]);
    const download = await call<StockReportPage>(Subjects.pharm.companyStockReport, { download: true });
    expect(download).toMatchObject({ perPage: COMPANY_PAGE_SIZE.download, total: rows.length });
    await expect(call<StockReportPage>(Subjects.pharm.companyStockReport, { page: 2 })).resolves.toMatchObject({ rows: [], currentPage: 2, total: rows.length });
  });

  it('stock-outs are recorded through every writer: the seed’s and an order’s', async () => {
    const [{ id }] = (await data.db.execute<{ id: number }>(sql`SELECT pp.id FROM pharm.pharm_products pp JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id
      WHERE pp.product_slug = ${p('a')} AND ph.slug = ${p('north')}`)).rows;
    const periods = async () => (await data.db.select().from(stockOuts).where(eq(stockOuts.pharmProductId, id)).orderBy(stockOuts.id))
      .map((s) => ({ open: s.endedAt === null }));
    const before = await call<CompanyFigures>(Subjects.pharm.companyFigures, {});
    expect(await periods()).toEqual([]);

    // An order takes the last 5 units: out of stock (the order-stock writer).
    await data.db.transaction((tx) => app.get(OfferStockWriter).adjustStock(tx, [{ pharmSlug: p('north'), pharmProductId: id, amount: 5 }], 'lower'));
    expect(await periods()).toEqual([{ open: true }]);
    const during = await call<StockReportPage>(Subjects.pharm.companyStockOuts, {});
    const row = during.rows.find((r) => r.pharmSlug === p('north') && r.productId === ID.a)!;
    expect(Date.now() - new Date(row.outSince!).getTime()).toBeLessThan(60_000);
    expect((await call<CompanyFigures>(Subjects.pharm.companyFigures, {})).stockOutsThisWeek).toBe(before.stockOutsThisWeek + 1);
    // Given back: in stock again, the stock-out closed.
    await data.db.transaction((tx) => app.get(OfferStockWriter).adjustStock(tx, [{ pharmSlug: p('north'), pharmProductId: id, amount: 5 }], 'restore'));
    expect(await periods()).toEqual([{ open: false }]);

    // The seed's writer puts it out of stock, then unpublishes it (still out: nothing new), then back.
    const north = [{ productSlug: p('a'), price: 10_000, amount: 5 }, { productSlug: p('b'), price: 30_000, amount: 2 }, { productSlug: p('other'), price: 1_000 }];
    await data.offers(p('north'), north.map((o, i) => (i === 0 ? { ...o, amount: 0, inStock: false } : o)));
    await data.offers(p('north'), north.map((o, i) => (i === 0 ? { ...o, amount: 0, inStock: false, published: false } : o)));
    expect(await periods()).toEqual([{ open: false }, { open: true }]);
    await data.offers(p('north'), north);
    expect(await periods()).toEqual([{ open: false }, { open: false }]);
    expect((await call<CompanyFigures>(Subjects.pharm.companyFigures, {})).stockOutsThisWeek).toBe(before.stockOutsThisWeek + 2);
  });

  it('products_view keeps the catalogue id and company an older event (without them) does not carry', async () => {
    const { id: _id, companySlug: _company, ...old } = { ...productEvent(p('c')), name: 'אקמה גמא', company: 'אקמה', id: ID.c, companySlug: ACME };
    expect(await data.applyProduct(old, false)).toBe('applied');
    const [row] = await data.db.select({ productId: productsView.productId, companySlug: productsView.companySlug }).from(productsView).where(eq(productsView.slug, p('c')));
    expect(row).toEqual({ productId: ID.c, companySlug: ACME });
    // Another company's product now: it leaves acme's market.
    await data.product('c', { id: ID.c, name: 'אקמה גמא', companySlug: BETA, company: 'בטא' });
    await expect(call<CompanyMarket>(Subjects.pharm.companyMarket, { productIds: [ID.c] })).resolves.toEqual({ products: [] });
    await data.product('c', { id: ID.c, name: 'אקמה גמא', companySlug: ACME, company: 'אקמה' });
  });

  describe('daily snapshots and the history', () => {
    const today = israelDay(new Date());

    it('the worker schedules the daily job (00:05 Israel time) and takes today’s snapshot at start when missing', async () => {
      await data.db.delete(stockDays).where(eq(stockDays.day, today));
      let worker: INestApplicationContext | undefined;
      try {
        worker = await createServiceContext({ ...pharmService, imports: [StockDaysWorkerModule] }, { ...PHARM_TEST_ENV, CONSUME_EVENTS: 'false' });
        const schedulers = await worker.get(StockDaysWorker).bull.getJobSchedulers();
        expect(schedulers).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'daily-snapshot', pattern: '5 0 * * *', tz: 'Asia/Jerusalem' })]));
        await waitFor('today’s snapshot', async () => (await data.db.select().from(stockDays).where(and(eq(stockDays.day, today), eq(stockDays.productSlug, p('a'))))).length === 1, { timeoutMs: 20_000 });
      } finally {
        await worker?.close();
      }
      const rows = await acmeOffers();
      const [a] = await data.db.select().from(stockDays).where(and(eq(stockDays.day, today), eq(stockDays.productSlug, p('a'))));
      const f = figuresOf(rows.filter((r) => r.product_slug === p('a')));
      expect(a).toEqual({
        productSlug: p('a'), day: today, pharmaciesInStock: f.pharmaciesInStock, pharmaciesOffering: f.pharmaciesOffering, units: f.units,
        lowest: f.lowestPrice, median: f.medianPrice, highest: f.highestPrice,
      });
    });

    it('the seed’s history: two years before today, around today’s figures; the company’s history sums its products', async () => {
      await app.get(StockDaysWriter).snapshot();
      await app.get(StockDaysWriter).seedHistory();
      const mine = await data.db.select().from(stockDays).where(inArray(stockDays.productSlug, [p('a'), p('b')]));
      expect(mine.filter((d) => d.productSlug === p('a'))).toHaveLength(730);
      const a = mine.filter((d) => d.productSlug === p('a') && d.day !== today);
      expect(a.every((d) => d.pharmaciesInStock <= d.pharmaciesOffering && d.median! >= 5_000 && d.median! <= 20_000)).toBe(true);
      const from = israelDay(new Date(Date.now() - 9 * 24 * HOUR));
      const one = await call<StockHistory>(Subjects.pharm.companyStockHistory, { from, to: today, productId: ID.a });
      expect(one.days).toHaveLength(10);
      const all = await call<StockHistory>(Subjects.pharm.companyStockHistory, { from, to: today });
      for (const day of all.days) {
        const of = mine.filter((d) => d.day === day.day);
        expect(day).toEqual({ day: day.day, pharmaciesInStock: of.reduce((n, d) => n + d.pharmaciesInStock, 0), units: of.reduce((n, d) => n + d.units, 0), medianPrice: median(of.map((d) => d.median!)) });
      }
      const prices = await call<PricesReportPage>(Subjects.pharm.pricesReport, { from: today, to: today, company: ACME }, admin());
      expect(prices.rows.map((r) => [r.productId, r.medianPrice])).toEqual([[ID.a, mine.find((d) => d.productSlug === p('a') && d.day === today)!.median], [ID.b, mine.find((d) => d.productSlug === p('b') && d.day === today)!.median]]);
      await expect(call(Subjects.pharm.companyStockHistory, { from, to: today, productId: ID.other })).rejects.toMatchObject({ status: 404, message: CompanyMessages.productNotOfCompany });
    });

    it('a period is from ≤ to, real days, at most COMPANY_HISTORY_MAX_DAYS long', async () => {
      const bad = [{ from: '2026-05-02', to: '2026-05-01' }, { from: '2026-02-30', to: '2026-03-01' }, { from: '2024-01-01', to: '2026-01-01' }, { from: 'x', to: '2026-01-01' }];
      for (const period of bad) {
        await expect(call(Subjects.pharm.companyStockHistory, period)).rejects.toMatchObject({ status: 400, message: CompanyMessages.invalidPeriod });
      }
      const longest = { from: '2024-01-01', to: israelDay(new Date(Date.parse('2024-01-01T00:00:00Z') + (COMPANY_HISTORY_MAX_DAYS - 1) * 24 * HOUR)) };
      await expect(call<StockHistory>(Subjects.pharm.companyStockHistory, longest)).resolves.toHaveProperty('days');
      await expect(call(Subjects.pharm.pricesReport, { from: '2026-05-02', to: '2026-05-01' }, admin())).rejects.toMatchObject({ status: 400, message: CompanyMessages.invalidPeriod });
    });
  });
});
