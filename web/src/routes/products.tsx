import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateListSearch } from '../components/products/list-search';
import { rootRoute } from './root';

export const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products',
  validateSearch: (raw: Record<string, unknown>) => validateListSearch(raw),
  component: lazyRouteComponent(() => import('./products.page'), 'ProductsPage'),
});
