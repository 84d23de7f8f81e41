import { formatShekels, showDiscountBadge } from '@mc/contracts';
import { he } from '../../i18n/he';

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
