import { createRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PharmPage } from '../components/pharms/PharmPage';
import { validatePharmPageSearch } from '../components/pharms/pharm-page-search';
import type { ListPatch } from '../components/products/ListFilters';
import { usePharmStructuredData } from '../lib/use-structured-data';
import { rootRoute } from './root';

function usePatchSearch(from: '/pharms/$pharmSlug' | '/pharms/$pharmSlug/embed') {
  const navigate = useNavigate({ from });
  return useCallback(
    (patch: ListPatch) => void navigate({ search: (prev) => validatePharmPageSearch({ ...prev, page: undefined, ...patch }) }),
    [navigate],
  );
}

function PharmRoutePage() {
  const { pharmSlug } = pharmRoute.useParams();
  const onChange = usePatchSearch(pharmRoute.fullPath);
  usePharmStructuredData(pharmSlug);
  return <PharmPage slug={pharmSlug} search={pharmRoute.useSearch()} onChange={onChange} />;
}

function PharmEmbedPage() {
  const { pharmSlug } = pharmEmbedRoute.useParams();
  const onChange = usePatchSearch(pharmEmbedRoute.fullPath);
  return <PharmPage slug={pharmSlug} search={pharmEmbedRoute.useSearch()} onChange={onChange} embed />;
}

export const pharmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  component: PharmRoutePage,
});

/** The same page without the site's header and footer (the root layout reads `staticData.embed`). */
export const pharmEmbedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pharms/$pharmSlug/embed',
  validateSearch: (raw: Record<string, unknown>) => validatePharmPageSearch(raw),
  staticData: { embed: true },
  component: PharmEmbedPage,
});

