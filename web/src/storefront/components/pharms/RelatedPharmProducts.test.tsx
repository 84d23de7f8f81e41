import type { PharmProduct, PharmProductDetailResponse, PharmProductListResponse } from '@mc/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pharmProductRoute } from '../../routes/pharm-product';
import { relatedOffers } from './RelatedPharmProducts';
import { renderRoutes } from '../../../app/testing/render-routes';

function offer(id: number, slug: string, info: Partial<PharmProduct['product']['info']> = {}, fields: Partial<PharmProduct> = {}): PharmProduct {
  return {
    id, pharmProductId: id, totalPrice: 150, originalPrice: null, discountPercent: 0, inStock: true,
    confirmedAt: Date.now(), stale: false, published: true, expiresAt: null, isPopular: false, isNew: false,
    product: {
      slug, name: `מוצר ${slug}`, shortName: null, type: 'flower', imageUrl: null, sizeQuantity: 10, sizeUnit: 'גרם',
      info: { hebName: `מוצר ${slug}`, engName: null, company: null, cannabisType: null, thccbdDosage: 'T20/C4', ...info },
    },
    pharm: { slug: 'layla', name: 'בית מרקחת לילה', city: 'חיפה', address: 'מוריה 98' } as PharmProduct['pharm'],
    ...fields,
  } as PharmProduct;
}

const current = offer(5, 'lemon', { company: 'שדות', cannabisType: 'sativa' });
const list = [
  offer(5, 'lemon', { company: 'שדות', cannabisType: 'sativa' }), // itself
  offer(6, 'other-a', { company: 'אחרת', cannabisType: 'indica' }),
  offer(7, 'same-type', { company: 'אחרת', cannabisType: 'sativa' }),
  offer(8, 'same-company', { company: 'שדות', cannabisType: 'indica' }),
  offer(9, 'gone', { company: 'שדות', cannabisType: 'sativa' }, { inStock: false }),
  offer(10, 'lemon', { company: 'שדות', cannabisType: 'sativa' }), // another size of the same product
  offer(11, 'other-b'),
];

describe('relatedOffers', () => {
  it("ranks the pharmacy's other offers: its company, then its type, then the list's order; 3 at most", () => {
    expect(relatedOffers(current, list).map((o) => o.id)).toEqual([8, 7, 6]);
    expect(relatedOffers(current, list, [8]).map((o) => o.id)).toEqual([7, 6, 11]);
  });
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe("a pharmacy's product page", () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/pharms/layla/products/5') {
        const body: PharmProductDetailResponse = { pharmProduct: current, pharmProductVariants: [], shipments: [], tags: [] };
        return json(body);
      }
      if (url.pathname === '/api/pharms/layla/products') {
        const body = { pharmProducts: list, total: list.length, perPage: 24, currentPage: 1, filtersData: {} } as unknown as PharmProductListResponse;
        return json(body);
      }
      return json({ latestProducts: [], footerLinks: [] });
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows related products of the same pharmacy', async () => {
    renderRoutes([pharmProductRoute], '/pharms/layla/products/5');
    const section = await screen.findByRole('region', { name: 'עוד בבית המרקחת' }, { timeout: 4000 });
    const links = within(section).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.filter((href) => href?.startsWith('/pharms/layla/products/'))).toEqual([
      '/pharms/layla/products/8', '/pharms/layla/products/7', '/pharms/layla/products/6',
    ]);
    // The page's own add-to-cart is its only one: a related product leads to its page.
    expect(within(section).queryAllByRole('button', { name: /הוספה לסל/ })).toHaveLength(0);
  });
});
