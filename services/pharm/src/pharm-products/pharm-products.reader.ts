import { Inject, Injectable } from '@nestjs/common';
import {
  comparePriceOrder, Messages, parsePharmProductListQuery, PER_PAGE, RELATED_SIZE,
  type ComparisonQuery, type ComparisonResponse, type GeoPoint, type Pharm, type PharmProductGetRequest, type PharmProductListQuery,
  type PharmProduct, type PharmProductDetailResponse, type PharmProductListResponse,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { pharmProducts, productsView, type SlideQuery } from '../db/schema';
import { PharmDirectory } from '../offers/pharm-directory';
import { hasDelivery, isOpenIn, kmFrom, momentOf, toPharm, type Moment, type PharmRecord } from '../common/pharm-view';
import { toComparison } from './comparison-view';
import { inStockAt, isVisible, type Offer, type ProductFacts } from '../offers/offer';
import { OfferIndex, type OfferState } from '../offers/offer-index';
import { listOffers } from './offer-list';
import { offerCardColumns, toPharmProduct, unknownProduct } from '../offers/offer-view';
import { topK } from './top-k';

/**
 * The storefront's reads of pharm products: one pharmacy's list and pages, the comparison and the discounts, from the
 * offer index; a write's answer reads the rows themselves (a cart's lines: cart-offers).
 */
@Injectable()
export class PharmProductsReader {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PharmDirectory) private readonly directory: PharmDirectory,
    @Inject(OfferIndex) private readonly index: OfferIndex,
  ) {}

  async list(query: PharmProductListQuery & { slug: string }): Promise<PharmProductListResponse> {
    const state = await this.index.current();
    const pharm = pharmOr404(state, query.slug);
    const now = this.clock.now();
    const result = listOffers(state.pharm(pharm.id).offers, {
      filters: query, searchSlugs: await this.index.searchSlugs(query.search), sortBy: query.sortBy, page: query.page,
      perPage: PER_PAGE.pharmProducts, firstProduct: query.firstProduct, now,
    });
    return {
      pharmProducts: shownOffers(result.offers, momentOf(now), query.location),
      perPage: PER_PAGE.pharmProducts,
      total: result.total,
      currentPage: query.page,
      filtersData: result.filtersData,
    };
  }

  /** Offers whose discount badge shows (round(100 × (1 − price ÷ original)) > 1), across every pharmacy; `nearby` needs a location. */
  async discounts(query: PharmProductListQuery): Promise<PharmProductListResponse> {
    const state = await this.index.current();
    const now = this.clock.now();
    const result = listOffers(state.discounted, {
      filters: query, searchSlugs: await this.index.searchSlugs(query.search), sortBy: query.sortBy, page: query.page,
      perPage: PER_PAGE.discounts, firstProduct: query.firstProduct, location: query.location, now,
    });
    return {
      pharmProducts: shownOffers(result.offers, momentOf(now), query.location),
      perPage: PER_PAGE.discounts,
      total: result.total,
      currentPage: query.page,
      filtersData: result.filtersData,
    };
  }

  /**
   * One pharmacy's published offer, its variants (offers of the same product family in that pharmacy, in stock
   * first, then the cheaper) and the product's tags. Shipments are shipping-quote's; the gateway adds them.
   */
  async get(request: PharmProductGetRequest): Promise<Omit<PharmProductDetailResponse, 'shipments'>> {
    const { offer, facts } = offerOr404(await this.index.current(), request.slug, request.id);
    const now = this.clock.now();
    const nowMs = now.getTime();
    const shown = new ShownPharms(momentOf(now));
    const family = facts.family;
    const variants = family === null ? [] : [...offer.pharm.offers]
      .filter((o) => o !== offer && isVisible(o) && o.product.facts!.family === family)
      .sort((a, b) => +inStockAt(b, nowMs) - +inStockAt(a, nowMs) || a.price - b.price || a.id - b.id);
    return { pharmProduct: shown.offer(offer), pharmProductVariants: variants.map((o) => shown.offer(o)), tags: facts.tags };
  }

  /**
   * Three other products of the same pharmacy, the ones a patient would take instead: in stock first,
   * then the same cannabis type, then the closest T/C dosage (sum of the THC and CBD gaps, an unknown one
   * counting as 1000), then the pharmacy's popular ones, then the cheaper.
   */
  async related(request: PharmProductGetRequest): Promise<{ related: PharmProduct[] }> {
    const { offer, facts } = offerOr404(await this.index.current(), request.slug, request.id);
    const now = this.clock.now();
    const nowMs = now.getTime();
    const { thc, cbd, cannabisType } = facts;
    const gap = (other: ProductFacts) => (thc !== null && cbd !== null ? Math.abs((other.thc ?? 1000) - thc) + Math.abs((other.cbd ?? 1000) - cbd) : 0);
    const candidates = [...offer.pharm.offers].filter((o) => o !== offer && isVisible(o))
      .map((o) => ({ offer: o, inStock: inStockAt(o, nowMs), sameType: o.product.facts!.cannabisType === cannabisType, gap: gap(o.product.facts!) }));
    const closest = topK(candidates, RELATED_SIZE, (a, b) => +b.inStock - +a.inStock || +b.sameType - +a.sameType
      || a.gap - b.gap || +b.offer.isPopular - +a.offer.isPopular || a.offer.price - b.offer.price || a.offer.id - b.offer.id);
    return { related: shownOffers(closest.map((c) => c.offer), momentOf(now)) };
  }

  /**
   * Where a product can be bought: its published, in-stock offers in every pharmacy (at most
   * PER_PAGE.comparison; none means the page's "no pharmacy has it in stock"). Filters: `isOpen` (open
   * now in Israel), `hasDelivery` (the pharmacy delivers), `isPromoted` (offers the pharmacy promotes).
   * Order: `price` (cheaper first) or `nearby` (nearer first, then cheaper; without a location, as `price`).
   */
  async comparison(query: ComparisonQuery): Promise<ComparisonResponse> {
    const product = (await this.index.current()).products.get(query.slug);
    if (!product?.facts || product.facts.deleted) throw notFound(Messages.productNotFound);
    const moment = momentOf(this.clock.now());
    return toComparison(product.facts.summary, compare(product.offers, query, moment), moment, query.location);
  }

  /** The offers a slide shows: its chosen ids (in their order) or its query over the pharmacy's offers; in stock only. */
  async slideOffers(pharm: PharmRecord, slide: { query: SlideQuery | null; pharmProductIds: number[] | null }, now: Date): Promise<PharmProduct[]> {
    const state = await this.index.current();
    const offers = state.pharm(pharm.id).offers;
    if (slide.pharmProductIds?.length) {
      const chosen = slide.pharmProductIds.map((id) => state.offers.get(id))
        .filter((o): o is Offer => o !== undefined && offers.has(o) && inStockAt(o, now.getTime()) && isVisible(o));
      return shownOffers(chosen, momentOf(now));
    }
    const q = slide.query ?? {};
    const limit = Math.min(Math.max(Number.isInteger(q.limit) ? q.limit! : 8, 1), 24);
    const filters = parsePharmProductListQuery({ cannabisTypes: q.cannabisTypes, sortBy: q.sortBy });
    const scope = q.discounted === true ? [...offers].filter((o) => state.discounted.has(o)) : offers;
    const result = listOffers(scope, { filters, sortBy: filters.sortBy, page: 1, perPage: limit, now });
    return shownOffers(result.offers, momentOf(now));
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
    const now = this.clock.now();
    return toPharmProduct(row.offer, row.product ?? unknownProduct(row.offer.productSlug), toPharm(pharm, momentOf(now)), now);
  }

}

