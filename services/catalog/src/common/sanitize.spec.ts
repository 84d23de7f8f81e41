import { MAX_FILTER_PRICE, PER_PAGE, RELATED_SIZE, SEARCH_LIMIT, shekelsToAgorot } from '@mc/contracts';
import { cleanMediaSlug, cleanProductListQuery, cleanRelatedRequest, cleanSearchRequest, cleanTagRequest, MAX_RELATED } from './sanitize';

describe('request cleaning', () => {
  it('keeps a parsed product list query as the gateway sends it', () => {
    const query = {
      search: 'גרין', inStock: false, priceRange: { min: 150, max: 300 }, types: ['flower'], cannabisTypes: ['sativa'],
      dosages: ['T20/C4'], companies: ['חברה'], page: 2, sortBy: 'price', firstProductSlugs: ['dr-green-t20-c4'],
    };
    expect(cleanProductListQuery(query)).toEqual(query);
  });

  it('reads query-string forms and drops what does not fit, never throwing', () => {
    expect(cleanProductListQuery({ inStock: '0', priceRange: '300-150', types: 'flower,seeds', dosage: 'T20/C4,strong', page: '3', sortBy: 'nearby' })).toMatchObject({
      inStock: false, priceRange: { min: 150, max: 300 }, types: ['flower'], dosages: ['T20/C4'], page: 3, sortBy: 'magic',
    });
    for (const raw of [null, undefined, 42, 'x', [], { page: {}, priceRange: { min: 'a', max: 1 }, firstProductSlugs: 'Bad Slug,ok-slug' }]) {
      const query = cleanProductListQuery(raw);
      expect(query).toMatchObject({ inStock: true, page: 1, sortBy: 'magic', priceRange: undefined, types: [] });
    }
    expect(cleanProductListQuery({ firstProductSlugs: 'Bad Slug,ok-slug' }).firstProductSlugs).toEqual(['ok-slug']);
    expect(cleanProductListQuery({ priceRange: { min: -1, max: 5 } }).priceRange).toBeUndefined();
    expect(PER_PAGE.products).toBeGreaterThan(0);
  });

  it('bounds the sizes of related products and suggestions', () => {
    expect(cleanRelatedRequest({ slug: 'a-b' })).toEqual({ slug: 'a-b', size: RELATED_SIZE });
    expect(cleanRelatedRequest({ slug: 'a-b', size: '2' })).toEqual({ slug: 'a-b', size: 2 });
    expect(cleanRelatedRequest({ slug: 'a-b', size: 1000 }).size).toBe(MAX_RELATED);
    expect(cleanRelatedRequest({ slug: 'A B', size: -1 })).toEqual({ slug: undefined, size: RELATED_SIZE });
    expect(cleanSearchRequest({ term: '  גרין ', limit: 50 })).toEqual({ term: 'גרין', limit: SEARCH_LIMIT });
    expect(cleanSearchRequest({ term: '', limit: 0 })).toEqual({ term: undefined, limit: SEARCH_LIMIT });
    expect(cleanSearchRequest({ term: 'x'.repeat(500) }).term).toHaveLength(100);
  });

  it('reads tag and media requests', () => {
    expect(cleanTagRequest({ slug: 'sativa', page: '2' })).toEqual({ slug: 'sativa', page: 2 });
    expect(cleanTagRequest({ slug: '../x', page: 0 })).toEqual({ slug: undefined, page: 1 });
    expect(cleanMediaSlug({ slug: 'dr-green-t20-c4.svg' })).toBe('dr-green-t20-c4');
    expect(cleanMediaSlug({ slug: 'dr-green-t20-c4' })).toBe('dr-green-t20-c4');
    expect(cleanMediaSlug({ slug: '../../etc/passwd' })).toBeUndefined();
    expect(cleanMediaSlug(null)).toBeUndefined();
  });
});

describe('request cleaning of what PostgreSQL cannot take', () => {
  it('replaces control characters in text (PostgreSQL refuses NUL) and keeps price bounds within the integer columns', () => {
    expect(cleanProductListQuery({ search: 'a\u0000b', companies: ['x\u0000', 'חברה'] })).toMatchObject({ search: 'a b', companies: ['חברה'] });
    expect(cleanProductListQuery({ search: '\u0000' }).search).toBeUndefined();
    expect(cleanProductListQuery({ priceRange: { min: 1e308, max: 5 } }).priceRange).toEqual({ min: 5, max: MAX_FILTER_PRICE });
    expect(cleanProductListQuery({ priceRange: `${'9'.repeat(30)}-1` }).priceRange).toEqual({ min: 1, max: MAX_FILTER_PRICE });
    expect(shekelsToAgorot(MAX_FILTER_PRICE)).toBeLessThanOrEqual(2_147_483_647);
  });
});
