import { describe, expect, it } from 'vitest';
import { hasActiveFilters, listApiParams, pageCount, validateListSearch } from './list-search';

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
