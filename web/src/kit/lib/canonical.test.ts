import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical';

const ORIGIN = 'https://example.co.il';

describe('canonicalUrl', () => {
  it('is origin and path for a page without parameters', () => {
    expect(canonicalUrl(ORIGIN, '/products/dr-green-t20-c4', {})).toBe(`${ORIGIN}/products/dr-green-t20-c4`);
  });

  it('keeps page and filters, in a fixed order, and drops layout and sort', () => {
    const search = { layout: 'list', sortBy: 'price', page: 2, types: 'flower,oil', inStock: 0 };
    expect(canonicalUrl(ORIGIN, '/products', search)).toBe(`${ORIGIN}/products?types=flower%2Coil&inStock=0&page=2`);
  });

  it("drops the comparison's filters and the pharmacy's first product", () => {
    expect(canonicalUrl(ORIGIN, '/products/x', { isOpen: 1, hasDelivery: 1, sortBy: 'nearby' })).toBe(`${ORIGIN}/products/x`);
    expect(canonicalUrl(ORIGIN, '/pharms/layla-haifa', { product: 12 })).toBe(`${ORIGIN}/pharms/layla-haifa`);
  });

  it('points an embed at its pharmacy page', () => {
    expect(canonicalUrl(ORIGIN, '/pharms/layla-haifa/embed', { page: 3 })).toBe(`${ORIGIN}/pharms/layla-haifa?page=3`);
  });

  it('keeps the search term and the pharmacy list filters', () => {
    expect(canonicalUrl(ORIGIN, '/search', { term: 'גרין' })).toBe(`${ORIGIN}/search?term=%D7%92%D7%A8%D7%99%D7%9F`);
    expect(canonicalUrl(ORIGIN, '/pharms/', { open: 1, delivery: 'free', distance: 5 })).toBe(`${ORIGIN}/pharms?open=1&delivery=free`);
  });
});
