import { parsePharmProductId } from '@mc/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { AddToCart } from '../../kit/cart/AddToCart';
import { PharmBadges } from '../components/pharms/PharmBadges';
import { PharmProductCard } from '../components/pharms/PharmProductCard';
import { RelatedPharmProducts } from '../components/pharms/RelatedPharmProducts';
import { Shipments } from '../components/pharms/Shipments';
import { OfferPrice } from '../../kit/ui/Price';
import { OfferMedia, ProductChips } from '../components/products/ProductParts';
import { hePharms } from '../../kit/i18n/he-pharms';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { HomeBreadcrumbs } from '../../kit/ui/Breadcrumbs';
import { pharmProductQuery } from '../../kit/queries/pharms';
import '../components/pharms/pharms.css';

function PharmProductView({ slug, id }: { slug: string; id: number }) {
  // Loaded by the route: its loading, failure and 404 screens are the route's.
  const { pharmProduct, pharmProductVariants, shipments } = useSuspenseQuery(pharmProductQuery(slug, id)).data;
  const { product, pharm } = pharmProduct;
  const title = product.info.hebName || product.name;
  useDocumentTitle(`${title} – ${pharm.name}`);

  return (
    <div className="pharm-page">
      <HomeBreadcrumbs current={title}>
        <li>
          <Link to="/pharms">{hePharms.listTitle}</Link>
        </li>
        <li>
          <Link to="/pharms/$pharmSlug" params={{ pharmSlug: pharm.slug }}>
            {pharm.name}
          </Link>
        </li>
      </HomeBreadcrumbs>
      <article className="card pharm-product-detail">
        <OfferMedia className="pharm-product-media" imageUrl={product.imageUrl} title={title} discountPercent={pharmProduct.discountPercent} />
        <div className="pharm-product-body">
          <h1 className="pharm-header-title">{title}</h1>
          {product.info.engName && (
            <p className="card-subtitle" lang="en">
              <bdi>{product.info.engName}</bdi>
            </p>
          )}
          <ProductChips info={product.info} className="chips">
            {product.info.company && <li className="chip">{product.info.company}</li>}
          </ProductChips>
          <p className="pharm-product-price">
            <OfferPrice price={pharmProduct.totalPrice} original={pharmProduct.originalPrice} />
          </p>
          <p className={`card-meta ${pharmProduct.inStock ? 'in-stock' : 'out-of-stock'}`}>
            {pharmProduct.inStock ? hePharms.inStock : hePharms.outOfStock}
          </p>
          <AddToCart offer={pharmProduct} full />
          <p>
            <Link to="/pharms/$pharmSlug" params={{ pharmSlug: pharm.slug }} className="pharm-product-pharm">
              {pharm.name}
            </Link>{' '}
            – {pharm.address}, {pharm.city}
          </p>
          <PharmBadges pharm={pharm} />
          <p>
            <Link to="/products/$productSlug" params={{ productSlug: product.slug }}>
              {hePharms.productPage}
            </Link>
          </p>
        </div>
      </article>
      {pharmProductVariants.length > 0 && (
        <section aria-labelledby="variants-title">
          <h2 id="variants-title" className="pharm-section-title">
            {hePharms.variants}
          </h2>
          <ul className="card-list card-list-grid">
            {pharmProductVariants.map((variant) => (
              <li key={variant.id}>
                <PharmProductCard item={variant} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <RelatedPharmProducts offer={pharmProduct} exclude={pharmProductVariants.map((variant) => variant.id)} />
      <Shipments shipments={shipments} />
    </div>
  );
}

export function PharmProductPage() {
  const { pharmSlug, pharmProductId } = getRouteApi('/pharms/$pharmSlug/products/$pharmProductId').useParams();
  const id = parsePharmProductId(pharmProductId);
  // The route's loader has refused a non-numeric id (spec 2.1: 'כתובת לא תקינה'): its not-found page is drawn.
  return id === undefined ? null : <PharmProductView slug={pharmSlug} id={id} />;
}

