import { toInternationalPhone, type Pharm, type PharmProduct, type Product } from '@mc/contracts';
import { hePharms } from '../i18n/he-pharms';

/** A JSON-LD document (schema.org vocabulary). */
export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Spec 9: structured-data images are the 128 px thumbnail. */
const IMAGE_SIZE = '128';

/** The absolute URL of a picture's 128 px square thumbnail through `/thumbs`. */
function thumbnailUrl(origin: string, url: string): string {
  const query = new URLSearchParams({ url, width: IMAGE_SIZE, height: IMAGE_SIZE, fit: 'crop' });
  return `${origin}/thumbs?${query.toString()}`;
}

const days = (min: number, max: number) => ({ '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitCode: 'DAY' });

/** Spec 9: handled in 1–2 days, delivered in 1–3 days, within Israel. */
const SHIPPING_DETAILS = {
  '@type': 'OfferShippingDetails',
  shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IL' },
  deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: days(1, 2), transitTime: days(1, 3) },
};

/** Spec 9: no returns permitted. */
const RETURN_POLICY = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: 'IL',
  returnPolicyCategory: `${SCHEMA}/MerchantReturnNotPermitted`,
};

/**
 * The offers across pharmacies: lowest and highest price over those in stock (over all when none is),
 * their count, and availability. Undefined without any offer, so no price is made up.
 */
export function aggregateOffer(offers: readonly Pick<PharmProduct, 'totalPrice' | 'inStock'>[]): JsonLd | undefined {
  if (offers.length === 0) return undefined;
  const inStock = offers.filter((offer) => offer.inStock);
  const priced = inStock.length ? inStock : offers;
  const prices = priced.map((offer) => offer.totalPrice);
  return {
    '@type': 'AggregateOffer',
    priceCurrency: 'ILS',
    lowPrice: Math.min(...prices),
    highPrice: Math.max(...prices),
    offerCount: priced.length,
    availability: `${SCHEMA}/${inStock.length ? 'InStock' : 'OutOfStock'}`,
    shippingDetails: SHIPPING_DETAILS,
    hasMerchantReturnPolicy: RETURN_POLICY,
  };
}

/** schema.org Product for a product page, with the comparison's offers (no rating: there are no real ones). */
export function productJsonLd(origin: string, product: Product, offers: readonly Pick<PharmProduct, 'totalPrice' | 'inStock'>[]): JsonLd {
  const offer = aggregateOffer(offers);
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.info.hebName || product.name,
    url: `${origin}/products/${encodeURIComponent(product.slug)}`,
    ...(product.imageUrl ? { image: thumbnailUrl(origin, product.imageUrl) } : {}),
    ...(product.info.company ? { brand: { '@type': 'Brand', name: product.info.company } } : {}),
    ...(offer ? { offers: offer } : {}),
  };
}

/** HH:mm of an `HH:mm` or `HH:mm:ss` time. */
const hhmm = (time: string) => time.slice(0, 5);

/** One specification per weekday slot; weekday 0 is Sunday. */
export function openingHoursSpecification(hours: Pharm['openingHours']): JsonLd[] {
  return WEEKDAYS.flatMap((day, index) =>
    (hours[String(index)] ?? []).map((slot) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `${SCHEMA}/${day}`,
      opens: hhmm(slot.opensAt),
      closes: hhmm(slot.closesAt),
    })),
  );
}

/** Spec 2.5: a pharmacy page's description: the pharmacy's own SEO description, or one built from its name and city. */
export const pharmDescription = (pharm: Pick<Pharm, 'name' | 'city' | 'seoDescription'>): string =>
  pharm.seoDescription?.trim() || hePharms.pageDescription(pharm.name, pharm.city);

/** schema.org Pharmacy for a pharmacy page. */
export function pharmJsonLd(origin: string, pharm: Pharm): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'Pharmacy',
    name: pharm.name,
    description: pharmDescription(pharm),
    url: `${origin}/pharms/${encodeURIComponent(pharm.slug)}`,
    ...(pharm.logo_url ? { image: thumbnailUrl(origin, pharm.logo_url) } : {}),
    ...(pharm.phoneNumber ? { telephone: toInternationalPhone(pharm.phoneNumber) } : {}),
    address: { '@type': 'PostalAddress', streetAddress: pharm.address, addressLocality: pharm.city, addressCountry: 'IL' },
    geo: { '@type': 'GeoCoordinates', latitude: pharm.lat, longitude: pharm.lng },
    openingHoursSpecification: openingHoursSpecification(pharm.openingHours),
  };
}

/** JSON for an inline script: `<` is escaped so no string can close the script element. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
