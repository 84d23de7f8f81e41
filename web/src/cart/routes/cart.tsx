import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../kit/router/root-route';

export const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  staticData: { minimalLayout: true },
  component: lazyRouteComponent(() => import('./cart.page'), 'CartPage'),
});
