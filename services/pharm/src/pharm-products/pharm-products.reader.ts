import { Inject, Injectable } from '@nestjs/common';
import {
  GEO_SORTS, isOpenAt, LIST_SORTS, Messages, PER_PAGE, RELATED_SIZE,
  type ComparisonQuery, type GeoPoint, type PharmProduct, type PharmProductDetailResponse,
  type PharmProductListResponse,
} from '@mc/contracts';
import { badRequest, DATABASE, notFound, type Database } from '@mc/kit';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Clock } from '../common/clock';
import { cleanComparisonQuery, cleanId, cleanPharmProductListQuery, cleanSlug } from '../common/sanitize';
import { pharmProducts, productsView, type SlideQuery } from '../db/schema';
import { loadPharmRecordBySlug, loadPharmRecordsById } from '../pharms/pharm-records';
import { hasDelivery, kmFrom, toPharm, type PharmRecord } from '../pharms/pharm-view';
import { listOfferIds } from './offer-list';
import { toPharmProduct, type OfferRow, type ProductViewRow } from './offer-view';

const offerColumns = { offer: pharmProducts, product: productsView };
const visible = and(eq(pharmProducts.published, true), eq(productsView.deleted, false));

/** The storefront's reads of pharm products: one pharmacy's list and pages, the comparison and the discounts. */
@Injectable()
export class PharmProductsReader {
  constructor(@Inject(DATABASE) private readonly db: Database, @Inject(Clock) private readonly clock: Clock) {}

  async list(pharmSlug: unknown, rawQuery: unknown): Promise<PharmProductListResponse> {
    const pharm = await this.pharmOr404(pharmSlug);
    const query = cleanPharmProductListQuery(rawQuery, LIST_SORTS);
    const now = this.clock.now();
    const result = await listOfferIds(this.db, {
      pharmId: pharm.id, filters: query, sortBy: query.sortBy, page: query.page, perPage: PER_PAGE.pharmProducts,
      firstProduct: query.firstProduct, now,
    });
    return {
      pharmProducts: await this.offersById(result.ids, now, query.location),
      perPage: PER_PAGE.pharmProducts,
      total: result.total,
      currentPage: query.page,
      filtersData: result.filtersData,
    };
  }

  async discounts(rawQuery: unknown): Promise<PharmProductListResponse> {
    const query = cleanPharmProductListQuery(rawQuery, GEO_SORTS);
    const now = this.clock.now();
    const result = await listOfferIds(this.db, {
      discounted: true, filters: query, sortBy: query.sortBy, page: query.page, perPage: PER_PAGE.discounts,
      firstProduct: query.firstProduct, location: query.location, now,
    });
    return {
      pharmProducts: await this.offersById(result.ids, now, query.location),
      perPage: PER_PAGE.discounts,
      total: result.total,
      currentPage: query.page,
      filtersData: result.filtersData,
    };
  }

  /** One pharmacy's published offer, its variants (the product's family in the same pharmacy) and the product's tags. */
  async get(pharmSlug: unknown, rawId: unknown): Promise<PharmProductDetailResponse> {
    const { pharm, offer, product } = await this.offerOr404(pharmSlug, rawId);
    const now = this.clock.now();
    const shown = toPharm(pharm, now);
    let variants: PharmProduct[] = [];
    if (product.family) {
      const rows = await this.db
        .select(offerColumns)
        .from(pharmProducts)
        .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
        .where(and(visible, eq(pharmProducts.pharmId, pharm.id), eq(productsView.family, product.family), ne(pharmProducts.id, offer.id)))
        .orderBy(desc(pharmProducts.inStock), asc(pharmProducts.price), asc(pharmProducts.id));
      variants = rows.map((r) => toPharmProduct(r.offer, r.product, shown));
    }
    return { pharmProduct: toPharmProduct(offer, product, shown), pharmProductVariants: variants, shipments: [], tags: product.tags };
  }

  /**
   * Three other products of the same pharmacy: in stock first, then the same cannabis type, then the
   * closest T/C dosage (sum of the THC and CBD gaps), then the pharmacy's popular ones.
   */
  async related(pharmSlug: unknown, rawId: unknown): Promise<{ related: PharmProduct[] }> {
    const { pharm, offer, product } = await this.offerOr404(pharmSlug, rawId);
    const gap = product.thc !== null && product.cbd !== null
      ? sql`abs(coalesce(${productsView.thc}, 1000) - ${product.thc}) + abs(coalesce(${productsView.cbd}, 1000) - ${product.cbd})`
      : sql`0`;
    const rows = await this.db
      .select(offerColumns)
      .from(pharmProducts)
      .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(and(visible, eq(pharmProducts.pharmId, pharm.id), ne(pharmProducts.id, offer.id), ne(productsView.slug, product.slug)))
      .orderBy(
        desc(pharmProducts.inStock),
        sql`(${productsView.cannabisType} IS NOT DISTINCT FROM ${product.cannabisType}) DESC`,
        sql`${gap} ASC`,
        desc(pharmProducts.isPopular),
        asc(pharmProducts.price),
        asc(pharmProducts.id),
      )
      .limit(RELATED_SIZE);
    const shown = toPharm(pharm, this.clock.now());
    return { related: rows.map((r) => toPharmProduct(r.offer, r.product, shown)) };
  }

