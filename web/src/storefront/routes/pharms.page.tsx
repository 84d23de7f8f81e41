import { Messages } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { ErrorView } from '../../kit/ui/ErrorView';
import { PharmCard } from '../components/pharms/PharmCard';
import { PharmFilters, type PharmListPatch } from '../components/pharms/PharmFilters';
import { CLEAR_PHARM_FILTERS, hasPharmFilters, pharmListApiParams, validatePharmListSearch } from '../search-params/pharm-search';
import { CardList } from '../components/products/CardList';
import { GeoNotice } from '../../kit/ui/GeoNotice';
import { Pager } from '../components/products/Pager';
import { listKeyOf, PagingScope } from '../components/products/paging';
import { positionIfGranted, useGeolocation } from '../../kit/lib/geolocation';
import { pageCount } from '../search-params/list-search';
import { LIST_DELAY_MS, useDebouncedValue } from '../../kit/lib/use-debounced-value';
import { he } from '../../kit/i18n/he';
import { hePharms } from '../../kit/i18n/he-pharms';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { locationsQuery, pharmListQuery } from '../../kit/queries/pharms';

export function PharmsPage() {
  useDocumentTitle(hePharms.listTitle);
  const search = getRouteApi('/pharms').useSearch();
  const navigate = useNavigate({ from: '/pharms' });
  const geo = useGeolocation(search.sortBy === 'nearby' || search.distance !== undefined);
  const location = geo.status === 'located' ? geo.point : undefined;
  const params = useDebouncedValue(pharmListApiParams(search, location), LIST_DELAY_MS);
  const query = useQuery({ ...pharmListQuery(params), placeholderData: keepPreviousData });
  const locations = useQuery(locationsQuery()).data?.locations ?? [];
  const onChange = useCallback(
    (patch: PharmListPatch) =>
      void navigate({ search: (prev) => validatePharmListSearch({ ...prev, page: undefined, ...patch }) }),
    [navigate],
  );

  // A position the visitor has already allowed sorts the list nearest first at once (the URL says so).
  const nearby = search.sortBy === 'nearby';
  useEffect(() => {
    if (nearby) return;
    let live = true;
    void positionIfGranted().then((point) => {
      if (live && point) void navigate({ search: (prev) => ({ ...prev, sortBy: 'nearby' }), replace: true, resetScroll: false });
    });
    return () => {
      live = false;
    };
  }, [nearby, navigate]);

  const data = query.data;
  const page = search.page ?? 1;
  const pages = data ? pageCount(data.total, data.perPage) : 1;
  const pastLast = !!data && data.total > 0 && page > pages;
  useEffect(() => {
    if (pastLast) onChange({ page: undefined });
  }, [pastLast, onChange]);
  const layout = search.layout ?? 'list';

  return (
    <section className="list-page" aria-labelledby="list-title">
      <header className="list-header">
        <h1 id="list-title" className="list-title">
          {hePharms.listTitle}
        </h1>
        <p className="list-lead">{hePharms.listLead}</p>
      </header>
      <PharmFilters
        search={search}
        locations={locations}
        distances={location ? data?.filtersData.distances : undefined}
        onChange={onChange}
        results={data && hePharms.count(data.total)}
      />
      <div className="list-toolbar">
        <p className="list-count" aria-live="polite">
          {data && hePharms.count(data.total)}
        </p>
        {!location && geo.status !== 'locating' && (
          <button type="button" className="button button-secondary" onClick={() => onChange({ sortBy: 'nearby' })}>
            {hePharms.distance}
          </button>
        )}
        <div className="layout-switch" role="group" aria-label={he.lists.layout}>
          <button type="button" aria-pressed={layout === 'list'} onClick={() => onChange({ layout: undefined, page: search.page })}>
            {he.lists.layoutList}
          </button>
          <button type="button" aria-pressed={layout === 'grid'} onClick={() => onChange({ layout: 'grid', page: search.page })}>
            {he.lists.layoutGrid}
          </button>
        </div>
      </div>
      <GeoNotice state={geo} />
      <div aria-busy={query.isFetching}>
        {query.isPending && (
          <p className="list-loading" role="status">
            {he.loading}
          </p>
        )}
        {query.isError && <ErrorView message={Messages.listLoadFailed} onRetry={() => void query.refetch()} />}
        {data && data.pharms.length === 0 && !pastLast && (
          <div className="list-empty" role="status">
            <h2 className="list-empty-title">{hePharms.noPharms}</h2>
            {hasPharmFilters(search) && (
              <button type="button" className="button button-primary" onClick={() => onChange(CLEAR_PHARM_FILTERS)}>
                {he.lists.clearFilters}
              </button>
            )}
          </div>
        )}
        {data && data.pharms.length > 0 && (
          <PagingScope page={page} listKey={listKeyOf(search)}>
            <CardList
              items={data.pharms}
              layout={layout}
              keyOf={(pharm) => pharm.slug}
              render={(pharm) => <PharmCard pharm={pharm} />}
              label={hePharms.listTitle}
            />
          </PagingScope>
        )}
      </div>
      <Pager
        page={page}
        total={pages}
        onPage={(next) => onChange({ page: next > 1 ? next : undefined })}
        scrollToId="list-title"
        onMore={() => onChange({ page: page + 1 })}
        busy={query.isFetching}
      />
    </section>
  );
}

