import { Messages, parsePage } from '@mc/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { NotFoundPage } from '../../kit/ui/NotFoundPage';
import { tagQuery } from '../queries/products';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

export const tagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tags/$tagSlug',
  validateSearch: (raw: Record<string, unknown>): { page?: number } => {
    const page = parsePage(raw.page);
    // Answered even when dropped: the router spreads this over the raw query (see validateListSearch).
    return { page: page > 1 ? page : undefined };
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, params: { tagSlug }, deps: { page } }) => loadMain(context, tagQuery(tagSlug, page)),
  staticData: { statusFromLoader: true, background: 'surface' },
  notFoundComponent: () => <NotFoundPage detail={Messages.tagNotFound} />,
  component: lazyRouteComponent(() => import('./tag.page'), 'TagPage'),
});
