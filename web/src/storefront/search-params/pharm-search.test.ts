import { describe, expect, it } from 'vitest';
import { pharmListApiParams, validatePharmListSearch } from './pharm-search';
import { pharmProductsApiParams, validatePharmPageSearch } from './pharm-page-search';

describe('validatePharmListSearch', () => {
  it('keeps allowed values and drops the defaults', () => {
    expect(
      validatePharmListSearch({ page: '2', search: ' חיפה ', open: '1', openInSaturday: '0', locationRadius: '22', delivery: 'free', distance: '5', layout: 'grid' }),
    ).toEqual({ page: 2, search: 'חיפה', open: 1, locationRadius: 22, delivery: 'free', distance: 5, layout: 'grid' });
    expect(validatePharmListSearch({ page: '1', layout: 'list' })).toEqual({});
  });

  it('ignores values outside the allowed sets', () => {
    const raw = { delivery: 'maybe', distance: '7', locationRadius: 'x', layout: 'table', page: '-3', open: 'zzz', search: ['x'], sortBy: 'price' };
    expect(validatePharmListSearch(raw)).toEqual({});
    // As the page gets it: the router spreads the validated search over the raw query.
    expect({ ...raw, ...validatePharmListSearch(raw) }).toEqual({});
  });

  it('keeps nearest first (sortBy=nearby)', () => {
    expect(validatePharmListSearch({ sortBy: 'nearby', open: '1' })).toEqual({ sortBy: 'nearby', open: 1 });
  });
});

describe('pharmListApiParams', () => {
  it('sends the distance only with a position', () => {
    expect(pharmListApiParams({ open: 1, distance: 5 })).toBe('page=1&open=1');
    expect(pharmListApiParams({ distance: 5 }, { lat: 32.1, lng: 34.8 })).toBe('page=1&lat=32.1&lng=34.8&distance=5');
  });

  it('sends nearest first only with a position', () => {
    expect(pharmListApiParams({ sortBy: 'nearby' })).toBe('page=1');
    expect(pharmListApiParams({ sortBy: 'nearby' }, { lat: 32.1, lng: 34.8 })).toBe('page=1&lat=32.1&lng=34.8&sortBy=nearby');
  });
});

describe('the pharmacy page URL', () => {
  it('reads ?product= and sends it as firstProduct', () => {
    const search = validatePharmPageSearch({ product: '65', sortBy: 'nearby', types: 'oil,bogus' });
    expect(search).toEqual({ product: 65, types: 'oil' });
    expect(pharmProductsApiParams(search)).toBe('page=1&sortBy=magic&inStock=1&types=oil&firstProduct=65');
    const raw = { product: 'abc', priceRange: 'abc', types: 'zzz', inStock: 'zzz' };
    expect({ ...raw, ...validatePharmPageSearch(raw) }).toEqual({});
  });
});
