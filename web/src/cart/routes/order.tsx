import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from '../../kit/auth/route-guards';
import { userInfoQuery } from '../../kit/auth/user-info';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

/**
 * /order (spec 2.2): signed-in only (else /); the page sends an empty cart to /cart. Minimal header, no footer.
 * The page and its crypto code are a lazily loaded chunk (nothing of it weighs on the home page).
 */
export const orderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order',
  staticData: { minimalLayout: true },
  beforeLoad: requireSignedIn,
  loader: ({ context }) => loadMain(context, userInfoQuery(context.userId)),
  component: lazyRouteComponent(() => import('./order.page'), 'OrderPage'),
});
