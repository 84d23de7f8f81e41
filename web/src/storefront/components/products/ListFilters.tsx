import { parseList, parsePriceRange, type FacetCount, type FiltersData } from '@mc/contracts';
import type { FormEvent } from 'react';
import { cannabisTypeLabels, he } from '../../../kit/i18n/he';
import { hePrescription } from '../../../kit/prescription/he-prescription';
import { CLEAR_FILTERS, LIST_FILTER_KEYS, selectedValues, type ListFilterKey, type ListSearch } from '../../search-params/list-search';

export type ListPatch = Partial<ListSearch>;

/** How a facet value reads in Hebrew (types and strains have labels; dosages and companies are names). */
function facetLabel(key: ListFilterKey, value: string): string {
  if (key === 'types') return he.lists.productTypes[value] ?? value;
  if (key === 'cannabisTypes') return cannabisTypeLabels[value as keyof typeof cannabisTypeLabels] ?? value;
  return value;
}

function toggle(values: string[], value: string): string | undefined {
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return next.length ? next.join(',') : undefined;
}

/** One filter menu: a disclosure with checkboxes and counts, at most 200 px high. */
function FacetMenu({
  name,
  facets,
  selected,
  onToggle,
}: {
  name: ListFilterKey;
  facets: FacetCount[];
  selected: string[];
  onToggle: (value: string) => void;
}) {
  // A chosen value the current facets no longer count still shows, so it can be unticked.
  const missing = selected.filter((value) => !facets.some((f) => f.value === value)).map((value) => ({ value, count: 0 }));
  const options = [...facets, ...missing];
  if (!options.length) return null;
  return (
    <details className="filter-menu" open={selected.length > 0 || undefined}>
      <summary className="filter-menu-summary">
        {he.lists[name]}
        {selected.length > 0 && <span className="filter-menu-count"> ({selected.length})</span>}
      </summary>
      <fieldset className="filter-menu-options">
        <legend className="visually-hidden">{he.lists[name]}</legend>
        {options.map(({ value, count }) => (
          <label key={value} className="filter-option">
            <input type="checkbox" checked={selected.includes(value)} onChange={() => onToggle(value)} />
            <bdi className="filter-option-label">{facetLabel(name, value)}</bdi>
            <span className="filter-option-count">{count}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** Min and max price in shekels, applied together. */
function PriceRangeForm({
  value,
  bounds,
  onApply,
}: {
  value?: string;
  bounds: FiltersData['priceRange'];
  onApply: (range: string | undefined) => void;
}) {
  const current = parsePriceRange(value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const min = String(data.get('min') ?? '').trim();
    const max = String(data.get('max') ?? '').trim();
    if (!min && !max) return onApply(undefined);
    const range = parsePriceRange(`${min || bounds?.min || 0}-${max || bounds?.max || min}`);
    onApply(range ? `${range.min}-${range.max}` : undefined);
  };
  return (
    <form className="filter-price" onSubmit={submit} key={value ?? ''}>
      <fieldset>
        <legend className="filter-price-legend">{he.lists.priceRange}</legend>
        <div className="filter-price-fields">
          <label>
            <span>{he.lists.priceMin}</span>
            <input name="min" type="number" inputMode="decimal" min={0} step="any" defaultValue={current?.min} placeholder={bounds ? String(Math.floor(bounds.min)) : undefined} />
          </label>
          <label>
            <span>{he.lists.priceMax}</span>
            <input name="max" type="number" inputMode="decimal" min={0} step="any" defaultValue={current?.max} placeholder={bounds ? String(Math.ceil(bounds.max)) : undefined} />
          </label>
          <button type="submit" className="button button-secondary">
            {he.lists.apply}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** The filters of spec 2.3 with the counts the API returned for the current set. */
export function ListFilters({
  search,
  filtersData,
  onChange,
}: {
  search: ListSearch;
  filtersData?: FiltersData;
  onChange: (patch: ListPatch) => void;
}) {
  return (
    <section id="list-filters" className="list-filters" aria-label={he.lists.filters}>
      <label className="filter-toggle">
        <input type="checkbox" checked={search.inStock !== 0} onChange={(e) => onChange({ inStock: e.target.checked ? undefined : 0 })} />
        {he.lists.inStock}
      </label>
      <PriceRangeForm value={search.priceRange} bounds={filtersData?.priceRange ?? null} onApply={(priceRange) => onChange({ priceRange })} />
      {LIST_FILTER_KEYS.map((key) => {
        const selected = selectedValues(search, key);
        return (
          <FacetMenu
            key={key}
            name={key}
            facets={filtersData?.[key] ?? []}
            selected={selected}
            onToggle={(value) => onChange({ [key]: toggle(selected, value) })}
          />
        );
      })}
    </section>
  );
}

/** The active filters, each with the change that removes it ('mine' is one chip, not one per category). */
function activeChips(search: ListSearch) {
  const chips: { id: string; label: string; patch: ListPatch }[] = [];
  if (search.inStock === 0) chips.push({ id: 'inStock', label: he.lists.withOutOfStock, patch: { inStock: undefined } });
  if (search.priceRange) chips.push({ id: 'price', label: `₪${search.priceRange}`, patch: { priceRange: undefined } });
  if (search.mine) chips.push({ id: 'mine', label: hePrescription.chip, patch: { mine: undefined } });
  for (const key of LIST_FILTER_KEYS) {
    if (key === 'dosages' && search.mine) continue;
    const values = parseList(search[key]);
    for (const value of values) {
      chips.push({ id: `${key}-${value}`, label: facetLabel(key, value), patch: { [key]: toggle(values, value) } });
    }
  }
  return chips;
}

/** How many filters are on (the count on the phone's filters button). */
export const activeFilterCount = (search: ListSearch): number => activeChips(search).length;

/** The active filters as removable chips, and a way to clear them all. */
export function ActiveFilters({ search, onChange }: { search: ListSearch; onChange: (patch: ListPatch) => void }) {
  const chips = activeChips(search);
  if (!chips.length) return null;
  return (
    <div className="active-filters">
      <ul className="active-filters-list chip-list" aria-label={he.lists.activeFilters}>
        {chips.map((chip) => (
          <li key={chip.id}>
            <button type="button" className="filter-chip" aria-label={he.lists.removeFilter(chip.label)} onClick={() => onChange(chip.patch)}>
              <bdi>{chip.label}</bdi>
              <span aria-hidden="true"> ✕</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="link-button"
        onClick={() => onChange(CLEAR_FILTERS)}
      >
        {he.lists.clearFilters}
      </button>
    </div>
  );
}
