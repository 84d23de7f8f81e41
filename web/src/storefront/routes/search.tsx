import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from '../../kit/router/root-route';
import { pharmListQuery } from '../../kit/queries/pharms';
import { productListQuery } from '../queries/products';
import { loadPart } from '../../kit/queries/route-data';
import { searchApiParams, validateSearchPage } from '../search-params/search-params';

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  staticData: { background: 'surface' },
  validateSearch: validateSearchPage,
  // Without a term the results page has nothing to show: home (spec 2.1).
  beforeLoad: ({ search }) => {
    if (!search.term) throw redirect({ to: '/', replace: true });
  },
  // The results before the page is drawn; a new term or page then shows the last results while it loads.
  loaderDeps: ({ search }) => searchApiParams(search.term ?? '', search.page ?? 1),
  loader: async ({ context, deps, cause }) => {
    if (cause === 'enter') await Promise.all([loadPart(context, productListQuery(deps.products)), loadPart(context, pharmListQuery(deps.pharms))]);
  },
  component: lazyRouteComponent(() => import('./search.page'), 'SearchPage'),
});
