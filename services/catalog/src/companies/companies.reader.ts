import { Inject, Injectable } from '@nestjs/common';
import {
  COMPANY_HISTORY_MAX_DAYS, COMPANY_PAGE_SIZE, CompanyMessages, ErrorCodes, ISRAEL_TIME_ZONE, Messages, parseMembershipClaim, searchForms, type Company,
  type CompanyListPage, type CompanyListRequest, type CompanyPageRequest, type CompanyPeriodRequest, type CompanyProduct, type CompanyProductsPage,
  type ProductSupply, type SupplyEditsPage,
} from '@mc/contracts';
import { badRequest, DATABASE, notFound, serviceError, type Caller, type Database } from '@mc/kit';
import { sql, type SQL } from 'drizzle-orm';
import { searchMatch } from '../common/search';
import { daysCounted, isCalendarDay } from './calendar';

type CompanyRow = {
  slug: string;
  name: string;
  logo_url: string | null;
  licence_number: string | null;
  products_count: number;
};

const COMPANY_COLUMNS = sql`c.slug, c.name, c.logo_url, c.licence_number,
  (SELECT count(*)::int FROM catalog.products p WHERE p.company_slug = c.slug) AS products_count`;

const toCompany = (r: CompanyRow): Company => ({
  slug: r.slug, name: r.name, logoUrl: r.logo_url, licenceNumber: r.licence_number, productsCount: r.products_count,
});

const toSupply = (r: { state: ProductSupply['state']; until: string | null; units: number | null; updated_at: string | Date }): ProductSupply => ({
  state: r.state, until: r.until, units: r.units, updatedAt: new Date(r.updated_at).toISOString(),
});

/** A term's match over a search document, or TRUE without one. */
const matching = (column: SQL, search: string | undefined): SQL => {
  const forms = searchForms(search);
  return forms ? searchMatch(column, forms) : sql`TRUE`;
};

/** The catalogue's reads of companies, their products and their supply reports. */
@Injectable()
export class CompaniesReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The caller's companies: a manager's `company:` memberships, every company for an admin (a patient has none: 403);
   * `search` over name and slug; by name.
   */
  async list(caller: Caller, request: CompanyListRequest): Promise<CompanyListPage> {
    if (caller.role === 'user') throw serviceError(403, ErrorCodes.forbidden, Messages.unauthorized);
    const page = request.page ?? 1;
    const perPage = COMPANY_PAGE_SIZE.companies;
    const mine = caller.role === 'admin' ? undefined
      : caller.businesses.map(parseMembershipClaim).filter((m) => m?.kind === 'company').map((m) => m!.slug);
    const where = sql`${mine ? sql`c.slug = ANY(${sql.param(mine)}::text[])` : sql`TRUE`} AND ${matching(sql`c.search_text`, request.search)}`;
    const [{ rows: [{ total }] }, { rows }] = await Promise.all([
      this.db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM catalog.companies c WHERE ${where}`),
      this.db.execute<CompanyRow>(sql`SELECT ${COMPANY_COLUMNS} FROM catalog.companies c WHERE ${where}
        ORDER BY c.name, c.slug LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`),
    ]);
    return { companies: rows.map(toCompany), total, perPage, currentPage: page };
  }

  /** The company of `slug`; 404 when there is none. */
  async companyOr404(slug: string): Promise<Company> {
    const { rows } = await this.db.execute<CompanyRow>(sql`SELECT ${COMPANY_COLUMNS} FROM catalog.companies c WHERE c.slug = ${slug}`);
    if (!rows.length) throw notFound(CompanyMessages.companyNotFound);
    return toCompany(rows[0]);
  }

  /** A page of the company's products by name (`search` over their names), each with the company's own report. */
  async products(request: CompanyPageRequest): Promise<CompanyProductsPage> {
    await this.companyOr404(request.slug);
    const page = request.page ?? 1;
    const perPage = COMPANY_PAGE_SIZE.stock;
    const where = sql`p.company_slug = ${request.slug} AND ${matching(sql`p.search_text`, request.search)}`;
    const [{ rows: [{ total }] }, { rows }] = await Promise.all([
      this.db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM catalog.products p WHERE ${where}`),
      this.db.execute<{ id: number; slug: string; name: string; image_url: string | null; dosage: string | null; yarpa_product_id: string | null; supply: Parameters<typeof toSupply>[0] | null }>(sql`
        SELECT p.id, p.slug, p.name, p.image_url, p.thc_cbd_dosage AS dosage, p.yarpa_product_id,
          (SELECT json_build_object('state', ps.state, 'until', ps.until, 'units', ps.units, 'updated_at', ps.updated_at)
            FROM catalog.product_supply ps WHERE ps.product_id = p.id) AS supply
        FROM catalog.products p WHERE ${where}
        ORDER BY p.name, p.id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`),
    ]);
    const products: CompanyProduct[] = rows.map((r) => ({
      id: r.id, slug: r.slug, name: r.name, imageUrl: r.image_url, thccbdDosage: r.dosage, yarpaProductId: r.yarpa_product_id,
      supply: r.supply && toSupply(r.supply),
    }));
    return { products, total, perPage, currentPage: page };
  }

  /**
   * The company's supply reports made within the days `from`…`to` (Israel's calendar, at most
   * `COMPANY_HISTORY_MAX_DAYS`), of one of its products or of all, newest first.
   */
  async supplyEdits(request: CompanyPeriodRequest): Promise<SupplyEditsPage> {
    const { from, to } = request;
    if (!isCalendarDay(from) || !isCalendarDay(to) || from > to || daysCounted(from, to) > COMPANY_HISTORY_MAX_DAYS) {
      throw badRequest(CompanyMessages.invalidPeriod);
    }
    await this.companyOr404(request.slug);
    if (request.productId !== undefined) {
      const { rows } = await this.db.execute(sql`SELECT 1 FROM catalog.products WHERE id = ${request.productId} AND company_slug = ${request.slug}`);
      if (!rows.length) throw notFound(CompanyMessages.productNotOfCompany);
    }
    const page = request.page ?? 1;
    const perPage = COMPANY_PAGE_SIZE.supplyEdits;
    const where = sql`e.company_slug = ${request.slug}
      AND e.edited_at >= (${from}::date::timestamp AT TIME ZONE ${ISRAEL_TIME_ZONE})
      AND e.edited_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${ISRAEL_TIME_ZONE})
      ${request.productId === undefined ? sql`` : sql`AND e.product_id = ${request.productId}`}`;
    const [{ rows: [{ total }] }, { rows }] = await Promise.all([
      this.db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM catalog.supply_edits e WHERE ${where}`),
      this.db.execute<{ product_id: number; product_name: string; state: ProductSupply['state']; until: string | null; units: number | null; edited_at: string | Date }>(sql`
        SELECT e.product_id, p.name AS product_name, e.state, e.until::text AS until, e.units, e.edited_at
        FROM catalog.supply_edits e JOIN catalog.products p ON p.id = e.product_id WHERE ${where}
        ORDER BY e.edited_at DESC, e.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`),
    ]);
    return {
      edits: rows.map((r) => ({
        productId: r.product_id, productName: r.product_name, state: r.state, until: r.until, units: r.units, editedAt: new Date(r.edited_at).toISOString(),
      })),
      total,
      perPage,
      currentPage: page,
    };
  }
}
