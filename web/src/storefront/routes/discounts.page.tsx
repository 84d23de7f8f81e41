import { GEO_SORTS } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { CardList } from '../components/products/CardList';
import { GeoNotice } from '../../kit/ui/GeoNotice';
import { useGeolocation } from '../../kit/lib/geolocation';
import { ListPage } from '../components/products/ListPage';
import { useListChange } from '../components/products/use-list-change';
import { PharmProductCard } from '../components/products/PharmProductCard';
import { listApiParams } from '../search-params/list-search';
import { useKnownCompanies } from '../components/products/use-known-companies';
import { LIST_DELAY_MS, useDebouncedValue } from '../../kit/lib/use-debounced-value';
import { he } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { discountsQuery } from '../queries/discounts';

export function DiscountsPage() {
  useDocumentTitle(he.lists.discountsTitle, he.lists.discountsDescription);
  const search = getRouteApi('/discounts').useSearch();
  const geo = useGeolocation(search.sortBy === 'nearby');
  const location = geo.status === 'located' ? geo.point : undefined;
  const wanted = listApiParams(search, location);
  const params = useDebouncedValue(wanted, LIST_DELAY_MS);
  const query = useQuery({ ...discountsQuery(params), placeholderData: keepPreviousData, enabled: geo.status !== 'locating' });
  const onChange = useListChange('/discounts');
  const data = query.data;
  const shown = useKnownCompanies(search, data?.filtersData, params === wanted && !query.isPlaceholderData, onChange);

  return (
    <ListPage
      title={he.lists.discountsTitle}
      lead={he.lists.discountsLead}
      search={shown}
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

