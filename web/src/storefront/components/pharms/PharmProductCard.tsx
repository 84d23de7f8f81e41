import { memo } from 'react';
import type { PharmProduct } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { AddToCart } from '../../../kit/cart/AddToCart';
import { OfferFreshness, OfferPrice, UnitPrice } from '../../../kit/ui/Price';
import { OfferMedia, ProductChips } from '../products/ProductParts';
import './pharms.css';

/**
 * A product as one pharmacy sells it: image, names, dosage, its price and discount, stock, add to cart (not in a row
 * of related products, `addToCart={false}`, which leads to the product's page).
 */
function PharmProductCardView({ item, highlighted = false, addToCart = true }: { item: PharmProduct; highlighted?: boolean; addToCart?: boolean }) {
  const { product } = item;
  const title = product.info.hebName || product.name;
  return (
    <article className={`card product-card pharm-product-card${highlighted ? ' is-highlighted' : ''}`}>
      <OfferMedia imageUrl={product.imageUrl} title={title} discountPercent={item.discountPercent} />
      <div className="card-body">
        {highlighted && <p className="pharm-first-label">{hePharms.firstProduct}</p>}
        <h3 className="card-title">
          <Link
            to="/pharms/$pharmSlug/products/$pharmProductId"
            params={{ pharmSlug: item.pharm.slug, pharmProductId: String(item.pharmProductId) }}
            className="card-link stretched-link"
          >
            {title}
          </Link>
        </h3>
        <ProductChips info={product.info} />
        <OfferPrice price={item.totalPrice} original={item.originalPrice} />
        <UnitPrice price={item.totalPrice} product={product} />
        <p className={`card-meta ${item.inStock ? 'in-stock' : 'out-of-stock'}`}>
          {item.inStock ? hePharms.inStock : hePharms.outOfStock}
        </p>
        <p className="card-meta">
          <OfferFreshness confirmedAt={item.confirmedAt} stale={item.stale} />
        </p>
        {addToCart && <AddToCart offer={item} />}
      </div>
    </article>
  );
}

export const PharmProductCard = memo(PharmProductCardView);
