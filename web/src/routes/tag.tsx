import { parsePage } from '@mc/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const tagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tags/$tagSlug',
  validateSearch: (raw: Record<string, unknown>): { page?: number } => {
    const page = parsePage(raw.page);
    return page > 1 ? { page } : {};
  },
  component: lazyRouteComponent(() => import('./tag.page'), 'TagPage'),
});
