import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { listApiParams, validateProductListSearch } from '../search-params/list-search';
import { productListQuery } from '../queries/products';
import { loadPart } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

export const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products',
  staticData: { background: 'surface' },
  validateSearch: validateProductListSearch,
  // The first page of the list before the page is drawn; then the page follows the filters itself (debounced,
  // showing the last answer meanwhile). 'mine' is resolved in the browser: the server draws the list without it.
  loaderDeps: ({ search }) => ({ params: listApiParams(search) }),
  loader: async ({ context, deps, cause }) => {
    if (cause === 'enter') await loadPart(context, productListQuery(deps.params));
  },
  component: lazyRouteComponent(() => import('./products.page'), 'ProductsPage'),
});
