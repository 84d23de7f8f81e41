import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { faqQuery } from '../queries/content';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

export const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  loader: ({ context }) => loadMain(context, faqQuery()),
  component: lazyRouteComponent(() => import('./faq.page'), 'FaqPage'),
});
