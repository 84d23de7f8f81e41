import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const socialRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/social-auto-updates',
  component: lazyRouteComponent(() => import('./social.page'), 'SocialPage'),
});
