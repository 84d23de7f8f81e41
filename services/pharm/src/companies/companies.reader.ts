import { Inject, Injectable } from '@nestjs/common';
import {
  COMPANY_HISTORY_MAX_DAYS, COMPANY_PAGE_SIZE, CompanyMessages, ErrorCodes, OFFER_STALE_AFTER_MS,
  type CompanyFigures, type CompanyMarket, type CompanyMarketRequest, type CompanyOfferRef, type CompanyPeriodRequest,
  type CompanyReportRequest, type CompanyRequest, type PricesReportPage, type PricesReportRequest, type ProductMarket,
  type StockHistory, type StockReportPage,
} from '@mc/contracts';
import { badRequest, Clock, DATABASE, notFound, SERVICE_ENV, serviceError, type Database } from '@mc/kit';
import { inArray, sql } from 'drizzle-orm';
import { pharmacies } from '../db/schema';
import type { PharmEnv } from '../config';
import { searchCondition } from '../common/search';
import { inStockSql, marketColumnsSql, toMarketFigures, type MarketRow } from './market-sql';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The company's products pharm knows (by the catalogue's id), not removed from the catalogue. */
const companyProducts = (slug: string) => sql`pv.company_slug = ${slug} AND NOT pv.deleted AND pv.product_id IS NOT NULL`;

/** A period of whole days (YYYY-MM-DD, both ends included), or 400 `invalidPeriod`. */
export function periodOf(from: string, to: string): { from: string; to: string; days: number } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const real = (text: string, at: number) => Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === text;
  if (!real(from, start) || !real(to, end) || start > end) throw badRequest(CompanyMessages.invalidPeriod);
  const days = Math.round((end - start) / DAY_MS) + 1;
  if (days > COMPANY_HISTORY_MAX_DAYS) throw badRequest(CompanyMessages.invalidPeriod);
  return { from, to, days };
}

type ReportRaw = {
  product_id: number;
  product_name: string;
  pharm_slug: string;
  pharm_name: string;
  city: string;
  district: string;
  in_stock: boolean;
  amount: number | null;
  price: number;
  out_since: string | null;
};

