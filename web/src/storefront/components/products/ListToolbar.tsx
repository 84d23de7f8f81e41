import type { GeoSort } from '@mc/contracts';
import { he } from '../../../kit/i18n/he';
import type { Layout, ListSearch } from '../../search-params/list-search';
import type { ListPatch } from './ListFilters';

/** The count of results, the sort menu and the grid/list switch. */
export function ListToolbar({
  search,
  sorts,
  total,
  defaultLayout = 'grid',
  onChange,
}: {
  search: ListSearch;
  sorts: readonly GeoSort[];
  total?: number;
  defaultLayout?: Layout;
  onChange: (patch: ListPatch) => void;
}) {
  const layout = search.layout ?? defaultLayout;
  const setLayout = (next: Layout) => onChange({ layout: next === defaultLayout ? undefined : next, page: search.page });
  return (
    <div className="list-toolbar">
      <p className="list-count" aria-live="polite">
        {total !== undefined && he.lists.resultsCount(total)}
      </p>
      <label className="list-sort">
        <span>{he.lists.sortBy}</span>
        <select
          value={search.sortBy ?? 'magic'}
          onChange={(e) => onChange({ sortBy: e.target.value === 'magic' ? undefined : (e.target.value as GeoSort) })}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {he.lists.sorts[sort]}
            </option>
          ))}
        </select>
      </label>
      <div className="layout-switch" role="group" aria-label={he.lists.layout}>
        {(['grid', 'list'] as const).map((option) => (
          <button key={option} type="button" aria-pressed={layout === option} onClick={() => setLayout(option)}>
            {option === 'grid' ? he.lists.layoutGrid : he.lists.layoutList}
          </button>
        ))}
      </div>
    </div>
  );
}
