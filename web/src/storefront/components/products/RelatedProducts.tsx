import { useQuery } from '@tanstack/react-query';
import { he } from '../../../kit/i18n/he';
import { relatedProductsQuery } from '../../queries/products';
import { ProductCard } from './ProductCard';

/** Related products as a row that scrolls from the right (1.1 / 2.2 / 4.5 cards by breakpoint). Hidden when none. */
export function RelatedProducts({ slug }: { slug: string }) {
  const query = useQuery(relatedProductsQuery(slug));
  const products = query.data?.related ?? [];
  if (!products.length) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        {he.comparison.related}
      </h2>
      <ul className="related-track">
        {products.map((product) => (
          <li key={product.slug} className="related-slide">
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
