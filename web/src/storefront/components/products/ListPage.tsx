import { Messages, type FiltersData, type GeoSort } from '@mc/contracts';
import { useCallback, useEffect, type ReactNode } from 'react';
import { he } from '../../../kit/i18n/he';
import { ErrorView } from '../../../kit/ui/ErrorView';
import { FilterSheet } from './FilterSheet';
import { ActiveFilters, activeFilterCount, ListFilters, type ListPatch } from './ListFilters';
import { ListToolbar } from './ListToolbar';
import { Pager } from './Pager';
import { listKeyOf, PagingScope } from './paging';
import { CLEAR_FILTERS, hasActiveFilters, pageCount, type ListSearch } from '../../search-params/list-search';

interface ListResult {
  total: number;
  perPage: number;
  filtersData: FiltersData;
  count: number;
}

interface ListPageProps {
  title: string;
  lead?: string;
  search: ListSearch;
  sorts: readonly GeoSort[];
  result?: ListResult;
  status: 'pending' | 'error' | 'success';
  fetching: boolean;
  onRetry: () => void;
  /** Applies a change to the URL; `replace` keeps it out of the history (a corrected address). */
  onChange: (patch: ListPatch, replace?: boolean) => void;
  notice?: ReactNode;
  children: ReactNode;
}

function ListSkeleton() {
  return (
    <ul className="card-list card-list-grid" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="card card-skeleton">
          <div className="skeleton skeleton-image" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-short" />
        </li>
      ))}
    </ul>
  );
}

/** A filtered, sorted, paged list page: heading, filters, toolbar, results or their empty state, pager. */
export function ListPage({ title, lead, search, sorts, result, status, fetching, onRetry, onChange, notice, children }: ListPageProps) {
  const page = search.page ?? 1;
  const pages = result ? pageCount(result.total, result.perPage) : 1;
  const pastLast = !!result && result.total > 0 && page > pages;

  // A page past the last one (an old link, fewer results now) goes back to page 1.
  useEffect(() => {
    if (pastLast) onChange({ page: undefined }, true);
  }, [pastLast, onChange]);

  const onMore = useCallback(() => onChange({ page: page + 1 }, true), [onChange, page]);

  return (
    <section className="list-page" aria-labelledby="list-title">
      <header className="list-header">
        <h1 id="list-title" className="list-title">
          {title}
        </h1>
        {lead && <p className="list-lead">{lead}</p>}
      </header>
      <div className="list-layout">
        <aside className="list-aside">
          <FilterSheet results={result && he.lists.resultsCount(result.total)} activeCount={activeFilterCount(search)}>
            <ListFilters search={search} filtersData={result?.filtersData} onChange={onChange} />
          </FilterSheet>
        </aside>
        <div className="list-main" aria-busy={fetching}>
          <ListToolbar search={search} sorts={sorts} total={result?.total} onChange={onChange} />
          <ActiveFilters search={search} onChange={onChange} />
          {notice}
          {status === 'pending' && (
            <>
              <span className="visually-hidden" role="status">
                {he.loading}
              </span>
              <ListSkeleton />
            </>
          )}
          {status === 'error' && <ErrorView message={Messages.listLoadFailed} onRetry={onRetry} />}
          {status === 'success' && result && result.count === 0 && !pastLast && (
            <div className="list-empty" role="status">
              <h2 className="list-empty-title">{he.lists.noProducts}</h2>
              {hasActiveFilters(search) && (
                <>
                  <p>{he.lists.noProductsHint}</p>
                  <button
                    type="button"
                    className="button button-primary"
                    onClick={() => onChange(CLEAR_FILTERS)}
                  >
                    {he.lists.clearFilters}
                  </button>
                </>
              )}
            </div>
          )}
          <PagingScope page={page} listKey={listKeyOf(search)}>
            {status === 'success' && result && result.count > 0 && children}
          </PagingScope>
          <Pager page={page} total={pages} onPage={(next) => onChange({ page: next > 1 ? next : undefined })} onMore={onMore} busy={fetching} scrollToId="list-title" />
        </div>
      </div>
    </section>
  );
}
