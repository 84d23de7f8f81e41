import type { PharmProduct } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { cannabisTypeLabels, he } from '../../../kit/i18n/he';
import { AddToCart } from '../../../kit/cart/AddToCart';
import { ProductImage } from '../../../kit/ui/ProductImage';
import { DiscountBadge, OfferFreshness, OfferPrice, UnitPrice } from '../../../kit/ui/Price';
import './products.css';

/** A product at one pharmacy (the discounts list): image, name, dosage, price with the discount, pharmacy, distance, add to cart. */
export function PharmProductCard({ offer }: { offer: PharmProduct }) {
  const { product, pharm } = offer;
  const title = product.info.hebName || product.name;
  const type = product.info.cannabisType as keyof typeof cannabisTypeLabels | null;
  return (
    <article className="card product-card">
      <div className="card-media">
        <ProductImage url={product.imageUrl} alt={he.product.imageAlt(title)} />
        <p className="badges card-badges">
          <DiscountBadge percent={offer.discountPercent} />
        </p>
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <Link
            className="card-link"
            to="/pharms/$pharmSlug/products/$pharmProductId"
            params={{ pharmSlug: pharm.slug, pharmProductId: String(offer.pharmProductId) }}
          >
            {title}
          </Link>
        </h3>
        {product.info.engName && (
          <p className="card-subtitle" lang="en">
            <bdi>{product.info.engName}</bdi>
          </p>
        )}
        <ul className="chips card-chips">
          {product.info.thccbdDosage && (
            <li className="chip chip-dosage" title={he.product.dosage}>
              <bdi dir="ltr">{product.info.thccbdDosage}</bdi>
            </li>
          )}
          {type && cannabisTypeLabels[type] && <li className="chip chip-type">{cannabisTypeLabels[type]}</li>}
        </ul>
        <p className="card-price">
          <OfferPrice price={offer.totalPrice} original={offer.originalPrice} />
          <UnitPrice price={offer.totalPrice} product={product} />
        </p>
        <p className="card-meta">
          <OfferFreshness confirmedAt={offer.confirmedAt} stale={offer.stale} />
        </p>
        <p className="card-meta">
          {pharm.name}, {pharm.city}
          {pharm.distance != null && <strong className="offer-distance"> · {he.comparison.distance(pharm.distance)}</strong>}
        </p>
        <AddToCart offer={offer} />
      </div>
    </article>
  );
}
