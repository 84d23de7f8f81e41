import type { CookieCartItem, PharmProduct, Quote } from '@mc/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authDialog } from '../../kit/auth/auth-dialog';
import { sessions } from '../../kit/auth/session';
import { CartStore } from '../../kit/cart/cart-store';
import { appliedCoupons } from '../queries/coupons';
import { cartRoute } from './cart';
import { renderRoutes } from '../../app/testing/render-routes';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;
const ITEMS: CookieCartItem[] = [{ pharmProductId: 1, amount: 2 }];
const OFFER = {
  id: 1, pharmProductId: 1, totalPrice: 100, originalPrice: null, inStock: true, published: true,
  pharm: { slug: 'alpha', name: 'בית מרקחת אלפא', city: 'חיפה', logo_url: null },
  product: { slug: 'p1', name: 'Product 1', imageUrl: null, info: { hebName: 'מוצר 1', thccbdDosage: null } },
} as unknown as PharmProduct;
const pharmQuote = (totalPrice: number, totalDiscounts: number) => ({
  pharmSlug: 'alpha', pharmName: 'בית מרקחת אלפא', pickup: true, itemsCount: 2, totalPrice, totalOriginalPrice: 200, totalDiscounts,
  shipping: { status: 'matched' as const, price: 0 },
});
/** The pharmacy's automatic 5% (anyone's cart quote), and with the coupon (the signed-in quote). */
const CART_QUOTE: Quote = {
  pharmsCount: 1, cart: { itemsCount: 2, totalDiscounts: 10, totalOriginalPrice: 200 }, shipping: { price: 0 }, totalPrice: 190, couponCodes: [],
  pharmsQuotes: [pharmQuote(190, 10)],
};
const QUOTE: Quote = {
  pharmsCount: 1, cart: { itemsCount: 2, totalDiscounts: 20, totalOriginalPrice: 200 }, shipping: { price: 0 }, totalPrice: 180, couponCodes: ['WELCOME10'],
  pharmsQuotes: [pharmQuote(180, 20)],
};

function fakeApi() {
  const quotes: unknown[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/cart') return json({ items: ITEMS, updatedAt: '2026-11-01T10:00:00.000Z' });
    if (path === '/api/cart/resolve') return json({ items: [{ ...ITEMS[0], pharmProduct: OFFER }] });
    if (path === '/api/cart/alternatives') return json({ shipTo: 'pickup', options: [] });
    if (path === '/api/cart/quote') return json(CART_QUOTE);
    if (path === '/api/checkout/quote') {
      quotes.push(JSON.parse(String(init.body)));
      return json(QUOTE);
    }
    return json({ latestProducts: [], footerLinks: [], items: [], updatedAt: null });
  }));
  return quotes;
}

function renderCart() {
  return renderRoutes([cartRoute], '/cart', { placeholders: ['/order'], cart: new CartStore(undefined, ITEMS) });
}

describe('/cart with checkout', () => {
  beforeEach(() => {
    appliedCoupons.clear();
    authDialog.close();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    sessions.signOut();
    authDialog.close();
  });

  it('sends a guest to the sign-in dialog, and a signed-in user on to /order', async () => {
    fakeApi();
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'המשך להזמנה' }));
    expect(authDialog.get()).toBe('signIn');
    authDialog.close();
    sessions.signIn({ jwt: JWT });
    fireEvent.click(await screen.findByRole('button', { name: 'המשך להזמנה' }));
    await screen.findByRole('heading', { name: 'page /order' });
  });

  it('hides the coupon box without its flag (production)', async () => {
    vi.stubEnv('VITE_FEATURE_COUPONS', '0');
    fakeApi();
    renderCart();
    await screen.findByRole('button', { name: 'המשך להזמנה' });
    expect(screen.queryByLabelText('קוד קופון')).toBeNull();
  });

  const figure = (label: string) => screen.getAllByText(label).find((el) => el.tagName === 'DT')!.nextElementSibling?.textContent;

  it("shows a guest the quote's figures: the pharmacy's automatic discount before checkout, one total, the subtotal after it", async () => {
    fakeApi();
    renderCart();
    await waitFor(() => expect(figure('סה״כ לתשלום')).toContain('190'));
    expect(figure('מחיר לפני הנחות')).toContain('200');
    expect(figure('הנחות')).toContain('10');
    expect(screen.getByText(/סכום ביניים/).textContent).toContain('190');
  });

  it('prices the cart with the applied coupons (pickup everywhere), its figure before discounts unchanged', async () => {
    vi.stubEnv('VITE_FEATURE_COUPONS', '1');
    sessions.signIn({ jwt: JWT });
    const quotes = fakeApi();
    renderCart();
    await screen.findByLabelText('קוד קופון');
    await waitFor(() => expect(figure('סה״כ לתשלום')).toContain('190'));
    appliedCoupons.add({ code: 'WELCOME10', name: 'ברוכים הבאים', pharmName: 'בית מרקחת אלפא' });
    await waitFor(() => expect(figure('סה״כ לתשלום')).toContain('180'));
    expect(quotes).toEqual([{ couponCodes: ['WELCOME10'], selectedPickup: ['alpha'] }]);
    expect(figure('מחיר לפני הנחות')).toContain('200');
  });
});
