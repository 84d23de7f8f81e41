import { agorotToShekels, ISRAEL_TIME_ZONE, type BusinessPharmProduct } from '@mc/contracts';
import { productsView } from '../db/schema';
import { realOriginal, unknownProduct, type OfferRow } from '../pharm-products/offer-view';

/** The product columns a back-office row shows. */
export const businessProductColumns = {
  slug: productsView.slug,
  name: productsView.name,
  shortName: productsView.shortName,
  imageUrl: productsView.imageUrl,
  estimatedPrice: productsView.estimatedPrice,
  hebName: productsView.hebName,
  engName: productsView.engName,
  company: productsView.company,
  cannabisType: productsView.cannabisType,
  dosage: productsView.dosage,
};
export type BusinessProductRow = { [K in keyof typeof businessProductColumns]: (typeof businessProductColumns)[K]['_']['data'] | null };

const israelDate = new Intl.DateTimeFormat('en-CA', { timeZone: ISRAEL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** An offer as the back office shows it (spec §3 PharmProduct, shekels); `product` null when catalogue never told pharm of it. */
export function toBusinessPharmProduct(offer: OfferRow, product: BusinessProductRow | null): BusinessPharmProduct {
  const original = realOriginal(offer);
  const fallback = unknownProduct(offer.productSlug);
  return {
    id: offer.id,
    product: product?.slug
      ? {
        slug: product.slug,
        name: product.name ?? product.slug,
        shortName: product.shortName,
        imageUrl: product.imageUrl,
        estimatedPrice: product.estimatedPrice === null ? null : agorotToShekels(product.estimatedPrice),
        info: {
          hebName: product.hebName ?? product.slug,
          engName: product.engName ?? product.slug,
          company: product.company,
          cannabisType: product.cannabisType,
          thccbdDosage: product.dosage,
        },
      }
      : { slug: fallback.slug, name: fallback.name, shortName: null, imageUrl: null, estimatedPrice: null, info: fallback.info },
    price: offer.catalogPrice ? 0 : agorotToShekels(offer.price),
    totalPrice: agorotToShekels(offer.price),
    originalPrice: original === null ? null : agorotToShekels(original),
    inStock: offer.inStock,
    alwaysInStock: offer.alwaysInStock,
    amount: offer.amount ?? 0,
    expiresAt: offer.expiresAt ? israelDate.format(offer.expiresAt) : null,
    published: offer.published,
    isNewByDefault: offer.isNew,
    isPopularByDefault: offer.isPopular,
    isYarpaLocked: offer.isYarpaLocked,
    bumpedAt: offer.bumpedAt ? offer.bumpedAt.toISOString() : null,
  };
}
