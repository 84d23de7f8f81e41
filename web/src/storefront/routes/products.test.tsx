import type { ProductListResponse } from '@mc/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../kit/auth/session';
import { productsRoute } from './products';
import { renderRoutes } from '../../app/testing/render-routes';
import { productInfoFixture } from '../fixtures.test-data';

const filtersData: ProductListResponse['filtersData'] = {
  types: [
    { value: 'flower', count: 30 },
    { value: 'oil', count: 5 },
  ],
  cannabisTypes: [],
  dosages: [],
  companies: [{ value: 'טבע', count: 3 }],
  priceRange: { min: 100, max: 300 },
};

function product(slug: string): ProductListResponse['products'][number] {
  return {
    name: slug,
    slug,
    shortName: null,
    type: 'flower',
    imageUrl: null,
    sizeQuantity: 10,
    sizeUnit: 'גרם',
    estimated_price: null,
    priceRange: { min: 150, max: 199.5 },
    pharmProductsCount: 3,
    isPopular: true,
    isNew: false,
    info: productInfoFixture({ hebName: `מוצר ${slug}`, engName: slug }),
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;
const PRESCRIPTION = { categories: ['T20/C4', 'T15/C3'], monthlyGrams: 40 };

/** The fake API: 30 products, 24 a page; `types=oil` finds none; the signed-in user's prescription. */
function stubApi() {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    // The site shell asks for its own data: nothing of it matters here.
    if (url.pathname === '/api/layout') return json({ latestProducts: [], footerLinks: [] });
    if (url.pathname === '/api/user/prescription') return json({ prescription: PRESCRIPTION });
    if (url.pathname !== '/api/products') return json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
    const page = Number(url.searchParams.get('page'));
    const none = url.searchParams.get('types') === 'oil';
    const body: ProductListResponse = {
      products: none || page > 2 ? [] : [product('a'), product('b')],
      filtersData,
      total: none ? 0 : 30,
      perPage: 24,
      currentPage: page,
    };
    return json(body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(url: string) {
  return renderRoutes([productsRoute], url);
}

describe('/products', () => {
  // jsdom has no scrolling; the router restores scroll positions.
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => {
    sessions.signOut();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows cards with the price range, dosage and pharmacy count', async () => {
    stubApi();
    renderAt('/products');
    expect(await screen.findByRole('link', { name: 'מוצר a' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getAllByText('₪150')).toHaveLength(2);
    expect(screen.getAllByText('ב-3 בתי מרקחת')).toHaveLength(2);
    expect(screen.getByText('30 מוצרים')).toBeTruthy();
  });

  it('puts a ticked filter in the URL and asks the API with it', async () => {
    const fetchMock = stubApi();
    const router = renderAt('/products?page=2');
    fireEvent.click(await screen.findByRole('checkbox', { name: /תפרחת/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ types: 'flower' }));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('types=flower'));
  });

  it('goes back to page 1 from a page past the last', async () => {
    stubApi();
    const router = renderAt('/products?page=9&sortBy=price');
    await waitFor(() => expect(router.state.location.search).toEqual({ sortBy: 'price' }));
  });

  it('says so when nothing matches, with a way to clear the filters', async () => {
    stubApi();
    const router = renderAt('/products?types=oil');
    expect(await screen.findByText('לא נמצאו מוצרים')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'ניקוי כל הסינונים' })[0]);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("filters by the prescription's categories with 'mine', which keeps them out of the address", async () => {
    sessions.signIn({ jwt: JWT });
    const fetchMock = stubApi();
    const listCalls = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/products');
    const router = renderAt('/products');
    const chip = await screen.findByRole('button', { name: 'בקטגוריות שלי', pressed: false }, { timeout: 4000 });
    fireEvent.click(chip);
    await waitFor(() => expect(router.state.location.search).toEqual({ mine: 1 }));
    await waitFor(() => expect(listCalls().at(-1)?.searchParams.get('dosages')).toBe('T20/C4,T15/C3'));
    expect(router.state.location.href).not.toContain('T20');
    expect(screen.getByRole('button', { name: 'בקטגוריות שלי', pressed: true })).toBeTruthy();
    // One removable chip for the filter, not one per category.
    expect(screen.getByRole('button', { name: 'הסרת הסינון בקטגוריות שלי' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /T20\/C4/ })).toBeNull();
  });

  it("drops 'mine' for a visitor without a prescription, and when dosages are chosen by hand", async () => {
    const fetchMock = stubApi();
    renderAt('/products?mine=1');
    expect(await screen.findByRole('link', { name: 'מוצר a' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'בקטגוריות שלי' })).toBeNull();
    const list = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/products');
    expect(list.every((url) => !url.searchParams.has('dosages'))).toBe(true);
  });

  it("replaces 'mine' with the dosages a patient ticks by hand", async () => {
    sessions.signIn({ jwt: JWT });
    stubApi();
    const router = renderAt('/products?mine=1');
    await screen.findByRole('button', { name: 'בקטגוריות שלי', pressed: true }, { timeout: 4000 });
    fireEvent.click(screen.getByRole('checkbox', { name: /תפרחת/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ mine: 1, types: 'flower' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /T15\/C3/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ types: 'flower', dosages: 'T20/C4' }));
  });

  it('drops from the address a company the answer does not know, and keeps one it knows', async () => {
    const fetchMock = stubApi();
    const router = renderAt('/products?companies=zzz,%D7%98%D7%91%D7%A2');
    await waitFor(() => expect(router.state.location.search).toEqual({ companies: 'טבע' }));
    await waitFor(() => expect(new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams.get('companies')).toBe('טבע'));
    expect(screen.queryByRole('button', { name: 'הסרת הסינון zzz' })).toBeNull();
    expect(screen.getByRole('button', { name: 'הסרת הסינון טבע' })).toBeTruthy();
  });
});
