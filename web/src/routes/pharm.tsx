import { createRoute } from '@tanstack/react-router';
import { pharmProductsApiParams, validatePharmPageSearch, type PharmPageSearch } from '../components/pharms/pharm-page-search';
import { pharmProductsQuery, pharmQuery, pharmSlidesQuery } from '../queries/pharms';
import { PharmRoutePage, PharmEmbedPage } from './pharm.page';
import { rootRoute } from './root';

const prerenderPharm = ({ params: { pharmSlug }, search }: { params: Record<string, string>; search: Record<string, unknown> }) => [
  pharmQuery(pharmSlug),
  pharmSlidesQuery(pharmSlug),
  pharmProductsQuery(pharmSlug, pharmProductsApiParams(search as PharmPageSearch)),
];

// Landing pages from search engines: in the first bundle, so they render without another round trip.
export const pharmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  staticData: { prerender: prerenderPharm },
  component: PharmRoutePage,
});

/** The same page without the site's header and footer (the root layout reads `staticData.embed`). */
export const pharmEmbedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug/embed',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  staticData: { embed: true, prerender: prerenderPharm },
  component: PharmEmbedPage,
});

