import { GEO_SORTS } from '@mc/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { listApiParams, validateListSearch } from '../search-params/list-search';
import { discountsQuery } from '../queries/discounts';
import { loadPart } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

export const discountsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/discounts',
  staticData: { background: 'surface' },
  validateSearch: (raw: Record<string, unknown>) => validateListSearch(raw, GEO_SORTS),
  // The first page of the list before the page is drawn; then the page follows the filters itself (debounced,
  // showing the last answer meanwhile).
  // By distance it waits for the browser's position.
  loaderDeps: ({ search }) => ({ params: search.sortBy === 'nearby' ? undefined : listApiParams(search) }),
  loader: async ({ context, deps, cause }) => {
    if (cause === 'enter' && deps.params !== undefined) await loadPart(context, discountsQuery(deps.params));
  },
  component: lazyRouteComponent(() => import('./discounts.page'), 'DiscountsPage'),
});
