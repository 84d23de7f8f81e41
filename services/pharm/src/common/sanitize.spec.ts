import { MAX_FILTER_PRICE } from '@mc/contracts';
import { cleanComparisonQuery, cleanId, cleanPharmListQuery, cleanPharmProductListQuery } from './sanitize';

describe('cleaning what arrives on a request subject', () => {
  it('ignores values outside the allowed sets and bad numbers, never throwing', () => {
    expect(cleanPharmProductListQuery({ page: -2, sortBy: 'nearby', types: ['oil', 'bogus'], cannabisTypes: 'sativa,x', dosages: ['T20/C4', 'T20'], priceRange: { min: 'a', max: 3 }, inStock: 'maybe', firstProduct: 'abc' }))
      .toEqual({ search: undefined, page: 1, sortBy: 'magic', types: ['oil'], cannabisTypes: ['sativa'], dosages: ['T20/C4'], companies: [], priceRange: undefined, inStock: true, firstProduct: undefined, location: undefined });
    expect(cleanPharmListQuery('nonsense')).toMatchObject({ page: 1, open: false, openInSaturday: false, firstPharmSlugs: [], hasPharmProducts: false });
    expect(cleanPharmListQuery({ distance: -4, delivery: 'fast', area: { type: 'country', name: 'ישראל' }, tag: 'Bad Tag' })).toMatchObject({ distance: undefined, delivery: undefined, area: undefined, tag: undefined });
    expect(cleanComparisonQuery({ slug: 'Not A Slug' })).toBeUndefined();
    expect(cleanComparisonQuery({ slug: 'a-b', sortBy: 'magic', isOpen: 1 })).toMatchObject({ slug: 'a-b', sortBy: 'price', isOpen: true });
  });

  it('keeps the values that fit', () => {
    expect(cleanPharmProductListQuery({ page: 3, sortBy: 'nearby', location: { lat: 32.1, lng: 34.8 }, priceRange: '300-150', inStock: false, firstProduct: 7 }, ['magic', 'nearby']))
      .toMatchObject({ page: 3, sortBy: 'nearby', location: { lat: 32.1, lng: 34.8 }, priceRange: { min: 150, max: 300 }, inStock: false, firstProduct: 7 });
    expect(cleanPharmListQuery({ distance: 12.5, delivery: 'free', area: { type: 'city', name: 'חיפה' }, open: '1', tag: 'open-late' }))
      .toMatchObject({ distance: 12.5, delivery: 'free', area: { type: 'city', name: 'חיפה' }, open: true, tag: 'open-late' });
  });

  it('reads ids as digits only', () => {
    expect([cleanId(5), cleanId('12'), cleanId('12a'), cleanId(0), cleanId(1.5), cleanId('-3'), cleanId(2 ** 31)]).toEqual([5, 12, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('cleaning what PostgreSQL cannot take', () => {
  it('replaces control characters in text (PostgreSQL refuses NUL) and keeps price bounds within the integer columns', () => {
    expect(cleanPharmListQuery({ search: 'a\u0000b' }).search).toBe('a b');
    expect(cleanPharmProductListQuery({ search: '\u0000\u001b', companies: 'x\u0000,חברה' })).toMatchObject({ search: undefined, companies: ['חברה'] });
    expect(cleanPharmProductListQuery({ priceRange: { min: 0, max: 1e308 } }).priceRange).toEqual({ min: 0, max: MAX_FILTER_PRICE });
  });
});
