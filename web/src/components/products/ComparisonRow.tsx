import type { ComparisonOffer, PharmProductProduct } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { he } from '../../i18n/he';
import { AddToCart } from '../../cart/AddToCart';
import { PharmLogo } from '../pharms/PharmLogo';
import { DiscountBadge, OfferFreshness, OfferPrice, UnitPrice } from './Price';

function deliveryText(shipping: ComparisonOffer['pharm']['shipping']): string {
  if (shipping === 'no-shipping') return he.comparison.pickupOnly;
  if (shipping === 'free' || shipping === 'free-all-country') return he.comparison.freeDelivery;
  return he.comparison.delivery;
}

/** One pharmacy's offer: logo and name, price (original struck through), stock, distance, open, delivery, its page, add to cart. */
export function ComparisonRow({ offer, product }: { offer: ComparisonOffer; product: PharmProductProduct }) {
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
        <DiscountBadge percent={offer.discountPercent} />
        <UnitPrice price={offer.totalPrice} product={product} />
      </div>
      <ul className="offer-facts">
        <li className={offer.inStock ? 'in-stock' : 'out-of-stock'}>
          {offer.inStock ? he.comparison.inStock : he.comparison.outOfStock}{' · '}
          <OfferFreshness confirmedAt={offer.confirmedAt} />
        </li>
        <li className={pharm.isOpen ? 'in-stock' : 'out-of-stock'}>{pharm.isOpen ? he.comparison.open : he.comparison.closed}</li>
        <li>{deliveryText(pharm.shipping)}</li>
        {pharm.distance != null && <li className="offer-distance">{he.comparison.distance(pharm.distance)}</li>}
      </ul>
      <Link
        className="button button-primary offer-action"
        to="/pharms/$pharmSlug/products/$pharmProductId"
        params={{ pharmSlug: pharm.slug, pharmProductId: String(offer.id) }}
      >
        {he.comparison.action}
        <span className="visually-hidden"> {pharm.name}</span>
      </Link>
      {/* The comparison lists published offers only. */}
      <AddToCart offer={{ pharmProductId: offer.id, inStock: offer.inStock, published: true, product, pharm }} />
    </article>
  );
}
