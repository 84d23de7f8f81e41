import { GEO_SORTS } from '@mc/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateListSearch } from '../components/products/list-search';
import { rootRoute } from './root';

export const discountsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/discounts',
  validateSearch: (raw: Record<string, unknown>) => validateListSearch(raw, GEO_SORTS),
  component: lazyRouteComponent(() => import('./discounts.page'), 'DiscountsPage'),
});
