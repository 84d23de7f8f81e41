import type { ComparisonPharm, ComparisonResponse, GeoPoint } from '@mc/contracts';
import { toPharm, type Moment, type PharmRecord } from '../pharms/pharm-view';
import { toProductSummary, toShownPrice, type OfferRow, type ProductSummaryRow } from './offer-view';

/** An offer the comparison selected, with its pharmacy. */
export interface ComparedOffer {
  offer: OfferRow;
  pharm: PharmRecord;
}

/** A pharmacy as a comparison row draws it: open at `moment`, its distance from `location` when given. */
export function toComparisonPharm(record: PharmRecord, moment: Moment, location?: GeoPoint): ComparisonPharm {
  const { slug, name, city, logo_url, isOpen, shipping, distance } = toPharm(record, moment, location);
  return { slug, name, city, logo_url, isOpen, shipping, distance };
}

/**
 * The comparison's answer for the offers it selected, in their order: the product once, each offer with what its
 * row draws of its pharmacy (not the whole pharmacy: 100 offers stay under 40 kB).
 */
export function toComparison(product: ProductSummaryRow, selected: ComparedOffer[], moment: Moment, location?: GeoPoint): ComparisonResponse {
  return {
    product: toProductSummary(product),
    offers: selected.map(({ offer, pharm }) => ({
      id: offer.id,
      ...toShownPrice(offer),
      inStock: offer.inStock,
      pharm: toComparisonPharm(pharm, moment, location),
    })),
  };
}