/** The company screens' reads of the market (issue 29): offers of the company's products at the pharmacies. */
@Injectable()
export class CompaniesReader {
  private readonly reportCompanies: Set<string>;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_ENV) env: PharmEnv,
  ) {
    this.reportCompanies = new Set(env.STOCK_REPORT_COMPANIES.split(',').map((s) => s.trim()).filter(Boolean));
  }

  reportEnabled(slug: string): boolean {
    return this.reportCompanies.has(slug);
  }

  /**
   * Pharm knows a company only by its products, so a company with none (or a slug that is none: catalog, which owns the
   * companies, answers 404 for it) has empty figures, lists and history here.
   *
   * One statement over the company's published offers (`pharm_products_market_idx` covers them); the stock-outs of the
   * week are those of these offers.
   */
  async figures({ slug }: CompanyRequest): Promise<CompanyFigures> {
    const now = this.clock.now();
    type Ref = { price: number; product_id: number; product_name: string; pharm_id: number };
    const { rows: [r] } = await this.db.execute<{
      pharmacies_stocking: number; stock_outs: number; cheapest: Ref | null; dearest: Ref | null;
      products: { product_id: number; product_name: string; n: number }[] | null;
    }>(sql`
      WITH o AS MATERIALIZED (
        SELECT pp.id, pp.pharm_id, pp.price, pv.product_id, pv.name AS product_name, ${inStockSql(now)} AS in_stock
        FROM pharm.products_view pv JOIN pharm.pharm_products pp ON pp.product_slug = pv.slug AND pp.published
        WHERE ${companyProducts(slug)}
      )
      SELECT
        (SELECT count(*) FROM (SELECT DISTINCT pharm_id FROM o WHERE in_stock) s)::int AS pharmacies_stocking,
        (SELECT count(*) FROM o JOIN pharm.stock_outs so ON so.pharm_product_id = o.id
          AND so.started_at > ${new Date(now.getTime() - WEEK_MS).toISOString()}::timestamptz)::int AS stock_outs,
        (SELECT row_to_json(c) FROM (SELECT price, product_id, product_name, pharm_id FROM o WHERE in_stock ORDER BY price, id LIMIT 1) c) AS cheapest,
        (SELECT row_to_json(c) FROM (SELECT price, product_id, product_name, pharm_id FROM o WHERE in_stock ORDER BY price DESC, id LIMIT 1) c) AS dearest,
        (SELECT json_agg(x ORDER BY x.n DESC, x.product_name, x.product_id) FROM (
          SELECT product_id, product_name, (count(*) FILTER (WHERE in_stock))::int AS n FROM o GROUP BY product_id, product_name) x) AS products`);
    const pharmIds = [r.cheapest, r.dearest].filter((x): x is Ref => !!x).map((x) => x.pharm_id);
    const pharms = new Map(pharmIds.length ? (await this.db.select({ id: pharmacies.id, slug: pharmacies.slug, name: pharmacies.name, city: pharmacies.city })
      .from(pharmacies).where(inArray(pharmacies.id, pharmIds))).map((p) => [p.id, p]) : []);
    const offerRef = (x: Ref | null): CompanyOfferRef | null => {
      const pharm = x && pharms.get(x.pharm_id);
      return x && pharm ? { price: x.price, productId: x.product_id, productName: x.product_name, pharmSlug: pharm.slug, pharmName: pharm.name, city: pharm.city } : null;
    };
    const products = (r.products ?? []).map((p) => ({ productId: p.product_id, productName: p.product_name, pharmaciesInStock: p.n }));
    return {
      productsStocked: products.filter((p) => p.pharmaciesInStock > 0).length,
      pharmaciesStocking: r.pharmacies_stocking,
      stockOutsThisWeek: r.stock_outs,
      cheapest: offerRef(r.cheapest),
      dearest: offerRef(r.dearest),
      products,
      features: { stockHistory: true, stockOuts: true, stockReport: this.reportEnabled(slug) },
    };
  }

  /** Each given product of the company (others are ignored), in the order given, with its market in all and by district. */
  async market({ slug, productIds }: CompanyMarketRequest): Promise<CompanyMarket> {
    const ids = [...new Set(productIds)];
    if (!ids.length) return { products: [] };
    const inStock = inStockSql(this.clock.now());
    const { rows: known } = await this.db.execute<{ product_id: number }>(sql`SELECT pv.product_id FROM pharm.products_view pv
      WHERE ${companyProducts(slug)} AND pv.product_id = ANY(${sql.param(ids)}::int[])`);
    const { rows } = await this.db.execute<MarketRow & { product_id: number; district: string | null }>(sql`
      SELECT pv.product_id, ph.district, ${marketColumnsSql(inStock)}
      FROM pharm.products_view pv JOIN pharm.pharm_products pp ON pp.product_slug = pv.slug AND pp.published
        JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id
      WHERE ${companyProducts(slug)} AND pv.product_id = ANY(${sql.param(ids)}::int[])
      GROUP BY GROUPING SETS ((pv.product_id), (pv.product_id, ph.district))
      ORDER BY pv.product_id, ph.district NULLS FIRST`);
    const byProduct = new Map<number, ProductMarket>();
    for (const { product_id: id } of known) byProduct.set(id, { productId: id, ...toMarketFigures(EMPTY), districts: [] });
    for (const r of rows) {
      const market = byProduct.get(r.product_id)!;
      if (r.district === null) Object.assign(market, toMarketFigures(r));
      else market.districts.push({ district: r.district, ...toMarketFigures(r) });
    }
    return { products: ids.map((id) => byProduct.get(id)).filter((m): m is ProductMarket => !!m) };
  }

  /**
   * The daily snapshots over the period: of one product of the company, or of all its products summed. The company's
   * median price of a day is the median of its products' medians (the offers' prices themselves are not kept per day).
   */
  async stockHistory(request: CompanyPeriodRequest): Promise<StockHistory> {
    const period = periodOf(request.from, request.to);
    let products = companyProducts(request.slug);
    if (request.productId !== undefined) {
      const { rows } = await this.db.execute(sql`SELECT 1 FROM pharm.products_view pv WHERE ${products} AND pv.product_id = ${request.productId}`);
      if (!rows.length) throw notFound(CompanyMessages.productNotOfCompany);
      products = sql`${products} AND pv.product_id = ${request.productId}`;
    }
    const { rows } = await this.db.execute<{ day: string; in_stock: number; units: number; median: number | null }>(sql`
      SELECT d.day::text AS day, sum(d.pharmacies_in_stock)::int AS in_stock, sum(d.units)::int AS units,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY d.median))::int AS median
      FROM pharm.products_view pv JOIN pharm.stock_days d ON d.product_slug = pv.slug
      WHERE ${products} AND d.day BETWEEN ${period.from}::date AND ${period.to}::date
      GROUP BY d.day ORDER BY d.day`);
    return { days: rows.map((r) => ({ day: r.day, pharmaciesInStock: r.in_stock, units: r.units, medianPrice: r.median })) };
  }

  /** Every published offer of the company's products (403 `reportNotEnabled` for a company without the report). */
  async stockReport(request: CompanyReportRequest): Promise<StockReportPage> {
    if (!this.reportEnabled(request.slug)) throw serviceError(403, ErrorCodes.forbidden, CompanyMessages.reportNotEnabled);
    return this.report(request, false, COMPANY_PAGE_SIZE.report);
  }

  /** The published offers of the company's products that are out of stock now. */
  async stockOuts(request: CompanyReportRequest): Promise<StockReportPage> {
    return this.report(request, true, COMPANY_PAGE_SIZE.stockOuts);
  }

  /**
   * One statement over the company's offers (`pharm_products_market_idx` covers them): the pharmacies and the products
   * are ranked once (by district, city, name; by name), so the page sorts integers, not the text of every offer.
   */
  private async report(request: CompanyReportRequest, outOnly: boolean, screenSize: number): Promise<StockReportPage> {
    const now = this.clock.now();
    const inStock = inStockSql(now);
    const page = request.page ?? 1;
    const perPage = request.download ? COMPANY_PAGE_SIZE.download : screenSize;
    // The term matches a product (its names) or a pharmacy (name, city, address): judged once per product and per pharmacy.
    const productHit = searchCondition(sql`pv.search_text`, request.search) ?? sql`true`;
    const pharmHit = searchCondition(sql`search_text`, request.search) ?? sql`true`;
    const staleAt = sql`pp.confirmed_at + ${`${OFFER_STALE_AFTER_MS} milliseconds`}::interval`;
    const nowAt = sql`${now.toISOString()}::timestamptz`;
    const { rows: [result] } = await this.db.execute<{ districts: { district: string; offers: number; in_stock: number }[] | null; rows: ReportRaw[] | null }>(sql`
      WITH p AS MATERIALIZED (
        SELECT pv.slug, pv.product_id, pv.name, ${productHit} AS hit, row_number() OVER (ORDER BY pv.name, pv.product_id)::int AS rank
        FROM pharm.products_view pv WHERE ${companyProducts(request.slug)}
      ), ph AS MATERIALIZED (
        SELECT id, slug, name, city, district, ${pharmHit} AS hit, row_number() OVER (ORDER BY district, city, name, id)::int AS rank FROM pharm.pharmacies
      ), o AS MATERIALIZED (
        SELECT pp.id, p.rank AS product_rank, ph.rank AS pharm_rank, ph.district, ${inStock} AS in_stock
        FROM p JOIN pharm.pharm_products pp ON pp.product_slug = p.slug AND pp.published JOIN ph ON ph.id = pp.pharm_id
        WHERE (p.hit OR ph.hit) ${outOnly ? sql`AND NOT ${inStock}` : sql``}
      ), page AS (
        SELECT * FROM o ORDER BY pharm_rank, product_rank, id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}
      )
      SELECT
        (SELECT json_agg(d ORDER BY d.district) FROM (SELECT district, count(*)::int AS offers, count(*) FILTER (WHERE in_stock)::int AS in_stock FROM o GROUP BY district) d) AS districts,
        (SELECT json_agg(r ORDER BY r.pharm_rank, r.product_rank, r.id) FROM (
          SELECT page.id, page.pharm_rank, page.product_rank, p.product_id, p.name AS product_name, ph.slug AS pharm_slug, ph.name AS pharm_name, ph.city, ph.district,
            page.in_stock, pp.amount, pp.price,
            CASE WHEN NOT page.in_stock THEN coalesce(
              (SELECT so.started_at FROM pharm.stock_outs so WHERE so.pharm_product_id = pp.id AND so.ended_at IS NULL),
              -- In stock by its flag, out to shoppers: since it went stale or reached its expiry date, whichever came first.
              CASE WHEN pp.in_stock THEN least(CASE WHEN ${staleAt} < ${nowAt} THEN ${staleAt} END, CASE WHEN pp.expires_at <= ${nowAt} THEN pp.expires_at END) END) END AS out_since
          FROM page JOIN pharm.pharm_products pp ON pp.id = page.id JOIN p ON p.slug = pp.product_slug JOIN ph ON ph.id = pp.pharm_id
        ) r) AS rows`);
    const districts = result.districts ?? [];
    return {
      rows: (result.rows ?? []).map((r) => ({
        productId: r.product_id, productName: r.product_name, pharmSlug: r.pharm_slug, pharmName: r.pharm_name, city: r.city, district: r.district,
        inStock: r.in_stock, amount: r.amount, price: r.price, outSince: r.out_since ? new Date(r.out_since).toISOString() : null,
      })),
      districts: districts.map((d) => ({ district: d.district, offers: d.offers, inStock: d.in_stock })),
      total: districts.reduce((n, d) => n + d.offers, 0),
      perPage,
      currentPage: page,
    };
  }

  /** The admin's prices report: each product's day of the snapshots in the period, by product name then day. */
  async pricesReport(request: PricesReportRequest): Promise<PricesReportPage> {
    const period = periodOf(request.from, request.to);
    const page = request.page ?? 1;
    const perPage = request.download ? COMPANY_PAGE_SIZE.download : COMPANY_PAGE_SIZE.pricesReport;
    const where = sql`pv.product_id IS NOT NULL AND d.day BETWEEN ${period.from}::date AND ${period.to}::date
      ${request.company ? sql`AND pv.company_slug = ${request.company}` : sql``}`;
    const from = sql`pharm.stock_days d JOIN pharm.products_view pv ON pv.slug = d.product_slug`;
    const [{ n }] = (await this.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`)).rows;
    const { rows } = await this.db.execute<{ day: string; product_id: number; product_name: string; company: string | null } & Pick<MarketRow, 'pharmacies_in_stock' | 'lowest' | 'median' | 'highest'>>(sql`
      SELECT d.day::text AS day, pv.product_id, pv.name AS product_name, pv.company, d.pharmacies_in_stock, d.lowest, d.median, d.highest
      FROM ${from} WHERE ${where}
      ORDER BY pv.name, pv.product_id, d.day
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`);
    return {
      rows: rows.map((r) => ({
        day: r.day, productId: r.product_id, productName: r.product_name, company: r.company,
        pharmaciesInStock: r.pharmacies_in_stock, lowestPrice: r.lowest, medianPrice: r.median, highestPrice: r.highest,
      })),
      total: n,
      perPage,
      currentPage: page,
    };
  }
}

const EMPTY: MarketRow = { pharmacies_in_stock: 0, pharmacies_offering: 0, units: 0, lowest: null, median: null, highest: null };
