import { agorotToShekels, discountPercent, isOfferStale, isShownInStock, type OfferSnapshot, type Pharm, type PharmProduct, type PharmProductProduct } from '@mc/contracts';
import { pharmProducts, productsView } from '../db/schema';

export type OfferRow = typeof pharmProducts.$inferSelect;
type ProductViewRow = typeof productsView.$inferSelect;

/** The product columns an offer card shows (not the search text or tags): lists select only these. */
export const productSummaryColumns = {
  slug: productsView.slug,
  name: productsView.name,
  shortName: productsView.shortName,
  type: productsView.type,
  imageUrl: productsView.imageUrl,
  hebName: productsView.hebName,
  engName: productsView.engName,
  company: productsView.company,
  cannabisType: productsView.cannabisType,
  dosage: productsView.dosage,
  sizeQuantity: productsView.sizeQuantity,
  sizeUnit: productsView.sizeUnit,
};
/** An offer with its card's product columns, as read from the rows. */
export const offerCardColumns = { offer: pharmProducts, product: productSummaryColumns };

export type ProductSummaryRow = Pick<ProductViewRow, keyof typeof productSummaryColumns>;

/** The original price only when it is above the price: anything else is no discount. */
export const realOriginal = (offer: Pick<OfferRow, 'price' | 'originalPrice'>): number | null =>
  offer.originalPrice !== null && offer.originalPrice > offer.price ? offer.originalPrice : null;

export function toProductSummary(product: ProductSummaryRow): PharmProductProduct {
  return {
    slug: product.slug,
    name: product.name,
    shortName: product.shortName,
    type: product.type,
    imageUrl: product.imageUrl,
    sizeQuantity: product.sizeQuantity,
    sizeUnit: product.sizeUnit,
    info: {
      hebName: product.hebName,
      engName: product.engName,
      company: product.company,
      cannabisType: product.cannabisType,
      thccbdDosage: product.dosage,
    },
  };
}

/** A product catalogue has not told pharm about (yet): only its slug is known. */
export const unknownProduct = (slug: string): PharmProductProduct => ({
  slug, name: slug, shortName: null, type: 'flower', imageUrl: null, sizeQuantity: null, sizeUnit: null,
  info: { hebName: slug, engName: slug, company: null, cannabisType: null, thccbdDosage: null },
});

/** What a card shows of an offer: a row's fields, or the offer index's (its times in epoch milliseconds). */
export type ShownOfferFields = Pick<OfferRow, 'id' | 'price' | 'originalPrice' | 'inStock' | 'published' | 'isPopular' | 'isNew'>
  & { expiresAt: Date | number | null; confirmedAt: Date | number };

/**
 * An offer's stock and freshness as a shopper is told them at `now` (the contracts' rules): stale once not confirmed
 * within the stale time, and never in stock when stale or past its expiry date.
 */
function toShownStock(offer: { inStock: boolean; confirmedAt: Date | number; expiresAt: Date | number | null }, now: Date): Pick<PharmProduct, 'inStock' | 'confirmedAt' | 'stale'> {
  return { inStock: isShownInStock(offer, now), confirmedAt: new Date(offer.confirmedAt).getTime(), stale: isOfferStale(offer.confirmedAt, now) };
}

/** An offer's price as every answer shows it: shekels, the original price only when it is higher, the contracts' percent rule. */
export function toShownPrice(offer: Pick<OfferRow, 'price' | 'originalPrice'>): Pick<PharmProduct, 'totalPrice' | 'originalPrice' | 'discountPercent'> {
  const original = realOriginal(offer);
  return {
    totalPrice: agorotToShekels(offer.price),
    originalPrice: original === null ? null : agorotToShekels(original),
    discountPercent: discountPercent(offer.price, original),
  };
}

/** An offer as the storefront shows it, with its product and pharmacy. */
export function toPharmProduct(offer: ShownOfferFields, product: ProductSummaryRow | PharmProductProduct, pharm: Pharm, now: Date): PharmProduct {
  return {
    id: offer.id,
    pharmProductId: offer.id,
    ...toShownPrice(offer),
    ...toShownStock(offer, now),
    published: offer.published,
    expiresAt: offer.expiresAt === null ? null : new Date(offer.expiresAt).toISOString(),
    isPopular: offer.isPopular,
    isNew: offer.isNew,
    product: 'info' in product ? product : toProductSummary(product),
    pharm,
  };
}

/** An offer as catalog copies it (`evt.pharm.offers.changed`): money in agorot. */
export function toSnapshot(offer: OfferRow, pharmSlug: string, now: Date, deleted = false): OfferSnapshot {
  return {
    pharmProductId: offer.id,
    productSlug: offer.productSlug,
    pharmSlug,
    price: offer.price,
    originalPrice: realOriginal(offer),
    // What shoppers are told at `now`: a stale or expired offer is out of stock (the sweep tells catalog when one lapses).
    inStock: isShownInStock(offer, now),
    published: offer.published,
    expiresAt: offer.expiresAt ? offer.expiresAt.toISOString() : null,
    deleted,
  };
}
