import { OFFER_STALE_AFTER_MS, PRICE_DROP_MARK_DAYS, type PackSize, type PharmProductProduct, type Tag } from '@mc/contracts';
import type { PharmRecord } from '../common/pharm-view';

// The offer index's model (offer-index.ts holds and loads it): what an offer, its product and pharmacy are in memory,
// and what a shopper may see of them.

/** What the lists need of a product of `products_view`, its card prepared once. */
export interface ProductFacts {
  type: string;
  cannabisType: string | null;
  dosage: string | null;
  company: string | null;
  thc: number | null;
  cbd: number | null;
  family: string | null;
  isPopular: boolean;
  deleted: boolean;
  tags: Tag[];
  /** The pack, for the unit prices. */
  size: PackSize;
  summary: PharmProductProduct;
}

/** A product slug, shared by its offers; `facts` is null while `products_view` has no row for it. */
export interface ProductEntry {
  readonly slug: string;
  facts: ProductFacts | null;
  readonly offers: Set<Offer>;
}

/** A pharmacy, shared by its offers; `record` is null once its row is gone. */
export interface PharmEntry {
  readonly id: number;
  record: PharmRecord | null;
  readonly offers: Set<Offer>;
}

/** One row of `pharm_products`, compact: money in agorot, times as numbers, product and pharmacy by reference. */
export interface Offer {
  readonly id: number;
  readonly pharm: PharmEntry;
  readonly product: ProductEntry;
  readonly price: number;
  readonly originalPrice: number | null;
  /** Agorot per gram (`unitPrices`), or null when the pack's weight is unknown; kept current with the product's facts. */
  perGram: number | null;
  /** The pharmacy's flag: whether it is in stock for a shopper also depends on `confirmedAt` and `expiresAt` (see `inStockAt`). */
  readonly inStock: boolean;
  /** Epoch milliseconds: when the price and stock were last confirmed. */
  readonly confirmedAt: number;
  readonly published: boolean;
  readonly isPopular: boolean;
  readonly isNew: boolean;
  readonly isPromoted: boolean;
  /** Epoch milliseconds. */
  readonly expiresAt: number | null;
  /** Epoch microseconds (the column's precision: the "new" order and the freshness compare them exactly). */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The price before its last drop (agorot) and when it dropped (epoch milliseconds), or null (issue 31). */
  readonly priceBefore: number | null;
  readonly priceDroppedAt: number | null;
}

/** The price before a drop of the last PRICE_DROP_MARK_DAYS days at `nowMs`, while the price is still under it (agorot); else null. */
export const droppedFrom = (offer: Pick<Offer, 'price' | 'priceBefore' | 'priceDroppedAt'>, nowMs: number): number | null =>
  offer.priceBefore !== null && offer.priceDroppedAt !== null && offer.price < offer.priceBefore
    && nowMs - offer.priceDroppedAt <= PRICE_DROP_MARK_DAYS * 24 * 3600_000 ? offer.priceBefore : null;

/** What a shopper may see: a published offer of a product the catalogue still lists, in a pharmacy that exists. */
export const isVisible = (offer: Offer): boolean =>
  offer.published && offer.product.facts !== null && !offer.product.facts.deleted && offer.pharm.record !== null;

/** Published, in stock at `nowMs` (so not stale), of a listed product: the pharmacy "sells" it. */
export const isSellingAt = (offer: Offer, nowMs: number): boolean => inStockAt(offer, nowMs) && isVisible(offer);

/**
 * Whether a shopper is told the offer is in stock at `nowMs`: the pharmacy's flag, confirmed within the stale time and
 * not past its expiry date (the contracts' `isShownInStock`, on epoch milliseconds).
 */
export const inStockAt = (offer: Offer, nowMs: number): boolean =>
  offer.inStock && !isStaleAt(offer, nowMs) && (offer.expiresAt === null || offer.expiresAt > nowMs);

/** Not confirmed within `OFFER_STALE_AFTER_MS` at `nowMs` (the contracts' `isOfferStale`, on epoch milliseconds). */
const isStaleAt = (offer: Offer, nowMs: number): boolean => nowMs - offer.confirmedAt > OFFER_STALE_AFTER_MS;
