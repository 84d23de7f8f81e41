import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Messages } from '../messages';
import {
  parseComparisonQuery, parsePharmListQuery, parsePharmProductListQuery, parseProductListQuery, GEO_SORTS, MAX_FILTER_PRICE,
} from './query';
import { ComparisonRequest, DiscountListRequest, PharmListRequest, PharmProductGetRequest, PharmProductListRequest } from '../pharm/requests';
import { ProductListRequest, ProductRelatedRequest, SearchRequest, TagGetRequest } from './requests';

/** The first message of what fails, or undefined when `value` fits `type` (as the kit's ValidationPipe validates it). */
function refusal<T extends object>(type: new () => T, value: unknown): string | undefined {
  const errors = validateSync(plainToInstance(type, value) as object, { whitelist: true });
  return errors.length ? Object.values(errors[0].constraints ?? {})[0] ?? 'nested' : undefined;
}

/** Query strings as browsers, crawlers and people send them, garbage included. */
const RAW_QUERIES: Record<string, unknown>[] = [
  {},
  { page: '2', sortBy: 'price', inStock: '0', types: 'flower,seeds', cannabisTypes: ['sativa', 'x'], dosages: 'T20/C4,strong', companies: 'א,ב' },
  { page: 'abc', sortBy: 42, inStock: 'maybe', priceRange: '300-150', search: '  גרין ', firstProductSlugs: 'Bad Slug,ok-slug', firstPharmSlugs: 'x,,Y' },
  { page: '-3', priceRange: `${'9'.repeat(30)}-1`, lat: '32.1', lng: '34.8', distance: '12.5', delivery: 'free', open: '1', locationRadius: '99999999999' },
  { page: ['1', '2'], priceRange: 'cheap', lat: 'x', lng: '200', distance: 'far', delivery: 'teleport', firstProduct: '9999999999', product: '7' },
  { types: { a: 1 }, search: 'x'.repeat(500), companies: 'x'.repeat(101), sortBy: 'nearby', isOpen: 'true', hasDelivery: '0', isPromoted: '1' },
];

describe('what the gateway parses is what the services take', () => {
  it.each(RAW_QUERIES.map((raw, i) => [i, raw]))('query %d: every list DTO accepts its parse', (_i, raw) => {
    expect(refusal(ProductListRequest, parseProductListQuery(raw))).toBeUndefined();
    expect(refusal(PharmProductListRequest, { ...parsePharmProductListQuery(raw), slug: 'a-pharmacy' })).toBeUndefined();
    expect(refusal(DiscountListRequest, parsePharmProductListQuery(raw, GEO_SORTS))).toBeUndefined();
    expect(refusal(PharmListRequest, parsePharmListQuery(raw))).toBeUndefined();
    expect(refusal(ComparisonRequest, parseComparisonQuery('a-product', raw))).toBeUndefined();
  });

  it('drops at the edge what the services refuse: slugs that cannot be one, ids beyond the id column', () => {
    expect(parseProductListQuery({ firstProductSlugs: 'Bad Slug,ok-slug' }).firstProductSlugs).toEqual(['ok-slug']);
    expect(parsePharmListQuery({ firstPharmSlugs: 'x,,Y,ok' }).firstPharmSlugs).toEqual(['x', 'ok']);
    expect(parsePharmListQuery({ locationRadius: String(2 ** 31) }).locationRadius).toBeUndefined();
    expect(parsePharmListQuery({ locationRadius: '12' }).locationRadius).toBe(12);
    expect(parsePharmProductListQuery({ firstProduct: String(2 ** 31) }).firstProduct).toBeUndefined();
    expect(parsePharmProductListQuery({ product: '7' }).firstProduct).toBe(7);
    expect(parseProductListQuery({ priceRange: `${'9'.repeat(30)}-1` }).priceRange).toEqual({ min: 1, max: MAX_FILTER_PRICE });
  });
});

describe('the services refuse what the gateway would not send', () => {
  const list = parseProductListQuery({});

  it('refuses unparsed query values and missing fields', () => {
    for (const bad of [{ page: '2' }, { page: 0 }, { inStock: 'maybe' }, { sortBy: 'cheapest' }, { types: ['seeds'] }, { types: 'flower' },
      { priceRange: '1-2' }, { priceRange: { min: 5, max: 1 } }, { priceRange: { min: 0, max: 1e9 } }, { dosages: ['strong'] },
      { firstProductSlugs: ['Bad Slug'] }, { companies: ['a', 'a'] }, { search: 'x'.repeat(201) }]) {
      expect(refusal(ProductListRequest, { ...list, ...bad })).toBe(Messages.badRequest);
    }
    expect(refusal(ProductListRequest, { page: 1 })).toBeDefined();
  });

  it('refuses the geo filters unless they are exactly what parsing gives', () => {
    const pharms = parsePharmListQuery({});
    for (const bad of [{ location: { lat: 'x', lng: 1 } }, { location: { lat: 91, lng: 1 } }, { location: { lat: 1, lng: 1, alt: 3 } }, { distance: 0 },
      { delivery: 'fast' }, { area: { type: 'country', name: 'ישראל' } }, { area: 'north' }, { locationRadius: 2 ** 31 }]) {
      expect(refusal(PharmListRequest, { ...pharms, ...bad })).toBe(Messages.badRequest);
    }
    expect(refusal(PharmListRequest, { ...pharms, tag: 'Bad Tag' })).toBe(Messages.invalidUrl);
    expect(refusal(PharmListRequest, { ...pharms, area: { type: 'city', name: 'חיפה' }, location: { lat: 32.8, lng: 35 } })).toBeUndefined();
    expect(refusal(PharmProductListRequest, { ...parsePharmProductListQuery({}), slug: 'a', sortBy: 'nearby' })).toBe(Messages.badRequest);
    expect(refusal(DiscountListRequest, { ...parsePharmProductListQuery({}), sortBy: 'nearby' })).toBeUndefined();
  });

  it('refuses bad slugs, ids, sizes and search limits with the messages the pages show', () => {
    expect(refusal(TagGetRequest, { slug: '../x', page: 1 })).toBe(Messages.invalidUrl);
    expect(refusal(ProductRelatedRequest, { slug: 'a-b', size: 13 })).toBe(Messages.badRequest);
    expect(refusal(ProductRelatedRequest, { slug: 'a-b', size: 3 })).toBeUndefined();
    expect(refusal(PharmProductGetRequest, { slug: 'a', id: '12' })).toBe(Messages.invalidUrl);
    expect(refusal(PharmProductGetRequest, { slug: 'Any Text', id: 12 })).toBeUndefined(); // an unknown pharmacy is the service's 404
    expect(refusal(SearchRequest, { term: 'גרין', limit: 6 })).toBe(Messages.badRequest);
    expect(refusal(SearchRequest, { term: '', limit: 5 })).toBeUndefined();
  });
});
