import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validatePharmListSearch } from '../components/pharms/pharm-search';
import { rootRoute } from './root';

export const pharmsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms',
  validateSearch: (raw: Record<string, unknown>) => validatePharmListSearch(raw),
  component: lazyRouteComponent(() => import('./pharms.page'), 'PharmsPage'),
});
