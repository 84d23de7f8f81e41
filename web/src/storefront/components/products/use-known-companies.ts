import { knownCompanies, type FiltersData } from '@mc/contracts';
import { useEffect } from 'react';
import type { ListPatch } from './ListFilters';
import { selectedValues, type ListSearch } from '../../search-params/list-search';

/**
 * Companies have no closed list to check an address against, so the list's answer tells: an asked-for company its
 * companies facet does not name is unknown there (the contracts' `withNamedCompanies`) and leaves the address, in
 * place. `answered` says the answer is for this search (not the last one, kept on screen while the next loads).
 * Answers the search to draw: already without those companies, so no chip or option shows them, not even in the
 * server's HTML.
 */
export function useKnownCompanies<S extends ListSearch>(
  search: S,
  filtersData: FiltersData | undefined,
  answered: boolean,
  onChange: (patch: ListPatch, replace?: boolean) => void,
): S {
  const asked = selectedValues(search, 'companies');
  const known = answered && filtersData ? knownCompanies(asked, filtersData.companies) : asked;
  const next = known.length < asked.length ? known.join(',') : null;
  useEffect(() => {
    if (next !== null) onChange({ companies: next || undefined }, true);
  }, [next, onChange]);
  return next === null ? search : { ...search, companies: next || undefined };
}
