import { Inject, Injectable } from '@nestjs/common';
import {
  Messages, parsePharmProductListQuery, PER_PAGE, RELATED_SIZE,
  type CartItemDto, type ComparisonQuery, type ComparisonResponse, type GeoPoint, type PharmProductGetRequest, type PharmProductListQuery, type ResolvedCart,
  type PharmProduct, type PharmProductDetailResponse, type PharmProductListResponse,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { pharmProducts, productsView, type SlideQuery } from '../db/schema';
import { PharmDirectory } from '../pharms/pharm-directory';
import { hasDelivery, isOpenIn, kmFrom, momentOf, toPharm, type Moment, type PharmRecord } from '../pharms/pharm-view';
import { toComparison, type ComparedOffer } from './comparison-view';
import { listOfferIds } from './offer-list';
import { productSummaryColumns, toPharmProduct, unknownProduct, type OfferRow, type ProductViewRow } from './offer-view';

const offerColumns = { offer: pharmProducts, product: productsView };
const offerCardColumns = { offer: pharmProducts, product: productSummaryColumns };
/** What a shopper may see: published offers of products the catalogue still lists. */
const visible = and(eq(pharmProducts.published, true), eq(productsView.deleted, false));

/** The storefront's reads of pharm products: one pharmacy's list and pages, the comparison and the discounts. */
@Injectable()
export class PharmProductsReader {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PharmDirectory) private readonly directory: PharmDirectory,
  ) {}

  async list(query: PharmProductListQuery & { slug: string }): Promise<PharmProductListResponse> {
    const pharm = await this.pharmOr404(query.slug);
    const now = this.clock.now();
    const result = await listOfferIds(this.db, {
      pharmId: pharm.id, filters: query, sortBy: query.sortBy, page: query.page, perPage: PER_PAGE.pharmProducts,
      firstProduct: query.firstProduct, now,
    });
    return {
      pharmProducts: await this.offersById(result.ids, momentOf(now), query.location),
      perPage: PER_PAGE.pharmProducts,
      total: result.total,
      currentPage: query.page,
      filtersData: result.filtersData,
    };
  }

  /** Offers whose discount badge shows (round(100 × (1 − price ÷ original)) > 1), across every pharmacy; `nearby` needs a location. */
  async discounts(query: PharmProductListQuery): Promise<PharmProductListResponse> {
    const now = this.clock.now();
    const result = await listOfferIds(this.db, {
      discounted: true, filters: query, sortBy: query.sortBy, page: query.page, perPage: PER_PAGE.discounts,
      firstProduct: query.firstProduct, location: query.location, now,
    });
    return {
      pharmProducts: await this.offersById(result.ids, momentOf(now), query.location),
      perPage: PER_PAGE.discounts,
      total: result.total,
      currentPage: query.page,
      filtersData: result.filtersData,
    };
  }

  /**
   * One pharmacy's published offer, its variants (offers of the same product family in that pharmacy)
   * and the product's tags. Shipments are shipping-quote's; the gateway adds them.
   */
  async get(request: PharmProductGetRequest): Promise<Omit<PharmProductDetailResponse, 'shipments'>> {
    const { pharm, offer, product } = await this.offerOr404(request.slug, request.id);
    const shown = toPharm(pharm, momentOf(this.clock.now()));
    let variants: PharmProduct[] = [];
    if (product.family) {
      const rows = await this.db
        .select(offerCardColumns)
        .from(pharmProducts)
        .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
        .where(and(visible, eq(pharmProducts.pharmId, pharm.id), eq(productsView.family, product.family), ne(pharmProducts.id, offer.id)))
        .orderBy(desc(pharmProducts.inStock), asc(pharmProducts.price), asc(pharmProducts.id));
      variants = rows.map((r) => toPharmProduct(r.offer, r.product, shown));
    }
    return { pharmProduct: toPharmProduct(offer, product, shown), pharmProductVariants: variants, tags: product.tags };
  }

  /**
   * Three other products of the same pharmacy, the ones a patient would take instead: in stock first,
   * then the same cannabis type, then the closest T/C dosage (sum of the THC and CBD gaps), then the
   * pharmacy's popular ones, then the cheaper.
   */
  async related(request: PharmProductGetRequest): Promise<{ related: PharmProduct[] }> {
    const { pharm, offer, product } = await this.offerOr404(request.slug, request.id);
    const gap = product.thc !== null && product.cbd !== null
      ? sql`abs(coalesce(${productsView.thc}, 1000) - ${product.thc}) + abs(coalesce(${productsView.cbd}, 1000) - ${product.cbd})`
      : sql`0`;
    const rows = await this.db
      .select(offerCardColumns)
      .from(pharmProducts)
      .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(and(visible, eq(pharmProducts.pharmId, pharm.id), ne(pharmProducts.id, offer.id)))
      .orderBy(
        desc(pharmProducts.inStock),
        sql`(${productsView.cannabisType} IS NOT DISTINCT FROM ${product.cannabisType}) DESC`,
        sql`${gap} ASC`,
        desc(pharmProducts.isPopular),
        asc(pharmProducts.price),
        asc(pharmProducts.id),
      )
      .limit(RELATED_SIZE);
    const shown = toPharm(pharm, momentOf(this.clock.now()));
    return { related: rows.map((r) => toPharmProduct(r.offer, r.product, shown)) };
  }

  /**
   * Where a product can be bought: its published, in-stock offers in every pharmacy (at most
   * PER_PAGE.comparison; none means the page's "no pharmacy has it in stock"). Filters: `isOpen` (open
   * now in Israel), `hasDelivery` (the pharmacy delivers), `isPromoted` (offers the pharmacy promotes).
   * Order: `price` (cheaper first) or `nearby` (nearer first, then cheaper; without a location, as `price`).
   */
  async comparison(query: ComparisonQuery): Promise<ComparisonResponse> {
    const [product] = await this.db.select().from(productsView)
      .where(and(eq(productsView.slug, query.slug), eq(productsView.deleted, false))).limit(1);
    if (!product) throw notFound(Messages.productNotFound);
    const offers = await this.db.select().from(pharmProducts)
      .where(and(eq(pharmProducts.productSlug, product.slug), eq(pharmProducts.published, true), eq(pharmProducts.inStock, true)));
    const { byId } = await this.directory.snapshot();
    const moment = momentOf(this.clock.now());
    return toComparison(product, compare(offers, byId, query, moment), moment, query.location);
  }

  /** The offers a slide shows: its chosen ids (in their order) or its query over the pharmacy's offers; in stock only. */
  async slideOffers(pharm: PharmRecord, slide: { query: SlideQuery | null; pharmProductIds: number[] | null }, now: Date): Promise<PharmProduct[]> {
    if (slide.pharmProductIds?.length) {
      const offers = await this.offersById(slide.pharmProductIds, momentOf(now));
      return offers.filter((o) => o.pharm.slug === pharm.slug && o.inStock);
    }
    const q = slide.query ?? {};
    const limit = Math.min(Math.max(Number.isInteger(q.limit) ? q.limit! : 8, 1), 24);
    const filters = parsePharmProductListQuery({ cannabisTypes: q.cannabisTypes, sortBy: q.sortBy });
    const result = await listOfferIds(this.db, {
      pharmId: pharm.id, discounted: q.discounted === true, filters, sortBy: filters.sortBy, page: 1, perPage: limit, now,
    });
    return this.offersById(result.ids, momentOf(now));
  }

  /** One offer as the storefront shows it, whatever its state (the answer of a write). */
  async shownOffer(id: number): Promise<PharmProduct | undefined> {
    const [row] = await this.db
      .select(offerCardColumns)
      .from(pharmProducts)
      .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(eq(pharmProducts.id, id))
      .limit(1);
    const pharm = row && (await this.directory.snapshot()).byId.get(row.offer.pharmId);
    if (!row || !pharm) return undefined;
    return toPharmProduct(row.offer, row.product ?? unknownProduct(row.offer.productSlug), toPharm(pharm, momentOf(this.clock.now())));
  }

  /**
   * A cart's lines with their offers as shown now, unpublished and out-of-stock ones included (the cart
   * tells the shopper to remove them); an offer whose product, pharmacy or row is gone resolves to null.
   */
  async resolveCart(items: CartItemDto[]): Promise<ResolvedCart> {
    const ids = items.map((item) => item.pharmProductId);
    const [rows, { byId: pharms }] = await Promise.all([
      ids.length
        ? this.db
          .select(offerCardColumns)
          .from(pharmProducts)
          .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
          .where(and(eq(productsView.deleted, false), sql`${pharmProducts.id} = ANY(${sql.param(ids)})`))
        : [],
      this.directory.snapshot(),
    ]);
    const moment = momentOf(this.clock.now());
    const offers = new Map(rows.filter((r) => pharms.has(r.offer.pharmId)).map((r) => [r.offer.id, r]));
    return {
      items: items.map(({ pharmProductId, amount }) => {
        const row = offers.get(pharmProductId);
        const pharmProduct = row ? toPharmProduct(row.offer, row.product, toPharm(pharms.get(row.offer.pharmId)!, moment)) : null;
        return { pharmProductId, amount, pharmProduct };
      }),
    };
  }

  /** Full offers for ids, in the ids' order (missing, unpublished or deleted ones dropped). */
  async offersById(ids: number[], moment: Moment, location?: GeoPoint): Promise<PharmProduct[]> {
    if (!ids.length) return [];
    const [rows, { byId: pharms }] = await Promise.all([
      this.db
        .select(offerCardColumns)
        .from(pharmProducts)
        .innerJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
        .where(and(visible, sql`${pharmProducts.id} = ANY(${sql.param(ids)})`)),
      this.directory.snapshot(),
    ]);
    const shown = new Map<number, ReturnType<typeof toPharm>>();
    const pharmOf = (id: number) => {
      if (!shown.has(id)) shown.set(id, toPharm(pharms.get(id)!, moment, location));
      return shown.get(id)!;
    };
    const byId = new Map(rows.filter((r) => pharms.has(r.offer.pharmId)).map((r) => [r.offer.id, toPharmProduct(r.offer, r.product, pharmOf(r.offer.pharmId))]));
    return ids.map((id) => byId.get(id)).filter((o): o is PharmProduct => o !== undefined);
  }

  private async pharmOr404(slug: string): Promise<PharmRecord> {
    const pharm = await this.directory.bySlug(slug);
    if (!pharm) throw notFound(Messages.pharmNotFound);
    return pharm;
  }

  /** An unknown pharmacy, or an offer not shown in it, is a 404 (an id that cannot be one is the DTO's 400 'כתובת לא תקינה'). */
  private async offerOr404(slug: string, id: number): Promise<{ pharm: PharmRecord; offer: OfferRow; product: ProductViewRow }> {
    const pharm = await this.pharmOr404(slug);
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

/** The offers the comparison shows, in its order, with their pharmacies. */
function compare(offers: OfferRow[], pharms: Map<number, PharmRecord>, query: ComparisonQuery, moment: Moment): ComparedOffer[] {
  const rows = offers
    .map((offer) => ({ offer, pharm: pharms.get(offer.pharmId) }))
    .filter((row): row is ComparedOffer => row.pharm !== undefined)
    .filter(({ offer, pharm }) => (!query.isOpen || isOpenIn(pharm, moment))
      && (!query.hasDelivery || hasDelivery(pharm.shipping))
      && (!query.isPromoted || offer.isPromoted))
    .map((row) => ({ ...row, km: kmFrom(row.pharm, query.location) }));
  const byDistance = query.sortBy === 'nearby' && query.location !== undefined;
  rows.sort((a, b) =>
    (byDistance ? a.km! - b.km! : 0)
    || a.offer.price - b.offer.price
    || a.offer.id - b.offer.id);
  return rows.slice(0, PER_PAGE.comparison);
}
