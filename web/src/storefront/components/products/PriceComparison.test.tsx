import { AlertMessages, type ComparisonOffer, type ComparisonResponse } from '@mc/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { comparisonQuery, comparisonsCutToFirstScreen } from '../../queries/products';
import { createQueryClient } from '../../../kit/queries/query-client';
import { adoptServerState } from '../../../kit/queries/server-state';
import { resetGeolocationCache } from '../../../kit/lib/geolocation';
import { LowestPrice, PriceComparison } from './PriceComparison';
import type { ComparisonSearch } from '../../search-params/comparison-search';

const product = {
  slug: 'dr-green-t20-c4', name: 'דוקטור גרין', shortName: null, type: 'flower', imageUrl: null, sizeQuantity: 10, sizeUnit: 'גרם',
  info: { hebName: 'דוקטור גרין', engName: 'Dr. Green', company: null, cannabisType: 'sativa', thccbdDosage: 'T20/C4' },
};

const offerIn = (n: number): ComparisonOffer => ({
  id: 7 + n,
  totalPrice: 219 + n,
  originalPrice: 249 + n,
  confirmedAt: Date.now() - 12 * 60_000 - 30_000,
  pharm: { name: n ? `פארם ${n}` : 'פארם הים', slug: `yam-eilat${n || ''}`, city: 'אילת', distance: 2.4, logo_url: null, isOpen: true, nextOpening: null, shipping: 'free' },
});

function stubApi(answer: ComparisonResponse = { product, offers: [offerIn(0)] }) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The comparison (and the lowest price beside the name) inside a router (its rows link to pharmacy pages). */
function renderComparison(search: ComparisonSearch, queryClient: QueryClient = createQueryClient(), { lowest = false } = {}) {
  const root = createRootRoute({
    component: () => (
      <>
        {lowest && <LowestPrice slug="dr-green-t20-c4" />}
        <PriceComparison slug="dr-green-t20-c4" search={search} onChange={() => undefined} />
      </>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={queryClient}>
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

  it('shows the price of a gram and of 100 mg THC under the price, and when the offer was confirmed', async () => {
    stubApi();
    renderComparison({});
    const row = await screen.findByRole('article', { name: 'פארם הים' });
    // ₪219 for 10 g of T20: ₪21.90 a gram, 2,000 mg THC → ₪10.95 per 100 mg.
    expect(row.querySelector('.unit-price')?.textContent).toBe('₪21.90 לגרם · ₪10.95 ל־100 מ״ג THC');
    expect(row.querySelector('.offer-freshness')?.textContent).toBe('עודכן לפני 12 דקות');
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

  it("draws a server-drawn page's first screen of offers with the whole count, then asks for the rest", async () => {
    const whole = { product, offers: Array.from({ length: 25 }, (_, i) => offerIn(i + 1)) };
    const fetchMock = stubApi(whole);
    const server = createQueryClient();
    server.setQueryData(comparisonQuery('dr-green-t20-c4', { isOpen: false, hasDelivery: false, sortBy: 'price' }).queryKey, whole);
    const state = comparisonsCutToFirstScreen(dehydrate(server));
    expect(JSON.stringify(state)).not.toContain('פארם 11');
    const script = document.createElement('script');
    script.textContent = JSON.stringify(state);
    const browser = createQueryClient();
    adoptServerState(browser, script);
    renderComparison({}, browser);
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.getByRole('button', { name: /25/ })).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    screen.getByRole('button', { name: /25/ }).click();
    expect(await screen.findByRole('article', { name: 'פארם 25' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(25);
  });

  it('gives the lowest price in stock and the number of pharmacies beside the name', async () => {
    const fetchMock = stubApi({ product, offers: [offerIn(1), offerIn(2), offerIn(3)] });
    renderComparison({ isOpen: 1 }, createQueryClient(), { lowest: true });
    const price = await screen.findByText(/במלאי ב-3 בתי מרקחת/);
    expect(price.closest('p')?.textContent).toContain('המחיר הנמוך ביותר: החל מ-₪220');
    // From the unfiltered comparison by price, whatever the comparison's own filters.
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContainEqual(expect.stringMatching(/pharm-products\?sortBy=price$/));
    expect(urls).toContainEqual(expect.stringMatching(/pharm-products\?sortBy=price&isOpen=1$/));
  });

  it('marks an offer whose price dropped lately, the price before struck through and read with it', async () => {
    stubApi({ product, offers: [{ ...offerIn(0), originalPrice: null, priceDroppedFrom: 249 }, { ...offerIn(1), originalPrice: null }] });
    renderComparison({});
    const dropped = await screen.findByRole('article', { name: 'פארם הים' });
    const mark = within(dropped).getByText(AlertMessages.priceDropped).closest('.price-drop');
    expect(mark?.textContent).toBe('↓ המחיר ירד מ-₪249');
    expect(within(mark as HTMLElement).getByText('₪249').closest('s')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'פארם 1' })).queryByText(AlertMessages.priceDropped)).toBeNull();
  });

  it('says when a closed pharmacy opens again, apart from an open one', async () => {
    const closed = { ...offerIn(1), pharm: { ...offerIn(1).pharm, isOpen: false, nextOpening: Date.now() + 26 * 60 * 60 * 1000 } };
    stubApi({ product, offers: [offerIn(0), closed] });
    renderComparison({});
    const row = await screen.findByRole('article', { name: 'פארם 1' });
    expect(row.querySelector('.offer-closed')?.textContent).toMatch(/^סגור · נפתח (מחר|ביום \S+) ב־\d\d:\d\d$/);
    const open = screen.getByRole('article', { name: 'פארם הים' });
    expect(open.querySelector('.offer-open')?.textContent).toBe('פתוח עכשיו');
  });

  it('gives every row its distance, sorted by price, once the visitor has allowed the position', async () => {
    const fetchMock = stubApi();
    const getCurrentPosition = (ok: PositionCallback) => ok({ coords: { latitude: 29.55, longitude: 34.95 } } as GeolocationPosition);
    const query = vi.fn(async () => ({ state: 'granted' }));
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition }, permissions: { query } });
    renderComparison({});
    expect(await screen.findByText('2.4 ק״מ ממך')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(expect.stringContaining('sortBy=price&lat=29.55&lng=34.95'));
    expect(query).toHaveBeenCalledWith({ name: 'geolocation' });
  });

  it('does not ask for the position unasked when the visitor has not allowed it', async () => {
    const fetchMock = stubApi();
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition }, permissions: { query: async () => ({ state: 'prompt' }) } });
    renderComparison({});
    expect(await screen.findByRole('article', { name: 'פארם הים' })).toBeTruthy();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.every(([url]) => !String(url).includes('lat='))).toBe(true);
  });
});
