import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { socialGroupsQuery } from '../queries/content';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

export const socialRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/social-auto-updates',
  loader: ({ context }) => loadMain(context, socialGroupsQuery()),
  component: lazyRouteComponent(() => import('./social.page'), 'SocialPage'),
});
