import { parsePage, withoutControlChars } from '@mc/contracts';

/** The URL state of /search: the term (without control characters, trimmed, at most 100 characters) and the products page. */
export interface SearchPageSearch {
  term?: string;
  page?: number;
}

const MAX_TERM_LENGTH = 100;

export function validateSearchPage(raw: Record<string, unknown>): SearchPageSearch {
  const term = typeof raw.term === 'string' ? withoutControlChars(raw.term).trim().slice(0, MAX_TERM_LENGTH) : '';
  const page = parsePage(raw.page);
  // Both keys answered, undefined when dropped (the router spreads this over the raw query: see validateListSearch).
  return { term: term || undefined, page: page > 1 ? page : undefined };
}

/** The API query strings of the results page: every product matching the term (in stock or not), and pharmacies. */
export function searchApiParams(term: string, page: number) {
  return {
    products: new URLSearchParams({ page: String(page), sortBy: 'magic', inStock: '0', search: term }).toString(),
    pharms: new URLSearchParams({ page: '1', search: term }).toString(),
  };
}
