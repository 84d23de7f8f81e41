import { createRoute } from '@tanstack/react-router';
import { validateComparisonSearch } from '../components/products/comparison-search';
import { productQuery } from '../queries/products';
import { ProductPage } from './product.page';
import { rootRoute } from './root';

// Landing pages from search engines: in the first bundle, so they render without another round trip.
export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$productSlug',
  validateSearch: (raw: Record<string, unknown>) => validateComparisonSearch(raw),
  staticData: { prerender: ({ productSlug }) => [productQuery(productSlug)] },
  component: ProductPage,
});
