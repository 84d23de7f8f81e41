import { describe, expect, it } from 'vitest';
import { validateComparisonSearch } from './comparison-search';

describe('validateComparisonSearch', () => {
  it('keeps the allowed values', () => {
    expect(validateComparisonSearch({ isOpen: '1', hasDelivery: 1, sortBy: 'nearby' })).toEqual({ isOpen: 1, hasDelivery: 1, sortBy: 'nearby' });
  });

  it('drops values outside the allowed sets, also as the page gets them (the router spreads the validated search over the raw query)', () => {
    const raw = { isOpen: 'zzz', hasDelivery: '<b>', sortBy: 'cheapest' };
    expect({ ...raw, ...validateComparisonSearch(raw) }).toEqual({});
  });
});
