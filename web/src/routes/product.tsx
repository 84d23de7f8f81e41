import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateComparisonSearch } from '../components/products/comparison-search';
import { rootRoute } from './root';

export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$productSlug',
  validateSearch: (raw: Record<string, unknown>) => validateComparisonSearch(raw),
  component: lazyRouteComponent(() => import('./product.page'), 'ProductPage'),
});
