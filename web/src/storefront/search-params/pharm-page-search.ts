import { LIST_SORTS, parseNumber } from '@mc/contracts';
import { listApiParams, validateListSearch, type ListSearch } from './list-search';

/** A pharmacy page's URL: the product list's state and `product`, a pharm product id shown first. */
export interface PharmPageSearch extends ListSearch {
  product?: number;
}

export function validatePharmPageSearch(raw: Record<string, unknown>): PharmPageSearch {
  const product = parseNumber(raw.product, 1, Number.MAX_SAFE_INTEGER);
  const search: PharmPageSearch = validateListSearch(raw, LIST_SORTS);
  // Answered even when dropped, as validateListSearch answers its keys.
  search.product = product !== undefined && Number.isInteger(product) ? product : undefined;
  return search;
}

/** The query string of `GET /api/pharms/{slug}/products` for the page's URL. */
export function pharmProductsApiParams(search: PharmPageSearch): string {
  const query = new URLSearchParams(listApiParams(search));
  if (search.product) query.set('firstProduct', String(search.product));
  return query.toString();
}
