import { agorotToShekels, type ComparisonPharm, type ComparisonResponse, type GeoPoint, type PharmProductProduct } from '@mc/contracts';
import { toPharm, type Moment, type PharmRecord } from '../common/pharm-view';
import { droppedFrom, type Offer } from '../offers/offer';
import { toShownPrice } from '../offers/offer-view';

/** A pharmacy as a comparison row draws it: open at `moment` (or when it next opens), its distance from `location` when given. */
function toComparisonPharm(record: PharmRecord, moment: Moment, location?: GeoPoint): ComparisonPharm {
  const { slug, name, city, logo_url, isOpen, nextOpening, shipping, distance } = toPharm(record, moment, location);
  return { slug, name, city, logo_url, isOpen, nextOpening, shipping, distance };
}

/**
 * The comparison's answer for the offers it selected (visible, in-stock ones, with their pharmacies), in their order: the
 * product once, each offer with what its row draws of its pharmacy (not the whole pharmacy: 100 offers stay under 40 kB).
 */
export function toComparison(product: PharmProductProduct, selected: Offer[], moment: Moment, location?: GeoPoint): ComparisonResponse {
  return {
    product,
    offers: selected.map((offer) => {
      const { totalPrice, originalPrice } = toShownPrice(offer);
      const before = droppedFrom(offer, moment.at.getTime());
      return {
        id: offer.id,
        totalPrice,
        originalPrice,
        confirmedAt: offer.confirmedAt,
        ...(before === null ? {} : { priceDroppedFrom: agorotToShekels(before) }),
        pharm: toComparisonPharm(offer.pharm.record!, moment, location),
      };
    }),
  };
}
