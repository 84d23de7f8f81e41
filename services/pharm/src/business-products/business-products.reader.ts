import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, BUSINESS_PAGE_SIZE, ISRAEL_TIME_ZONE, Messages, type BusinessItemRequest, type BusinessPageRequest,
  type BusinessPharmProduct, type BusinessPharmProductsPage, type BusinessProductInfo, type BusinessProductOptionsPage,
} from '@mc/contracts';
import { DATABASE, notFound, type Database } from '@mc/kit';
import { and, asc, count, eq, notExists, sql, type SQL } from 'drizzle-orm';
import { searchCondition } from '../common/search';
import { pharmProducts, productsView } from '../db/schema';
import { businessPharm, type BusinessPharm } from '../common/business-pharm';
import { realOriginal, type OfferRow } from '../offers/offer-view';

export const productColumns = {
  slug: productsView.slug,
  name: productsView.name,
  shortName: productsView.shortName,
  imageUrl: productsView.imageUrl,
  estimatedPrice: productsView.estimatedPrice,
  yarpaProductId: productsView.yarpaProductId,
  hebName: productsView.hebName,
  engName: productsView.engName,
  company: productsView.company,
  cannabisType: productsView.cannabisType,
  dosage: productsView.dosage,
};
interface ProductColumns {
  slug: string;
  name: string;
  shortName: string | null;
  imageUrl: string | null;
  estimatedPrice: number | null;
  yarpaProductId: string | null;
  hebName: string;
  engName: string;
  company: string | null;
  cannabisType: string | null;
  dosage: string | null;
}

function toBusinessProduct(p: ProductColumns): BusinessProductInfo {
  return {
    slug: p.slug,
    name: p.name,
    shortName: p.shortName,
    imageUrl: p.imageUrl,
    estimatedPrice: p.estimatedPrice === null ? null : agorotToShekels(p.estimatedPrice),
    yarpaProductId: p.yarpaProductId,
    info: { hebName: p.hebName, engName: p.engName, company: p.company, cannabisType: p.cannabisType, thccbdDosage: p.dosage },
  };
}

/** An offer whose product the catalogue has not told pharm about: only its slug is known. */
const unknownProduct = (slug: string): BusinessProductInfo => ({
  slug, name: slug, shortName: null, imageUrl: null, estimatedPrice: null, yarpaProductId: null,
  info: { hebName: slug, engName: slug, company: null, cannabisType: null, thccbdDosage: null },
});

