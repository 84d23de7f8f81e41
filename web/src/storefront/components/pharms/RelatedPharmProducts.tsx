import type { PharmProduct } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { pharmProductsQuery } from '../../../kit/queries/pharms';
import { PharmProductCard } from './PharmProductCard';
import { pharmProductsApiParams } from '../../search-params/pharm-page-search';
import '../products/products.css';

/** Spec 9: a related row asks for 3. */
const RELATED_SIZE = 3;

/**
 * Up to 3 other offers of the pharmacy related to `offer`: of its company first, then of its cannabis type, then the
 * rest in the list's order; never the offer itself, another size of its product (shown as its variants) or one out of stock.
 */
export function relatedOffers(offer: PharmProduct, offers: PharmProduct[], exclude: readonly number[] = []): PharmProduct[] {
  const { company, cannabisType } = offer.product.info;
  const score = (other: PharmProduct) =>
    (company && other.product.info.company === company ? 2 : 0) + (cannabisType && other.product.info.cannabisType === cannabisType ? 1 : 0);
  return offers
    .filter((other) => other.inStock && other.id !== offer.id && other.product.slug !== offer.product.slug && !exclude.includes(other.id))
    .map((other, index) => ({ other, index, score: score(other) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, RELATED_SIZE)
    .map(({ other }) => other);
}

/**
 * Related products on a pharmacy's product page (spec 2.1): other offers of the same pharmacy, from the first page
 * of its product list as the pharmacy page asks for it (one answer for both). Hidden when there are none.
 */
export function RelatedPharmProducts({ offer, exclude }: { offer: PharmProduct; exclude: readonly number[] }) {
  const { data } = useQuery(pharmProductsQuery(offer.pharm.slug, pharmProductsApiParams({})));
  const related = data ? relatedOffers(offer, data.pharmProducts, exclude) : [];
  if (!related.length) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title" className="pharm-section-title">
        {hePharms.related}
      </h2>
      <ul className="related-track">
        {related.map((item) => (
          <li key={item.id} className="related-slide">
            <PharmProductCard item={item} addToCart={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
