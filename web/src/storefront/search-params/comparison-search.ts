import { COMPARISON_SORTS, parseEnum, parseFlag } from '@mc/contracts';
import type { ComparisonParams } from '../queries/products';

/** The URL state of the comparison on a product page (spec 2.3): defaults left out. */
export interface ComparisonSearch {
  isOpen?: 1;
  hasDelivery?: 1;
  sortBy?: 'nearby';
}

/** Every key answered, undefined when dropped (the router spreads this over the raw query: see validateListSearch). */
export function validateComparisonSearch(raw: Record<string, unknown>): ComparisonSearch {
  return {
    isOpen: parseFlag(raw.isOpen, false) ? 1 : undefined,
    hasDelivery: parseFlag(raw.hasDelivery, false) ? 1 : undefined,
    sortBy: parseEnum(raw.sortBy, COMPARISON_SORTS, 'price') === 'nearby' ? 'nearby' : undefined,
  };
}

/**
 * The comparison's API parameters for the URL state: by distance when asked for and the browser's position is known,
 * else by price; the position, whenever known, also gives every row its distance.
 */
export function comparisonParams(search: ComparisonSearch, location?: ComparisonParams['location']): ComparisonParams {
  const sortBy = search.sortBy === 'nearby' && location ? 'nearby' : 'price';
  return { isOpen: search.isOpen === 1, hasDelivery: search.hasDelivery === 1, sortBy, location };
}
