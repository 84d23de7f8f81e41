import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const pharmProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug/products/$pharmProductId',
  component: lazyRouteComponent(() => import('./pharm-product.page'), 'PharmProductPage'),
});
