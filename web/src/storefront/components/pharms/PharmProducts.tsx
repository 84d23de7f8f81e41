import { LIST_SORTS, Messages } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { he } from '../../../kit/i18n/he';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { pharmProductsQuery } from '../../../kit/queries/pharms';
import { ErrorView } from '../../../kit/ui/ErrorView';
import { LoadingMessage } from '../../../kit/ui/RouteStates';
import { CardList } from '../products/CardList';
import { listKeyOf, PagingScope } from '../products/paging';
import { FilterSheet } from '../products/FilterSheet';
import { ActiveFilters, activeFilterCount, ListFilters, type ListPatch } from '../products/ListFilters';
import { ListToolbar } from '../products/ListToolbar';
import { Pager } from '../products/Pager';
import { pageCount } from '../../search-params/list-search';
import { LIST_DELAY_MS, useDebouncedValue } from '../../../kit/lib/use-debounced-value';
import { useKnownCompanies } from '../products/use-known-companies';
import { PharmProductCard } from './PharmProductCard';
import { pharmProductsApiParams, type PharmPageSearch } from '../../search-params/pharm-page-search';

/** The pharmacy's products with the list filters of spec 2.3; `?product=` comes first and is marked. */
export function PharmProducts({
  slug,
  search: address,
  onChange,
}: {
  slug: string;
  search: PharmPageSearch;
  onChange: (patch: ListPatch, replace?: boolean) => void;
}) {
  const wanted = pharmProductsApiParams(address);
  const params = useDebouncedValue(wanted, LIST_DELAY_MS);
  const query = useQuery({ ...pharmProductsQuery(slug, params), placeholderData: keepPreviousData });
  const data = query.data;
  const search = useKnownCompanies(address, data?.filtersData, params === wanted && !query.isPlaceholderData, onChange);
  const page = search.page ?? 1;
  const pages = data ? pageCount(data.total, data.perPage) : 1;
  const pastLast = !!data && data.total > 0 && page > pages;
  useEffect(() => {
    if (pastLast) onChange({ page: undefined }, true);
  }, [pastLast, onChange]);

  return (
    <section className="pharm-products" aria-labelledby="pharm-products-title">
      <h2 id="pharm-products-title" className="pharm-section-title">
        {hePharms.products}
      </h2>
      <div className="list-layout">
        <aside className="list-aside">
          <FilterSheet results={data && he.lists.resultsCount(data.total)} activeCount={activeFilterCount(search)}>
            <ListFilters search={search} filtersData={data?.filtersData} onChange={onChange} />
          </FilterSheet>
        </aside>
        <div className="list-main" aria-busy={query.isFetching}>
          <ListToolbar search={search} sorts={LIST_SORTS} total={data?.total} onChange={onChange} />
          <ActiveFilters search={search} onChange={onChange} />
          {query.isPending && <LoadingMessage className="list-loading" />}
          {query.isError && <ErrorView message={Messages.listLoadFailed} onRetry={() => void query.refetch()} />}
          {data && data.pharmProducts.length === 0 && !pastLast && (
            <p className="list-empty" role="status">
              {he.lists.noProducts}
            </p>
          )}
          {data && data.pharmProducts.length > 0 && (
            <PagingScope page={page} listKey={listKeyOf(search)}>
              <CardList
                items={data.pharmProducts}
                layout={search.layout ?? 'grid'}
                keyOf={(item) => item.id}
                render={(item) => <PharmProductCard item={item} highlighted={item.pharmProductId === search.product} />}
                label={hePharms.products}
              />
            </PagingScope>
          )}
          <Pager
            page={page}
            total={pages}
            onPage={(next) => onChange({ page: next > 1 ? next : undefined })}
            scrollToId="pharm-products-title"
            onMore={() => onChange({ page: page + 1 })}
            busy={query.isFetching}
          />
        </div>
      </div>
    </section>
  );
}
