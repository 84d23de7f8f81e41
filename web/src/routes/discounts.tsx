import { GEO_SORTS } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CardList } from '../components/products/CardList';
import { GeoNotice } from '../components/products/GeoNotice';
import { useGeolocation } from '../components/products/geolocation';
import { ListPage } from '../components/products/ListPage';
import type { ListPatch } from '../components/products/ListFilters';
import { PharmProductCard } from '../components/products/PharmProductCard';
import { listApiParams, validateListSearch } from '../components/products/list-search';
import { useDebouncedValue } from '../components/products/use-debounced-value';
import { he } from '../i18n/he';
import { useDocumentTitle } from '../lib/use-document-title';
import { discountsQuery } from '../queries/discounts';
import { LIST_DELAY_MS } from './products';
import { rootRoute } from './root';

function DiscountsPage() {
  useDocumentTitle(he.lists.discountsTitle, he.lists.discountsDescription);
  const search = discountsRoute.useSearch();
  const navigate = useNavigate({ from: discountsRoute.fullPath });
  const geo = useGeolocation(search.sortBy === 'nearby');
  const location = geo.status === 'located' ? geo.point : undefined;
  const params = useDebouncedValue(listApiParams(search, location), LIST_DELAY_MS);
  const query = useQuery({ ...discountsQuery(params), placeholderData: keepPreviousData, enabled: geo.status !== 'locating' });
  const onChange = useCallback(
    (patch: ListPatch, replace = false) =>
      void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), resetScroll: false, replace }),
    [navigate],
  );
  const data = query.data;

  return (
    <ListPage
      title={he.lists.discountsTitle}
      lead={he.lists.discountsLead}
      search={search}
      sorts={GEO_SORTS}
      result={data && { total: data.total, perPage: data.perPage, filtersData: data.filtersData, count: data.pharmProducts.length }}
      status={query.status}
      fetching={query.isFetching}
      onRetry={() => void query.refetch()}
      onChange={onChange}
      notice={<GeoNotice state={geo} />}
    >
      <CardList
        items={data?.pharmProducts ?? []}
        layout={search.layout ?? 'grid'}
        keyOf={(offer) => offer.id}
        render={(offer) => <PharmProductCard offer={offer} />}
        label={he.lists.discountsTitle}
      />
    </ListPage>
  );
}

export const discountsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/discounts',
  validateSearch: (raw: Record<string, unknown>) => validateListSearch(raw, GEO_SORTS),
  component: DiscountsPage,
});
