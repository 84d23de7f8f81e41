import { agorotToShekels, discountPercent, type Pharm, type PharmProduct, type PharmProductProduct } from '@mc/contracts';
import type { pharmProducts, productsView } from '../db/schema';

export type OfferRow = typeof pharmProducts.$inferSelect;
export type ProductViewRow = typeof productsView.$inferSelect;

export function toProductSummary(product: ProductViewRow): PharmProductProduct {
  return {
    slug: product.slug,
    name: product.name,
    shortName: product.shortName,
    type: product.type,
    imageUrl: product.imageUrl,
    info: {
      hebName: product.hebName,
      engName: product.engName,
      company: product.company,
      cannabisType: product.cannabisType,
      thccbdDosage: product.dosage,
    },
  };
}

/** An offer as the storefront shows it: shekels, the original price only when it is higher, the contracts' percent rule. */
export function toPharmProduct(offer: OfferRow, product: ProductViewRow, pharm: Pharm): PharmProduct {
  const original = offer.originalPrice !== null && offer.originalPrice > offer.price ? offer.originalPrice : null;
  return {
    id: offer.id,
    pharmProductId: offer.id,
    totalPrice: agorotToShekels(offer.price),
    originalPrice: original === null ? null : agorotToShekels(original),
    discountPercent: discountPercent(offer.price, original),
    inStock: offer.inStock,
    published: offer.published,
    expiresAt: offer.expiresAt ? offer.expiresAt.toISOString() : null,
    isPopular: offer.isPopular,
    isNew: offer.isNew,
    product: toProductSummary(product),
    pharm,
  };
}
