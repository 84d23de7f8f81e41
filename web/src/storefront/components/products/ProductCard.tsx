import { memo } from 'react';
import type { ProductCard as Card } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { he } from '../../../kit/i18n/he';
import { ProductImage } from '../../../kit/ui/ProductImage';
import { Shekels, UnitPrice } from '../../../kit/ui/Price';
import { ProductChips } from './ProductParts';
import './products.css';

/** The price line of a card: 'from ₪…' to the highest price, or the estimated price when no pharmacy lists it. */
function PriceRangeText({ product }: { product: Card }) {
  const range = product.priceRange;
  if (range) {
    return (
      <p className="card-price">
        {/* 'החל מ-' and the lowest price never part; the highest moves to the next line as a whole when the card is narrow. */}
        <span className="card-price-min">
          <span className="card-price-from">{he.lists.fromPrice}</span>
          <Shekels amount={range.min} />
        </span>
        {range.max > range.min && (
          <>
            {' '}
            <span className="card-price-max">
              {'– '}
              <Shekels amount={range.max} />
            </span>
          </>
        )}
        <UnitPrice price={range.min} product={product} />
      </p>
    );
  }
  if (product.estimated_price != null) {
    return (
      <p className="card-price card-price-estimated">
        {he.lists.estimated} <Shekels amount={product.estimated_price} />
        <UnitPrice price={product.estimated_price} product={product} />
      </p>
    );
  }
  return null;
}

/** A product in a list: image, Hebrew and English name, dosage and type chips, price range, pharmacy count. */
function ProductCardView({ product }: { product: Card }) {
  const { info } = product;
  const title = info.hebName || product.name;
  return (
    <article className="card product-card">
      <div className="card-media">
        <ProductImage url={product.imageUrl} alt={he.product.imageAlt(title)} />
        {(product.isNew || product.isPopular) && (
          <p className="badges card-badges">
            {product.isNew && <span className="badge badge-new">{he.product.isNew}</span>}
            {product.isPopular && <span className="badge badge-popular">{he.product.isPopular}</span>}
          </p>
        )}
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <Link to="/products/$productSlug" params={{ productSlug: product.slug }} className="card-link stretched-link">
            {title}
          </Link>
        </h3>
        {info.engName && (
          <p className="card-subtitle" lang="en">
            <bdi>{info.engName}</bdi>
          </p>
        )}
        <ProductChips info={info} />
        <PriceRangeText product={product} />
        <p className={`card-meta ${product.pharmProductsCount ? 'in-stock' : 'out-of-stock'}`}>
          {he.lists.pharmCount(product.pharmProductsCount)}
        </p>
      </div>
    </article>
  );
}

export const ProductCard = memo(ProductCardView);
