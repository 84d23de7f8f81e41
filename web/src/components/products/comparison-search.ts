import { COMPARISON_SORTS, parseEnum, parseFlag } from '@mc/contracts';
import type { ComparisonParams } from '../../queries/products';

/** The URL state of the comparison on a product page (spec 2.3): defaults left out. */
export interface ComparisonSearch {
  isOpen?: 1;
  hasDelivery?: 1;
  sortBy?: 'nearby';
}

export function validateComparisonSearch(raw: Record<string, unknown>): ComparisonSearch {
  const search: ComparisonSearch = {};
  if (parseFlag(raw.isOpen, false)) search.isOpen = 1;
  if (parseFlag(raw.hasDelivery, false)) search.hasDelivery = 1;
  if (parseEnum(raw.sortBy, COMPARISON_SORTS, 'price') === 'nearby') search.sortBy = 'nearby';
  return search;
}

/**
 * The comparison's API parameters for the URL state: by distance when asked for and the browser's position is known,
 * else by price; the position, whenever known, also gives every row its distance.
 */
export function comparisonParams(search: ComparisonSearch, location?: ComparisonParams['location']): ComparisonParams {
  const sortBy = search.sortBy === 'nearby' && location ? 'nearby' : 'price';
  return { isOpen: search.isOpen === 1, hasDelivery: search.hasDelivery === 1, sortBy, location };
}
