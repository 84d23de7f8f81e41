import {
  formatOfferFreshness, formatPer100mgThc, formatPerGram, formatShekels, OFFER_UNCONFIRMED_LABEL, shekelsToAgorot, showDiscountBadge, unitPrices,
  type PackSize,
} from '@mc/contracts';
import { he } from '../i18n/he';

/** A shekel amount, isolated so the sign and digits keep their order in Hebrew text. */
export function Shekels({ amount }: { amount: number }) {
  return <bdi className="shekels">{formatShekels(amount)}</bdi>;
}

/** A discount badge; shown only when the discount is above 1 percent (spec 9). */
export function DiscountBadge({ percent }: { percent: number }) {
  if (!showDiscountBadge(percent)) return null;
  return <span className="badge badge-discount">{he.lists.discount(percent)}</span>;
}

/** The price a pharmacy asks, with the original struck through when it is discounted. */
export function OfferPrice({ price, original }: { price: number; original: number | null }) {
  return (
    <span className="offer-price">
      <span className="offer-price-now">
        <span className="visually-hidden">{he.lists.price} </span>
        <Shekels amount={price} />
      </span>
      {original != null && original > price && (
        <s className="offer-price-was">
          <span className="visually-hidden">{he.lists.originalPrice} </span>
          <Shekels amount={original} />
        </s>
      )}
    </span>
  );
}

/** A product as the unit prices need it: its pack and its T/C dosage (a catalogue product or an offer's product). */
type PricedProduct = PackSize & { info: { thccbdDosage: string | null } };

/**
 * The quiet line under a price: '₪14.20 לגרם · ₪7.10 ל־100 מ״ג THC' (the contracts' rule), the THC part only with a
 * THC dosage; nothing when the pack is not weighed in grams (an oil in millilitres).
 */
export function UnitPrice({ price, product }: { price: number; product: PricedProduct }) {
  const { perGram, per100mgThc } = unitPrices(shekelsToAgorot(price), product, product.info.thccbdDosage);
  if (perGram === null) return null;
  return (
    <span className="unit-price">
      <bdi>{formatPerGram(perGram)}</bdi>
      {per100mgThc !== null && (
        <>
          {' · '}
          <bdi>{formatPer100mgThc(per100mgThc)}</bdi>
        </>
      )}
    </span>
  );
}

/**
 * When the offer's price and stock were last confirmed: 'עודכן לפני 12 דקות', or 'לא אושר לאחרונה' once stale (as
 * the service judged it, `stale`, or by this clock). The server's render and the browser's may be a minute apart.
 */
export function OfferFreshness({ confirmedAt, stale = false, now = new Date() }: { confirmedAt: number; stale?: boolean; now?: Date }) {
  const text = stale ? OFFER_UNCONFIRMED_LABEL : formatOfferFreshness(confirmedAt, now);
  return (
    <span className={`offer-freshness${text === OFFER_UNCONFIRMED_LABEL ? ' is-stale' : ''}`} suppressHydrationWarning>
      {text}
    </span>
  );
}
