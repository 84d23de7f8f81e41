import type { ProductDetailResponse } from '@mc/contracts';
import { cannabisTypeLabels, he } from '../i18n/he';
import { FavoriteButton } from '../auth/favorites';
import { ProductImage } from './ProductImage';

/** The product detail: Hebrew name as h1, English name beneath, dosage and type chips, company, tags. */
export function ProductView({ data }: { data: ProductDetailResponse }) {
  const { product, tags } = data;
  const { info } = product;
  const title = info.hebName || product.name;
  const size = product.sizeQuantity != null ? `${product.sizeQuantity} ${product.sizeUnit ?? ''}`.trim() : null;

  return (
    <article className="product" aria-labelledby="product-title">
      <div className="product-media">
        <ProductImage url={product.imageUrl} alt={he.product.imageAlt(title)} priority />
      </div>

      <div className="product-body">
        <header className="product-header">
          {(product.isNew || product.isPopular) && (
            <p className="badges">
              {product.isNew && <span className="badge badge-new">{he.product.isNew}</span>}
              {product.isPopular && <span className="badge badge-popular">{he.product.isPopular}</span>}
            </p>
          )}
          <h1 id="product-title" className="product-title">
            {title}
          </h1>
          {info.engName && (
            <p className="product-eng-name" lang="en">
              <bdi>{info.engName}</bdi>
            </p>
          )}
          <FavoriteButton productSlug={product.slug} title={title} />
        </header>

        {(info.thccbdDosage || info.cannabisType) && (
          <ul className="chips" aria-label={`${he.product.dosage}, ${he.product.type}`}>
            {info.thccbdDosage && (
              <li className="chip chip-dosage" title={he.product.dosage}>
                <bdi dir="ltr">{info.thccbdDosage}</bdi>
              </li>
            )}
            {info.cannabisType && (
              <li className={`chip chip-type chip-${info.cannabisType}`}>{cannabisTypeLabels[info.cannabisType]}</li>
            )}
          </ul>
        )}

        <dl className="facts">
          {info.company && (
            <div className="fact">
              <dt>{he.product.company}</dt>
              <dd>
                <bdi>{info.company}</bdi>
              </dd>
            </div>
          )}
          {size && (
            <div className="fact">
              <dt>{he.product.size}</dt>
              <dd>
                <bdi>{size}</bdi>
              </dd>
            </div>
          )}
        </dl>

        {tags.length > 0 && (
          <section className="tags" aria-labelledby="product-tags">
            <h2 id="product-tags" className="section-title">
              {he.product.tags}
            </h2>
            <ul className="tag-list">
              {tags.map((tag) => (
                <li key={tag.slug}>
                  <a className="tag" href={`/tags/${encodeURIComponent(tag.slug)}`}>
                    {tag.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}
