import type { FacetCount, Location } from '@mc/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { FilterSheet } from '../products/FilterSheet';
import type { Delivery, PharmListSearch } from '../../search-params/pharm-search';

export type PharmListPatch = Partial<PharmListSearch>;

interface PharmFiltersProps {
  search: PharmListSearch;
  locations: Location[];
  /** The `distances` facet; present only when the browser gave a position. */
  distances?: FacetCount[];
  onChange: (patch: PharmListPatch) => void;
  /** The results, counted (e.g. '12 בתי מרקחת'), for the phone's filters sheet; undefined while loading. */
  results?: string;
}

/** Districts, each with its cities, for the area menu. */
function areaGroups(locations: Location[]) {
  return locations
    .filter((l) => l.type === 'district')
    .map((district) => ({ district, cities: locations.filter((l) => l.type === 'city' && l.parentId === district.id) }));
}

function SearchBox({ value, onSearch }: { value?: string; onSearch: (value?: string) => void }) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim() || undefined);
  };
  return (
    <form role="search" className="pharm-search" onSubmit={submit}>
      <label htmlFor="pharm-search-input" className="visually-hidden">
        {hePharms.searchLabel}
      </label>
      <input
        id="pharm-search-input"
        type="search"
        value={draft}
        placeholder={hePharms.searchPlaceholder}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="button button-primary">
        {hePharms.searchButton}
      </button>
    </form>
  );
}

/** The pharmacy list's filters of spec 2.3: name, open now, open on Saturday, area, delivery and distance. */
export function PharmFilters({ search, locations, distances, onChange, results }: PharmFiltersProps) {
  const activeCount = [search.open, search.openInSaturday, search.locationRadius, search.delivery, search.distance].filter(Boolean).length;
  return (
    <section className="pharm-filters" aria-label={hePharms.searchLabel}>
      <SearchBox value={search.search} onSearch={(value) => onChange({ search: value })} />
      <FilterSheet results={results} activeCount={activeCount}>
        <div className="pharm-filter-row">
          <label className="filter-toggle">
            <input type="checkbox" checked={!!search.open} onChange={(e) => onChange({ open: e.target.checked ? 1 : undefined })} />
            {hePharms.open}
          </label>
          <label className="filter-toggle">
            <input
              type="checkbox"
              checked={!!search.openInSaturday}
              onChange={(e) => onChange({ openInSaturday: e.target.checked ? 1 : undefined })}
            />
            {hePharms.openInSaturday}
          </label>
          <label className="pharm-select">
            <span>{hePharms.area}</span>
            <select
              value={search.locationRadius ?? ''}
              onChange={(e) => onChange({ locationRadius: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">{hePharms.allAreas}</option>
              {areaGroups(locations).map(({ district, cities }) => (
                <optgroup key={district.id} label={hePharms.district(district.displayText)}>
                  <option value={district.id}>{hePharms.wholeDistrict(district.displayText)}</option>
                  {cities.map((city) => (
                    <option key={city.id} value={city.id}>
                      {city.displayText}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className="pharm-select">
            <span>{hePharms.delivery}</span>
            <select
              value={search.delivery ?? ''}
              onChange={(e) => onChange({ delivery: (e.target.value || undefined) as Delivery | undefined })}
            >
              <option value="">{hePharms.deliveryAny}</option>
              <option value="free">{hePharms.deliveryOptions.free}</option>
              <option value="yes">{hePharms.deliveryOptions.yes}</option>
            </select>
          </label>
          {distances && distances.length > 0 && (
            <label className="pharm-select">
              <span>{hePharms.distance}</span>
              <select
                value={search.distance ?? ''}
                onChange={(e) => onChange({ distance: e.target.value ? Number(e.target.value) : undefined })}
              >
                <option value="">{hePharms.distanceAny}</option>
                {distances.map(({ value, count }) => (
                  <option key={value} value={value}>
                    {hePharms.distanceOption(Number(value), count)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      </FilterSheet>
    </section>
  );
}
