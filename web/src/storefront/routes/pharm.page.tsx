import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PharmPage } from '../components/pharms/PharmPage';
import { validatePharmPageSearch } from '../search-params/pharm-page-search';
import type { ListPatch } from '../components/products/ListFilters';
import { usePharmStructuredData } from '../components/use-structured-data';

function usePatchSearch(from: '/pharms/$pharmSlug' | '/pharms/$pharmSlug/embed') {
  const navigate = useNavigate({ from });
  return useCallback(
    (patch: ListPatch, replace = false) => void navigate({ search: (prev) => validatePharmPageSearch({ ...prev, page: undefined, ...patch }), replace }),
    [navigate],
  );
}

export function PharmRoutePage() {
  const { pharmSlug } = getRouteApi('/pharms/$pharmSlug').useParams();
  const onChange = usePatchSearch('/pharms/$pharmSlug');
  usePharmStructuredData(pharmSlug);
  return <PharmPage slug={pharmSlug} search={getRouteApi('/pharms/$pharmSlug').useSearch()} onChange={onChange} />;
}

export function PharmEmbedPage() {
  const { pharmSlug } = getRouteApi('/pharms/$pharmSlug/embed').useParams();
  const onChange = usePatchSearch('/pharms/$pharmSlug/embed');
  return <PharmPage slug={pharmSlug} search={getRouteApi('/pharms/$pharmSlug/embed').useSearch()} onChange={onChange} embed />;
}