const israelDate = new Intl.DateTimeFormat('en-CA', { timeZone: ISRAEL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** yyyy-MM-dd of an expiry, the day in Israel (a day stored as its UTC midnight, or as Israel's, reads as that day). */
const dayOf = (at: Date | null): string | null => (at ? israelDate.format(at) : null);

/** Spec §3 PharmProduct as the back office shows it: `price` 0 for a catalogue-priced offer, `totalPrice` what patients pay. */
export function toBusinessPharmProduct(offer: OfferRow, product: ProductColumns | null): BusinessPharmProduct {
  const original = realOriginal(offer);
  return {
    id: offer.id,
    product: product ? toBusinessProduct(product) : unknownProduct(offer.productSlug),
    price: offer.catalogPrice ? 0 : agorotToShekels(offer.price),
    totalPrice: agorotToShekels(offer.price),
    originalPrice: original === null ? null : agorotToShekels(original),
    inStock: offer.inStock,
    alwaysInStock: offer.alwaysInStock,
    amount: offer.amount ?? 0,
    expiresAt: dayOf(offer.expiresAt),
    published: offer.published,
    isNewByDefault: offer.isNew,
    isPopularByDefault: offer.isPopular,
    isYarpaLocked: offer.isYarpaLocked,
    bumpedAt: offer.bumpedAt ? offer.bumpedAt.toISOString() : null,
    confirmedAt: offer.confirmedAt.toISOString(),
  };
}

/**
 * The list's order (spec §2: grouped under T/C dosage headings): dosage groups with the stronger THC first (then less
 * CBD), products without a dosage last; within a group the last bumped first, then by name.
 */
const LIST_ORDER: SQL[] = [
  sql`${productsView.thc} DESC NULLS LAST`,
  sql`${productsView.cbd} ASC NULLS LAST`,
  sql`${pharmProducts.bumpedAt} DESC NULLS LAST`,
  sql`coalesce(${productsView.name}, ${pharmProducts.productSlug}) ASC`,
  asc(pharmProducts.id),
];

/** The back office's reads of one pharmacy's offers and of the catalogue it may add from. */
@Injectable()
export class BusinessProductsReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The pharmacy a request names (404 for a business that is not a pharmacy). */
  pharmOr404(businessId: string): Promise<BusinessPharm> {
    return businessPharm(this.db, businessId);
  }

  async list(request: BusinessPageRequest): Promise<BusinessPharmProductsPage> {
    const pharm = await this.pharmOr404(request.businessId);
    const page = request.page ?? 1;
    const perPage = BUSINESS_PAGE_SIZE.products;
    const where = and(eq(pharmProducts.pharmId, pharm.id), searchCondition(sql`${productsView.searchText}`, request.search));
    const [{ total }] = await this.db.select({ total: count() }).from(pharmProducts)
      .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug)).where(where);
    const rows = await this.db.select({ offer: pharmProducts, product: productColumns }).from(pharmProducts)
      .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { pharmProducts: rows.map((r) => toBusinessPharmProduct(r.offer, r.product)), total, perPage, currentPage: page };
  }

  async get(request: BusinessItemRequest): Promise<{ pharmProduct: BusinessPharmProduct }> {
    const pharm = await this.pharmOr404(request.businessId);
    return { pharmProduct: await this.offerOr404(pharm, request.id) };
  }

  /** Offers as the back office shows them, in the order of `ids` (after a write). */
  async offers(pharm: BusinessPharm, ids: number[]): Promise<BusinessPharmProduct[]> {
    if (!ids.length) return [];
    const rows = await this.db.select({ offer: pharmProducts, product: productColumns }).from(pharmProducts)
      .leftJoin(productsView, eq(productsView.slug, pharmProducts.productSlug))
      .where(and(eq(pharmProducts.pharmId, pharm.id), sql`${pharmProducts.id} = ANY(${sql.param(ids)}::int[])`));
    const byId = new Map(rows.map((r) => [r.offer.id, toBusinessPharmProduct(r.offer, r.product)]));
    return ids.map((id) => byId.get(id)).filter((o): o is BusinessPharmProduct => !!o);
  }

  async offerOr404(pharm: BusinessPharm, id: number): Promise<BusinessPharmProduct> {
    const [found] = await this.offers(pharm, [id]);
    if (!found) throw notFound(Messages.productNotFound);
    return found;
  }

  /** Spec §7 "product options for creation": catalogue products (not removed) this pharmacy does not offer yet, by name. */
  async options(request: BusinessPageRequest): Promise<BusinessProductOptionsPage> {
    const pharm = await this.pharmOr404(request.businessId);
    const page = request.page ?? 1;
    const perPage = BUSINESS_PAGE_SIZE.productOptions;
    const offered = this.db.select({ one: sql`1` }).from(pharmProducts)
      .where(and(eq(pharmProducts.pharmId, pharm.id), eq(pharmProducts.productSlug, productsView.slug)));
    const where = and(eq(productsView.deleted, false), notExists(offered), searchCondition(sql`${productsView.searchText}`, request.search));
    const [{ total }] = await this.db.select({ total: count() }).from(productsView).where(where);
    const rows = await this.db.select(productColumns).from(productsView).where(where)
      .orderBy(asc(productsView.name), asc(productsView.slug))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { products: rows.map(toBusinessProduct), total, perPage, currentPage: page };
  }
}
