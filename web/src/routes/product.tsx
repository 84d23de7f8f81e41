import { createRoute } from '@tanstack/react-router';
import { comparisonParams, validateComparisonSearch, type ComparisonSearch } from '../components/products/comparison-search';
import { comparisonQuery, productQuery, relatedProductsQuery } from '../queries/products';
import { ProductPage } from './product.page';
import { rootRoute } from './root';

// Landing pages from search engines: in the first bundle, so they render without another round trip.
export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$productSlug',
  validateSearch: (raw: Record<string, unknown>) => validateComparisonSearch(raw),
  staticData: {
    // The comparison by price; by distance it waits for the browser's position.
    prerender: ({ params: { productSlug }, search }) => [
      productQuery(productSlug),
      relatedProductsQuery(productSlug),
      ...((search as ComparisonSearch).sortBy === 'nearby' ? [] : [comparisonQuery(productSlug, comparisonParams(search as ComparisonSearch))]),
    ],
  },
  component: ProductPage,
});