function pharmOr404(state: OfferState, slug: string): PharmRecord {
  const pharm = state.directory.bySlug.get(slug);
  if (!pharm) throw notFound(Messages.pharmNotFound);
  return pharm;
}

/** An unknown pharmacy, or an offer not shown in it, is a 404 (an id that cannot be one is the DTO's 400 'כתובת לא תקינה'). */
function offerOr404(state: OfferState, slug: string, id: number): { offer: Offer; facts: ProductFacts } {
  const pharm = pharmOr404(state, slug);
  const offer = state.offers.get(id);
  if (!offer || offer.pharm.id !== pharm.id || !isVisible(offer)) throw notFound(Messages.productNotFound);
  return { offer, facts: offer.product.facts! };
}

/** Each pharmacy shown once per answer (its hours read at one moment, its distance from one location). */
class ShownPharms {
  private readonly shown = new Map<number, Pharm>();

  constructor(private readonly moment: Moment, private readonly location?: GeoPoint) {}

  /** A visible offer as the storefront shows it. */
  offer(offer: Offer): PharmProduct {
    const record = offer.pharm.record!;
    let pharm = this.shown.get(record.id);
    if (!pharm) {
      pharm = toPharm(record, this.moment, this.location);
      this.shown.set(record.id, pharm);
    }
    return toPharmProduct(offer, offer.product.facts!.summary, pharm, this.moment.at);
  }
}

function shownOffers(offers: Offer[], moment: Moment, location?: GeoPoint): PharmProduct[] {
  const shown = new ShownPharms(moment, location);
  return offers.map((o) => shown.offer(o));
}

/**
 * The comparison's rows: a product's published, in-stock (and so not stale) offers passing the query's filters, in its
 * order (nearer first when asked with a location, then the price order, then the id), at most a page.
 */
function compare(offers: Iterable<Offer>, query: ComparisonQuery, moment: Moment): Offer[] {
  const nowMs = moment.at.getTime();
  const rows = [...offers]
    .filter((offer) => inStockAt(offer, nowMs) && isVisible(offer))
    .map((offer) => ({ offer, pharm: offer.pharm.record! }))
    .filter(({ offer, pharm }) => (!query.isOpen || isOpenIn(pharm, moment))
      && (!query.hasDelivery || hasDelivery(pharm.shipping))
      && (!query.isPromoted || offer.isPromoted))
    .map((row) => ({ ...row, km: kmFrom(row.pharm, query.location) }));
  const byDistance = query.sortBy === 'nearby' && query.location !== undefined;
  rows.sort((a, b) =>
    (byDistance ? a.km! - b.km! : 0)
    || comparePriceOrder(a.offer, b.offer)
    || a.offer.id - b.offer.id);
  return rows.slice(0, PER_PAGE.comparison).map((r) => r.offer);
}
