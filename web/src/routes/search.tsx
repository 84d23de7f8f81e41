import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from './root';
import { validateSearchPage } from './search-params';

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: validateSearchPage,
  // Without a term the results page has nothing to show: home (spec 2.1).
  beforeLoad: ({ search }) => {
    if (!search.term) throw redirect({ to: '/', replace: true });
  },
  component: lazyRouteComponent(() => import('./search.page'), 'SearchPage'),
});
