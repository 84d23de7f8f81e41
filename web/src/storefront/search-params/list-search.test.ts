import { describe, expect, it } from 'vitest';
import { hasActiveFilters, listApiParams, pageCount, validateListSearch } from './list-search';

/** The search a page gets: TanStack Router spreads the validated search over the raw query. */
const routed = (raw: Record<string, unknown>, validate: (raw: Record<string, unknown>) => object = validateListSearch) => ({ ...raw, ...validate(raw) });

describe('validateListSearch', () => {
  it('keeps allowed values and drops defaults', () => {
    expect(
      validateListSearch({ page: 3, sortBy: 'price', layout: 'list', inStock: 0, types: 'flower,oil', dosages: 'T20/C4' }),
    ).toEqual({ page: 3, sortBy: 'price', layout: 'list', inStock: 0, types: 'flower,oil', dosages: 'T20/C4' });
    expect(validateListSearch({ page: 1, sortBy: 'magic', layout: 'grid', inStock: 1 })).toEqual({});
  });

  it('ignores values outside the allowed sets', () => {
    expect(
      validateListSearch({ page: -2, sortBy: 'nearby', layout: 'table', types: 'flower,tea', cannabisTypes: 'ruderalis', dosages: 'x' }),
    ).toEqual({ types: 'flower' });
  });

  it.each([
    ['a price range that is not min-max', { priceRange: 'abc' }],
    ['a price range with one bound', { priceRange: '100-' }],
    ['a negative price range', { priceRange: '-5-10' }],
    ['a product type outside the set', { types: 'zzz' }],
    ['a strain outside the set', { cannabisTypes: 'zzz,<script>' }],
    ['a dosage that is not T/C', { dosages: 'zzz' }],
    ['a stock flag that is not 0 or 1', { inStock: 'zzz' }],
    ['a page that is not a whole number', { page: 'abc' }],
    ['a sort outside the set', { sortBy: 'zzz' }],
    ['a layout outside the set', { layout: 'zzz' }],
    ['values of the wrong shape', { types: { a: 1 }, priceRange: ['abc'], inStock: null }],
  ])('ignores %s: nothing reaches the filters and chips, even through the raw query', (_, raw) => {
    expect(validateListSearch(raw)).toEqual({});
    expect(routed(raw)).toEqual({});
  });

  it('keeps the allowed values of a list and drops the garbage beside them', () => {
    expect(routed({ types: 'zzz,oil', priceRange: 'abc', inStock: 0, dosages: 'T20/C4,zzz', companies: ' ' }))
      .toEqual({ types: 'oil', inStock: 0, dosages: 'T20/C4' });
  });

  it('accepts nearby where the list allows it, and normalises the price range', () => {
    expect(validateListSearch({ sortBy: 'nearby', priceRange: '300-100' }, ['magic', 'nearby'])).toEqual({
      sortBy: 'nearby',
      priceRange: '100-300',
    });
  });
});

describe('listApiParams', () => {
  it('sends page, sort and stock with the filters', () => {
    expect(listApiParams({ companies: 'אדמה מד' })).toBe(
      'page=1&sortBy=magic&inStock=1&companies=%D7%90%D7%93%D7%9E%D7%94+%D7%9E%D7%93',
    );
  });

  it('sends the position for nearby, and falls back to price without one', () => {
    expect(listApiParams({ sortBy: 'nearby' }, { lat: 32, lng: 34.8 })).toBe('page=1&sortBy=nearby&inStock=1&lat=32&lng=34.8');
    expect(listApiParams({ sortBy: 'nearby', inStock: 0 })).toBe('page=1&sortBy=price&inStock=0');
  });
});

describe('helpers', () => {
  it('counts pages and active filters', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(49, 24)).toBe(3);
    expect(hasActiveFilters({ page: 2, sortBy: 'new' })).toBe(false);
    expect(hasActiveFilters({ inStock: 0 })).toBe(true);
  });
});
