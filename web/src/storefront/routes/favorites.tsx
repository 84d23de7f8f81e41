import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { favoritesQuery } from '../../kit/auth/favorites-query';
import { requireSignedIn } from '../../kit/auth/route-guards';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

/** /user/favorites: the signed-in user's favourite products (spec 2.2), drawn as the lists' product cards. */
export const favoritesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/favorites',
  beforeLoad: requireSignedIn,
  loader: ({ context }) => loadMain(context, favoritesQuery(context.userId)),
  component: lazyRouteComponent(() => import('../../storefront/routes/favorites.page'), 'FavoritesPage'),
});
