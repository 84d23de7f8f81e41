import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { faqQuery } from '../queries/content';
import { loadMain } from '../queries/route-data';
import { rootRoute } from './root';

export const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  loader: ({ context }) => loadMain(context, faqQuery()),
  component: lazyRouteComponent(() => import('./faq.page'), 'FaqPage'),
});
