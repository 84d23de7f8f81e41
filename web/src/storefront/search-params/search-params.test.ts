import { describe, expect, it } from 'vitest';
import { searchApiParams, validateSearchPage } from './search-params';

describe('search page URL', () => {
  it('keeps a trimmed term and a page past the first; drops the rest', () => {
    expect(validateSearchPage({ term: '  גרין ', page: '3', sortBy: 'x' })).toEqual({ term: 'גרין', page: 3 });
    expect(validateSearchPage({ term: '   ', page: '1' })).toEqual({});
    expect(validateSearchPage({ term: 42, page: 'abc' })).toEqual({});
    expect(validateSearchPage({ term: 'א'.repeat(150) }).term).toHaveLength(100);
  });

  it('ignores garbage: list filters, a term of the wrong shape, a page that is not a whole number', () => {
    expect(validateSearchPage({ term: ['גרין', 'x'], page: '2.5', priceRange: 'abc', types: 'zzz', inStock: '0' })).toEqual({});
    expect(validateSearchPage({ term: { a: 1 }, page: '-3' })).toEqual({});
    // As the page gets it: the router spreads the validated search over the raw query.
    const raw = { term: ['x'], page: 'abc' };
    expect({ ...raw, ...validateSearchPage(raw) }).toEqual({});
    expect(validateSearchPage({ term: 'גרין\u0000', page: '99999999' })).toEqual({ term: 'גרין', page: 10_000 });
  });

  it('asks for every matching product, in stock or not, and the pharmacies', () => {
    const params = searchApiParams('דוקטור גרין', 2);
    expect(Object.fromEntries(new URLSearchParams(params.products))).toEqual({
      page: '2',
      sortBy: 'magic',
      inStock: '0',
      search: 'דוקטור גרין',
    });
    expect(Object.fromEntries(new URLSearchParams(params.pharms))).toEqual({ page: '1', search: 'דוקטור גרין' });
  });
});