  /**
   * A product's published offers in every pharmacy (at most PER_PAGE.comparison). `isOpen`: pharmacies
   * open now; `hasDelivery`: pharmacies that deliver; sort `price` (in stock first, then cheaper) or
   * `nearby` (nearer first; without a location, as `price`); `isPromoted` puts promoted offers first.
   */
  async comparison(rawQuery: unknown): Promise<{ pharmProducts: PharmProduct[] }> {
    const query = cleanComparisonQuery(rawQuery);
    if (!query) throw notFound(Messages.productNotFound);
    const [product] = await this.db.select().from(productsView).where(and(eq(productsView.slug, query.slug), eq(productsView.deleted, false))).limit(1);
    if (!product) throw notFound(Messages.productNotFound);
    const offers = await this.db
      .select()
      .from(pharmProducts)
      .where(and(eq(pharmProducts.productSlug, product.slug), eq(pharmProducts.published, true)));
    const pharms = await loadPharmRecordsById(this.db, offers.map((o) => o.pharmId));
    const now = this.clock.now();
    return { pharmProducts: this.compare(offers, product, pharms, query, now) };
  }

  private compare(offers: OfferRow[], product: ProductViewRow, pharms: Map<number, PharmRecord>, query: ComparisonQuery, now: Date): PharmProduct[] {
    const rows = offers
      .map((offer) => ({ offer, pharm: pharms.get(offer.pharmId)! }))
      .filter(({ pharm }) => pharm && (!query.isOpen || isOpenAt(pharm.openingHours, now)) && (!query.hasDelivery || hasDelivery(pharm.shipping)))
      .map((row) => ({ ...row, km: kmFrom(row.pharm, query.location) }));
    const byDistance = query.sortBy === 'nearby' && query.location !== undefined;
    rows.sort((a, b) =>
      (query.isPromoted ? Number(b.offer.isPromoted) - Number(a.offer.isPromoted) : 0)
      || Number(b.offer.inStock) - Number(a.offer.inStock)
      || (byDistance ? a.km! - b.km! : 0)
      || a.offer.price - b.offer.price
      || a.offer.id - b.offer.id);
    return rows.slice(0, PER_PAGE.comparison).map(({ offer, pharm }) => toPharmProduct(offer, product, toPharm(pharm, now, query.location)));
  }

  /** The offers a slide shows: its chosen ids (in their order) or its query over the pharmacy's offers. */
  async slideOffers(pharm: PharmRecord, slide: { query: SlideQuery | null; pharmProductIds: number[] | null }, now: Date): Promise<PharmProduct[]> {
    if (slide.pharmProductIds?.length) {
      const offers = await this.offersById(slide.pharmProductIds, now);
      return offers.filter((o) => o.pharm.slug === pharm.slug && o.inStock);
    }
    const q = slide.query ?? {};
    const limit = Math.min(Math.max(Number.isInteger(q.limit) ? q.limit! : 8, 1), 24);
    const filters = cleanPharmProductListQuery({ cannabisTypes: q.cannabisTypes, sortBy: q.sortBy });
    const result = await listOfferIds(this.db, {
      pharmId: pharm.id, discounted: q.discounted === true, filters, sortBy: filters.sortBy, page: 1, perPage: limit, now,
    });
    return this.offersById(result.ids, now);
  }

  /** Full offers for ids, in the ids' order (missing, unpublished or deleted ones dropped). */
  async offersById(ids: number[], now: Date, location?: GeoPoint): Promise<PharmProduct[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select(offerColumns)
      .from(pharmProducts)
      .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(and(visible, inArray(pharmProducts.id, ids)));
    const pharms = await loadPharmRecordsById(this.db, rows.map((r) => r.offer.pharmId));
    const shown = new Map([...pharms].map(([id, record]) => [id, toPharm(record, now, location)]));
    const byId = new Map(rows.map((r) => [r.offer.id, toPharmProduct(r.offer, r.product, shown.get(r.offer.pharmId)!)]));
    return ids.map((id) => byId.get(id)).filter((o): o is PharmProduct => o !== undefined);
  }

  private async pharmOr404(rawSlug: unknown): Promise<PharmRecord> {
    const slug = cleanSlug(rawSlug);
    const pharm = slug ? await loadPharmRecordBySlug(this.db, slug) : undefined;
    if (!pharm) throw notFound(Messages.pharmNotFound);
    return pharm;
  }

  private async offerOr404(rawSlug: unknown, rawId: unknown): Promise<{ pharm: PharmRecord; offer: OfferRow; product: ProductViewRow }> {
    const id = cleanId(rawId);
    if (id === undefined) throw badRequest(Messages.invalidUrl);
    const pharm = await this.pharmOr404(rawSlug);
    const [row] = await this.db
      .select(offerColumns)
      .from(pharmProducts)
      .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(and(visible, eq(pharmProducts.id, id), eq(pharmProducts.pharmId, pharm.id)))
      .limit(1);
    if (!row) throw notFound(Messages.productNotFound);
    return { pharm, offer: row.offer, product: row.product };
  }
}

