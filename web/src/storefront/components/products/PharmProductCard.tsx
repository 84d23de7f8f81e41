import type { PharmProduct } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { he } from '../../../kit/i18n/he';
import { AddToCart } from '../../../kit/cart/AddToCart';
import { OfferFreshness, OfferPrice, UnitPrice } from '../../../kit/ui/Price';
import { OfferMedia, ProductChips } from './ProductParts';
import './products.css';

/** A product at one pharmacy (the discounts list): image, name, dosage, price with the discount, pharmacy, distance, add to cart. */
export function PharmProductCard({ offer }: { offer: PharmProduct }) {
  const { product, pharm } = offer;
  const title = product.info.hebName || product.name;
  return (
    <article className="card product-card">
      <OfferMedia imageUrl={product.imageUrl} title={title} discountPercent={offer.discountPercent} />
      <div className="card-body">
        <h3 className="card-title">
          <Link
            className="card-link stretched-link"
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
        <ProductChips info={product.info} />
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
