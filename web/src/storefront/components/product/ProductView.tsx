import { useId, useState, type ReactNode } from 'react';
import type { ProductDetailResponse, ProductSupply, Tag } from '@mc/contracts';
import { cannabisTypeLabels, he } from '../../../kit/i18n/he';
import { FavoriteButton } from '../../../kit/auth/favorites';
import { todayInIsrael } from '../../../kit/lib/israel-day';
import { ProductImage } from '../../../kit/ui/ProductImage';
import './ProductView.css';

/**
 * The product's first screen: picture, Hebrew name as h1 with the English name beneath, `price` (its lowest price and
 * how many pharmacies have it) beside the name, dosage and type chips, company and size. Its tags are `ProductTags`,
 * drawn after the comparison.
 */
export function ProductView({ data, price }: { data: ProductDetailResponse; price?: ReactNode }) {
  const { product } = data;
  const { info } = product;
  const title = info.hebName || product.name;
  const size = product.sizeQuantity != null ? `${product.sizeQuantity} ${product.sizeUnit ?? ''}`.trim() : null;

  return (
    <article className="product" aria-labelledby="product-title">
      <div className="product-media">
        <ProductImage url={product.imageUrl} alt={he.product.imageAlt(title)} priority />
        {/* Under the picture, in the room beside the name and price: a row of its own would push the comparison down. */}
        <FavoriteButton productSlug={product.slug} title={title} />
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
          {price}
          <SupplyNotice supply={product.supply} />
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
      </div>
    </article>
  );
}

/** dd/MM of a YYYY-MM-DD day. */
const dayMonth = (day: string | null) => (day && /^\d{4}-\d{2}-\d{2}/.test(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}` : null);

/**
 * The company's own report of its supply (issue 29), near the price: short or out until a day. Nothing when it
 * reports the product available, reports nothing, or its day has passed (an old report tells a patient nothing).
 */
export function SupplyNotice({ supply }: { supply: ProductSupply | null | undefined }) {
  if (!supply || supply.state === 'available' || (supply.until !== null && supply.until < todayInIsrael())) return null;
  const until = dayMonth(supply.until);
  return (
    <p className={`product-supply product-supply-${supply.state}`}>
      {supply.state === 'short' ? he.product.supplyShort(until) : he.product.supplyOut(until)}
    </p>
  );
}

/** Tags shown before the 'more' disclosure: one short line on a phone. */
export const TAGS_SHOWN = 6;

/** The product's tags, after the comparison: the first few, the rest behind a 'more' button. */
export function ProductTags({ tags }: { tags: Tag[] }) {
  const [open, setOpen] = useState(false);
  const restId = useId();
  if (!tags.length) return null;
  const hidden = tags.length - TAGS_SHOWN;
  const shown = open || hidden <= 0 ? tags : tags.slice(0, TAGS_SHOWN);
  return (
    <section className="tags product-tags" aria-labelledby="product-tags">
      <h2 id="product-tags" className="section-title">
        {he.product.tags}
      </h2>
      <ul className="tag-list" id={restId}>
        {shown.map((tag) => (
          <li key={tag.slug}>
            <a className="tag" href={`/tags/${encodeURIComponent(tag.slug)}`}>
              {tag.name}
            </a>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="tags-more" aria-expanded={open} aria-controls={restId} onClick={() => setOpen(!open)}>
          {open ? he.product.fewerTags : he.product.moreTags(hidden)}
        </button>
      )}
    </section>
  );
}
