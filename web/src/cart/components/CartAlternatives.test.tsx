import type { CartAlternatives as Alternatives, CartFillOption, CookieCartItem, PharmProduct } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../kit/queries/query-client';
import { resetGeolocationCache } from '../../kit/lib/geolocation';
import { CartAlternatives } from './CartAlternatives';
import { CartStore, type CartBackend } from '../../kit/cart/cart-store';
import { CartContext } from '../../kit/cart/use-cart';

const ITEMS: CookieCartItem[] = [{ pharmProductId: 1, amount: 2 }, { pharmProductId: 2, amount: 1 }];
const line = (from: number, to: number, amount: number, sameProduct = true) => ({
  fromPharmProductId: from, pharmProductId: to, amount, sameProduct, productName: `מוצר ${to}`, thccbdDosage: 'T20/C4', unitPrice: 50,
});
const option = (slug: string, lines: CartFillOption['lines'], total: number, extra: Partial<CartFillOption> = {}): CartFillOption => ({
  pharm: { slug, name: `בית מרקחת ${slug}`, city: 'חיפה', logo_url: null }, distanceKm: null, lines, itemsTotal: total, shipping: { method: 'pickup', price: 0 }, total, isCurrent: false, ...extra,
});
const CHEAP = option('cheap', [line(1, 11, 2, false), line(2, 12, 1)], 150, { shipping: { method: 'delivery', price: 25 }, total: 175 });
const HERE = option('here', [line(1, 1, 2), line(2, 2, 1)], 200, { isCurrent: true });

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const offer = (id: number, inStock = true) => ({ pharmProductId: id, amount: 1, pharmProduct: { id, inStock, published: true } as unknown as PharmProduct });

function fakeApi(answer: Alternatives, orderable = true) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    const body = JSON.parse(String(init.body ?? '{}')) as { cartItems?: CookieCartItem[] };
    if (path === '/api/cart/alternatives') return json(answer);
    if (path === '/api/cart/resolve') return json({ items: (body.cartItems ?? []).map((i) => offer(i.pharmProductId, orderable)) });
    return json({});
  }));
  return asked;
}

function renderWith(items: CookieCartItem[]) {
  const backend: CartBackend & { stored: CookieCartItem[] } = {
    stored: items,
    load: async () => backend.stored,
    save: async (next) => void (backend.stored = next),
  };
  const store = new CartStore(backend, items);
  render(
    <CartContext.Provider value={store}>
      <QueryClientProvider client={createQueryClient()}>
        <CartAlternatives />
      </QueryClientProvider>
    </CartContext.Provider>,
  );
  return { store, backend };
}

afterEach(() => vi.unstubAllGlobals());

describe('the whole cart in one pharmacy', () => {
  it('lists the pharmacies cheapest first with shipping, names a substitute, and marks where the cart is', async () => {
    fakeApi({ shipTo: 'default-address', options: [CHEAP, HERE] });
    renderWith(ITEMS);
    const items = await screen.findAllByRole('listitem');
    const rows = items.filter((li) => li.classList.contains('cart-fill-option'));
    expect(rows.map((r) => r.querySelector('h3')!.textContent)).toEqual(['בית מרקחת cheap · חיפה', 'בית מרקחת here · חיפה']);
    expect(rows[0].textContent).toContain('משלוח');
    expect(rows[0].textContent).toContain('במקום המוצר שבסל: מוצר 11 (T20/C4)');
    expect(rows[1].textContent).toContain('הסל כבר כאן');
    expect(screen.getByText(/כולל משלוח לכתובת ברירת המחדל/)).toBeTruthy();
  });

  it('moves the cart: each line replaced by the pharmacy’s offer, amounts kept', async () => {
    fakeApi({ shipTo: 'pickup', options: [CHEAP, HERE] });
    const { store, backend } = renderWith(ITEMS);
    fireEvent.click(await screen.findByRole('button', { name: /^להעביר את הסל לכאן\s*–\s*בית מרקחת cheap$/ }));
    await screen.findByText('הסל הועבר לבית מרקחת cheap.');
    expect(backend.stored).toEqual([{ pharmProductId: 11, amount: 2 }, { pharmProductId: 12, amount: 1 }]);
    expect(store.getSnapshot().count).toBe(3);
  });

  it('keeps the cart when an offer stopped being orderable meanwhile, and says so', async () => {
    const asked = fakeApi({ shipTo: 'pickup', options: [CHEAP, HERE] }, false);
    const { backend } = renderWith(ITEMS);
    fireEvent.click(await screen.findByRole('button', { name: /^להעביר את הסל לכאן\s*–\s*בית מרקחת cheap$/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('המלאי או המחיר השתנו');
    expect(backend.stored).toEqual(ITEMS);
    await waitFor(() => expect(asked.filter((p) => p === '/api/cart/alternatives').length).toBe(2));
  });

  it('tells each pharmacy’s distance and, asked for the nearest, sends where the patient is', async () => {
    resetGeolocationCache();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 32.79, longitude: 34.99 } } as GeolocationPosition) },
    });
    const bodies: { sortBy?: string; location?: unknown }[] = [];
    const near = { ...HERE, distanceKm: 1.2 };
    const far = { ...CHEAP, distanceKm: 84.5 };
    vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body ?? '{}')) as { sortBy?: string; location?: unknown };
      bodies.push(body);
      return json({ shipTo: 'pickup', options: body.sortBy === 'nearby' ? [near, far] : [CHEAP, HERE] });
    }));
    renderWith(ITEMS);
    await screen.findByText('בית מרקחת cheap');
    expect(screen.queryByText(/ק״מ ממך/)).toBeNull();
    fireEvent.change(screen.getByLabelText('מיון לפי'), { target: { value: 'nearby' } });
    await screen.findByText('1.2 ק״מ ממך');
    expect(screen.getByText('84.5 ק״מ ממך')).toBeTruthy();
    expect(bodies.at(-1)).toMatchObject({ sortBy: 'nearby', location: { lat: 32.79, lng: 34.99 } });
    const rows = screen.getAllByRole('listitem').filter((li) => li.classList.contains('cart-fill-option'));
    expect(rows[0].textContent).toContain('בית מרקחת here');
  });

  it('says briefly when no pharmacy has the whole cart', async () => {
    fakeApi({ shipTo: 'pickup', options: [] });
    renderWith(ITEMS);
    expect(await screen.findByText('אין כרגע בית מרקחת אחד שיש בו במלאי את כל המוצרים שבסל.')).toBeTruthy();
  });
});
