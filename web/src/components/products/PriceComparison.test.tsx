import type { PharmProduct } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../queries/query-client';
import { resetGeolocationCache } from './geolocation';
import { PriceComparison } from './PriceComparison';
import type { ComparisonSearch } from './comparison-search';

const offer = {
  id: 7,
  pharmProductId: 7,
  totalPrice: 219,
  originalPrice: 249,
  discountPercent: 12,
  inStock: true,
  published: true,
  expiresAt: null,
  isPopular: false,
  isNew: false,
  product: { slug: 'dr-green-t20-c4', name: 'דוקטור גרין', shortName: null, type: 'flower', imageUrl: null, info: { hebName: 'דוקטור גרין', engName: 'Dr. Green', company: null, cannabisType: 'sativa', thccbdDosage: 'T20/C4' } },
  pharm: { name: 'פארם הים', slug: 'yam-eilat', city: 'אילת', distance: 2.4, logo_url: null, isOpen: true, shipping: 'free' },
} as unknown as PharmProduct;

function stubApi() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify({ pharmProducts: [offer] }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The comparison inside a router (its rows link to pharmacy pages). */
function renderComparison(search: ComparisonSearch) {
  const root = createRootRoute({
    component: () => <PriceComparison slug="dr-green-t20-c4" search={search} onChange={() => undefined} />,
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('PriceComparison', () => {
  beforeEach(() => resetGeolocationCache());
  afterEach(() => vi.unstubAllGlobals());

  it('lists each pharmacy with its price, the struck original, the discount and the way to it', async () => {
    stubApi();
    renderComparison({});
    expect(await screen.findByRole('article', { name: 'פארם הים' })).toBeTruthy();
    expect(screen.getByText('₪219')).toBeTruthy();
    expect(screen.getByText('₪249').closest('s')).toBeTruthy();
    expect(screen.getByText('12% הנחה')).toBeTruthy();
    expect(screen.getByRole('link', { name: /לבית המרקחת/ }).getAttribute('href')).toBe('/pharms/yam-eilat/products/7');
  });

  it('sorts nearby with the browser position', async () => {
    const fetchMock = stubApi();
    const getCurrentPosition = (ok: PositionCallback) => ok({ coords: { latitude: 29.55, longitude: 34.95 } } as GeolocationPosition);
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
    renderComparison({ sortBy: 'nearby', isOpen: 1 });
    expect(await screen.findByText('2.4 ק״מ ממך')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('sortBy=nearby&isOpen=1&lat=29.55&lng=34.95');
  });

  it('explains kindly when the position is refused, and sorts by price', async () => {
    const fetchMock = stubApi();
    const getCurrentPosition = (_: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError);
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
    renderComparison({ sortBy: 'nearby' });
    expect(await screen.findByText(/לא ניתנה הרשאה לגשת למיקום/)).toBeTruthy();
    await waitFor(() => expect(String(fetchMock.mock.calls[0]?.[0])).toContain('sortBy=price'));
  });
});
