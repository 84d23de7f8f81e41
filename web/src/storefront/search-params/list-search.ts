import { LIST_SORTS, parseEnum, parseList, parsePage, parseProductFilters, type GeoPoint, type GeoSort } from '@mc/contracts';

const LAYOUTS = ['grid', 'list'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** The URL state of a product list (spec 2.3). Defaults are left out of the URL. */
export interface ListSearch {
  page?: number;
  sortBy?: GeoSort;
  layout?: Layout;
  /** Only `0` is written; in stock is the default. */
  inStock?: 0;
  priceRange?: string;
  types?: string;
  cannabisTypes?: string;
  dosages?: string;
  companies?: string;
  /**
   * The product list's 'בקטגוריות שלי': the dosages filter is the signed-in patient's prescription categories,
   * resolved in the browser (`withMyCategories`), so the categories themselves never enter the address.
   */
  mine?: 1;
}

export const LIST_FILTER_KEYS = ['types', 'cannabisTypes', 'dosages', 'companies'] as const;
export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

const joined = (values: string[]) => (values.length ? values.join(',') : undefined);

/**
 * Reads a list's URL: values outside the allowed sets are ignored, defaults (page 1, sort magic,
 * in stock, `defaultLayout`) are dropped so the URL stays short. The filters are read by the contracts' parse,
 * the one the API reads them with, so the page never shows a filter the API would ignore.
 *
 * Every key is answered, `undefined` when dropped: the router hands the page this object spread over the raw
 * query, so a key left out would keep the address's value (`?priceRange=abc` reaching a chip as '₪abc').
 */
export function validateListSearch(
  raw: Record<string, unknown>,
  sorts: readonly GeoSort[] = LIST_SORTS,
  defaultLayout: Layout = 'grid',
): ListSearch {
  const page = parsePage(raw.page);
  const sortBy = parseEnum(raw.sortBy, sorts, 'magic');
  const layout = parseEnum(raw.layout, LAYOUTS, defaultLayout);
  const filters = parseProductFilters(raw);
  const range = filters.priceRange;
  const search: ListSearch = {
    page: page > 1 ? page : undefined,
    sortBy: sortBy !== 'magic' ? sortBy : undefined,
    layout: layout !== defaultLayout ? layout : undefined,
    inStock: filters.inStock ? undefined : 0,
    priceRange: range ? `${range.min}-${range.max}` : undefined,
    types: joined(filters.types),
    cannabisTypes: joined(filters.cannabisTypes),
    dosages: joined(filters.dosages),
    companies: joined(filters.companies),
    mine: undefined,
  };
  return search;
}

/** The product list's URL: a list's, and 'mine' (the prescription's categories as the dosages filter). */
export function validateProductListSearch(raw: Record<string, unknown>): ListSearch {
  return { ...validateListSearch(raw), mine: raw.mine === 1 || raw.mine === '1' ? 1 : undefined };
}

/** The selected values of one comma-list filter. */
export function selectedValues(search: ListSearch, key: ListFilterKey): string[] {
  return parseList(search[key]);
}

/** The API query string for a list URL (`location` for the nearby sort). */
export function listApiParams(search: ListSearch, location?: GeoPoint): string {
  const query = new URLSearchParams();
  query.set('page', String(search.page ?? 1));
  query.set('sortBy', search.sortBy === 'nearby' && !location ? 'price' : (search.sortBy ?? 'magic'));
  query.set('inStock', search.inStock === 0 ? '0' : '1');
  if (search.priceRange) query.set('priceRange', search.priceRange);
  for (const key of LIST_FILTER_KEYS) {
    const value = search[key];
    if (value) query.set(key, value);
  }
  if (location && search.sortBy === 'nearby') {
    query.set('lat', String(location.lat));
    query.set('lng', String(location.lng));
  }
  return query.toString();
}

/** Whether any filter (not sort, layout or page) differs from the defaults. */
export function hasActiveFilters(search: ListSearch): boolean {
  return search.inStock === 0 || !!search.priceRange || search.mine === 1 || LIST_FILTER_KEYS.some((key) => !!search[key]);
}

/** Total pages of a paged answer (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/** The patch that puts every filter back to its default. */
export const CLEAR_FILTERS: Partial<ListSearch> = {
  inStock: undefined,
  priceRange: undefined,
  types: undefined,
  cannabisTypes: undefined,
  dosages: undefined,
  companies: undefined,
  mine: undefined,
};
