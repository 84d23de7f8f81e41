import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validatePharmPageSearch } from '../components/pharms/pharm-page-search';
import { rootRoute } from './root';

export const pharmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  component: lazyRouteComponent(() => import('./pharm.page'), 'PharmRoutePage'),
});

/** The same page without the site's header and footer (the root layout reads `staticData.embed`). */
export const pharmEmbedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug/embed',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  staticData: { embed: true },
  component: lazyRouteComponent(() => import('./pharm.page'), 'PharmEmbedPage'),
});

