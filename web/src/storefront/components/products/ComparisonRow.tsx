import { AlertMessages, discountPercent, type ComparisonOffer, type PharmProductProduct } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { he } from '../../../kit/i18n/he';
import { heAlerts } from '../../../kit/i18n/he-alerts';
import { AddToCart } from '../../../kit/cart/AddToCart';
import { openStateText } from '../../../kit/lib/pharm-format';
import { PharmLogo } from '../../../kit/ui/PharmLogo';
import { DiscountBadge, OfferFreshness, OfferPrice, Shekels, UnitPrice } from '../../../kit/ui/Price';
import './ComparisonRow.css';

function deliveryText(shipping: ComparisonOffer['pharm']['shipping']): string {
  if (shipping === 'no-shipping') return he.comparison.pickupOnly;
  if (shipping === 'free' || shipping === 'free-all-country') return he.comparison.freeDelivery;
  return he.comparison.delivery;
}

/**
 * Issue 31: the offer's price dropped within the last PRICE_DROP_MARK_DAYS days: 'המחיר ירד' with the price before
 * struck through, read as 'המחיר ירד מ-₪249'.
 */
export function PriceDropMark({ from, price }: { from: number | null | undefined; price: number }) {
  if (from == null || !(from > price)) return null;
  return (
    <span className="price-drop">
      <span className="price-drop-label">
        <span aria-hidden="true">↓ </span>
        {AlertMessages.priceDropped}
      </span>
      <s className="price-drop-was">
        <span className="visually-hidden">{heAlerts.droppedFrom}</span>
        <Shekels amount={from} />
      </s>
    </span>
  );
}

/**
 * One pharmacy's offer: logo and name, price (original struck through), distance when the position is known, open
 * or when it opens, stock, delivery; adding to the cart is the row's one primary action, its page a plain link after it.
 */
export function ComparisonRow({ offer, product, now = new Date() }: { offer: ComparisonOffer; product: PharmProductProduct; now?: Date }) {
  const { pharm } = offer;
  return (
    <article className="offer" aria-label={pharm.name}>
      <Link className="offer-pharm" to="/pharms/$pharmSlug" params={{ pharmSlug: pharm.slug }}>
        <PharmLogo url={pharm.logo_url} name={pharm.name} size={48} />
        <span className="offer-pharm-text">
          <span className="offer-pharm-name">{pharm.name}</span>
          <span className="offer-pharm-city">{pharm.city}</span>
        </span>
      </Link>
      <div className="offer-price-cell">
        <OfferPrice price={offer.totalPrice} original={offer.originalPrice} />
        <DiscountBadge percent={discountPercent(offer.totalPrice, offer.originalPrice)} />
        <PriceDropMark from={offer.priceDroppedFrom} price={offer.totalPrice} />
        <UnitPrice price={offer.totalPrice} product={product} />
      </div>
      <ul className="offer-facts">
        {pharm.distance != null && <li className="offer-distance">{he.comparison.distance(pharm.distance)}</li>}
        <li className={pharm.isOpen ? 'offer-open' : 'offer-closed'}>{openStateText(pharm, now)}</li>
        <li className="in-stock">
          {he.comparison.inStock}{' · '}
          <OfferFreshness confirmedAt={offer.confirmedAt} />
        </li>
        <li>{deliveryText(pharm.shipping)}</li>
      </ul>
      {/* The comparison lists published, in-stock offers only. */}
      <AddToCart offer={{ pharmProductId: offer.id, inStock: true, published: true, product, pharm }} />
      <Link className="offer-details" to="/pharms/$pharmSlug/products/$pharmProductId" params={{ pharmSlug: pharm.slug, pharmProductId: String(offer.id) }}>
        {he.comparison.action}
        <span className="visually-hidden"> {pharm.name}</span>
      </Link>
    </article>
  );
}
