import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { pharmListApiParams, validatePharmListSearch } from '../search-params/pharm-search';
import { locationsQuery, pharmListQuery } from '../../kit/queries/pharms';
import { loadPart } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

export const pharmsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms',
  staticData: { background: 'surface' },
  validateSearch: (raw: Record<string, unknown>) => validatePharmListSearch(raw),
  // The first page of the list before the page is drawn; then the page follows the filters itself (debounced,
  // showing the last answer meanwhile).
  // By distance (the distance filter, or nearest first) it waits for the browser's position.
  loaderDeps: ({ search }) => ({
    params: search.distance === undefined && search.sortBy !== 'nearby' ? pharmListApiParams(search) : undefined,
  }),
  loader: async ({ context, deps, cause }) => {
    if (cause !== 'enter') return;
    // The area filter's places, alongside (the page draws without them).
    void loadPart(context, locationsQuery());
    if (deps.params !== undefined) await loadPart(context, pharmListQuery(deps.params));
  },
  component: lazyRouteComponent(() => import('./pharms.page'), 'PharmsPage'),
});
