import { Messages, type CheckoutPublicKey, type CookieCartItem, type PharmProduct, type PharmQuote, type Quote } from '@mc/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authDialog } from '../../kit/auth/auth-dialog';
import { sessions } from '../../kit/auth/session';
import { CartStore } from '../../kit/cart/cart-store';
import { LAST_ORDER_BATCH_KEY, type QuoteRequest } from '../queries/checkout-api';
import { appliedCoupons } from '../queries/coupons';
import { orderRoute } from './order';
import { renderRoutes } from '../../app/testing/render-routes';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;
const ID_NUMBER = '039337423';

const offer = (id: number, pharm: string, price: number) => ({
  id, pharmProductId: id, totalPrice: price, originalPrice: null, inStock: true, published: true,
  pharm: { slug: pharm, name: `בית מרקחת ${pharm}`, city: 'חיפה', logo_url: null },
  product: { slug: `p${id}`, name: `Product ${id}`, imageUrl: null, info: { hebName: `מוצר ${id}`, thccbdDosage: 'T20/C4' } },
}) as unknown as PharmProduct;
const OFFERS = [offer(1, 'alpha', 100), offer(2, 'beta', 50)];

const matched = (slug: string, pickup: boolean, price = 0): PharmQuote => ({
  pharmSlug: slug, pharmName: `בית מרקחת ${slug}`, pickup, itemsCount: 1, totalPrice: 100 + price, totalOriginalPrice: 100, totalDiscounts: 0,
  shipping: { status: 'matched', price },
});
const quoteOf = (pharmsQuotes: PharmQuote[]): Quote => ({
  pharmsCount: pharmsQuotes.length,
  cart: { itemsCount: 2, totalDiscounts: 0, totalOriginalPrice: 150 },
  shipping: { price: pharmsQuotes.reduce((s, q) => s + (q.shipping.status === 'matched' ? q.shipping.price : 0), 0) },
  totalPrice: 150 + pharmsQuotes.reduce((s, q) => s + q.shipping.price, 0),
  couponCodes: [],
  pharmsQuotes,
});

let keys: CryptoKeyPair;
let publicKey: CheckoutPublicKey;

/** The API as the page meets it; the shell's own calls answer empty data. */
function fakeApi(over: { cart?: CookieCartItem[]; quote?: (body: QuoteRequest) => Response; order?: (body: Record<string, unknown>) => Response } = {}) {
  const api = {
    cart: over.cart ?? [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 2, amount: 1 }],
    calls: [] as { method: string; path: string; body?: string }[],
    quotes: [] as QuoteRequest[],
    cartQuotes: [] as CookieCartItem[][],
    orders: [] as string[],
  };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : undefined;
    api.calls.push({ method, path: url.pathname, body });
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/cart':
        return json({ items: api.cart, updatedAt: '2026-11-01T10:00:00.000Z' });
      case 'POST /api/cart/resolve': {
        const { cartItems } = JSON.parse(body!) as { cartItems: CookieCartItem[] };
        return json({ items: cartItems.map((i) => ({ ...i, pharmProduct: OFFERS.find((o) => o.pharmProductId === i.pharmProductId) ?? null })) });
      }
      case 'GET /api/user':
        return json({
          user: { firstName: 'דנה', lastName: 'כהן', email: 'dana@example.com', phone: '0521234567', subscribed: false, authMethod: 'password' },
          addresses: [{ id: 11, address: 'הרצל 12, חיפה', houseNumber: '12', floor: 2, apartment: null, isDefault: true }],
        });
      case 'POST /api/checkout/quote': {
        const request = JSON.parse(body!) as QuoteRequest;
        api.quotes.push(request);
        return over.quote ? over.quote(request) : json(quoteOf(['alpha', 'beta'].map((s) => matched(s, request.selectedPickup.includes(s), 0))));
      }
      case 'POST /api/cart/quote': {
        // The cart's own quote: every pharmacy picked up, the automatic discounts in it.
        const { cartItems } = JSON.parse(body!) as { cartItems: CookieCartItem[] };
        api.cartQuotes.push(cartItems);
        return json({ ...quoteOf(['alpha', 'beta'].map((s) => matched(s, true, 0))), cart: { itemsCount: 2, totalDiscounts: 7.5, totalOriginalPrice: 150 }, totalPrice: 142.5 });
      }
      case 'GET /api/checkout/public-key':
        return json(publicKey);
      case 'POST /api/orders': {
        api.orders.push(body!);
        if (over.order) return over.order(JSON.parse(body!) as Record<string, unknown>);
        api.cart = [];
        return json({ uid: '3f1c2a9e-6b7d-4c8e-9f0a-1b2c3d4e5f60', createdAt: '2026-11-24T10:00:00.000Z', orders: [] }, 201);
      }
      case 'POST /api/analytics':
        return new Response(null, { status: 204 });
      default:
        return json({ latestProducts: [], footerLinks: [], items: [], updatedAt: null });
    }
  }));
  return api;
}

function renderAt(path: string) {
  return renderRoutes([orderRoute], path, { placeholders: ['/', '/cart', '/order/completed', '/pharms/$pharmSlug'], cart: new CartStore(undefined, []) });
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

/** Fills step 1 (the rest is prefilled from the user; notes by pharmacy name when given) and continues to step 2. */
async function fillDetails(notes: Record<string, string> = {}) {
  await screen.findByRole('heading', { name: '1. פרטים אישיים' });
  fireEvent.input(field('מספר תעודת זהות'), { target: { value: ID_NUMBER } });
  for (const [pharm, text] of Object.entries(notes)) fireEvent.input(field(`הערות להזמנה מ${pharm} (לא חובה)`), { target: { value: text } });
  fireEvent.click(field('קראתי ואני מסכים/ה לתנאי השימוש של האתר (תנאי השימוש)'));
  fireEvent.click(field('אני מוותר/ת על ייעוץ רוקחי לפני ההזמנה'));
  fireEvent.click(screen.getByRole('button', { name: 'המשך' }));
  await screen.findByRole('heading', { name: '2. איסוף או משלוח' });
}

const group = (pharm: string) => screen.getByRole('group', { name: `הזמנה מבית מרקחת ${pharm}` });
const choose = (pharm: string, option: 'איסוף עצמי' | 'משלוח') => fireEvent.click(within(group(pharm)).getByLabelText(option));
const placeButton = () => screen.getByRole('button', { name: 'ביצוע הזמנה' }) as HTMLButtonElement;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  publicKey = { keyId: 'k-2026-11', publicKey: btoa(String.fromCharCode(...spki)), algorithm: 'RSA-OAEP-256' };
});

describe('/order', () => {
  beforeEach(() => {
    sessionStorage.clear();
    appliedCoupons.clear();
    sessions.signIn({ jwt: JWT });
  });
  afterEach(() => {
    authDialog.close();
    vi.unstubAllGlobals();
    sessions.signOut();
  });
  afterAll(() => sessions.signOut());

  it('sends a signed-out visitor home, and a signed-in one with an empty cart to /cart', async () => {
    sessions.signOut();
    fakeApi();
    const home = renderAt('/order');
    await screen.findByRole('heading', { name: 'page /' });
    expect(home.state.location.pathname).toBe('/');
    // Home asks to sign in, and then returns to /order.
    expect(home.state.location.search).toEqual({ next: '/order' });
    cleanup();
    sessions.signIn({ jwt: JWT });
    fakeApi({ cart: [] });
    const cart = renderAt('/order');
    await screen.findByRole('heading', { name: 'page /cart' });
    expect(cart.state.location.pathname).toBe('/cart');
  });

  it("prefills the user's details, says what is missing with the spec's messages tied to the fields, then collapses to a summary", async () => {
    const api = fakeApi();
    renderAt('/order');
    await screen.findByRole('heading', { name: '1. פרטים אישיים' });
    expect(field('שם פרטי').value).toBe('דנה');
    expect(field('דוא״ל').value).toBe('dana@example.com');
    expect(field('טלפון').value).toBe('0521234567');
    // The page says honestly what happens to the ID number and the documents.
    expect(screen.getByText(/מוצפן כבר בדפדפן שלך.*רק בית המרקחת.*וכל קריאה נרשמת.*30 יום/)).toBeTruthy();
    expect(screen.getByText(/מועברים לבית המרקחת בדוא״ל ואינם נשמרים אצלנו/)).toBeTruthy();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/analytics').map((c) => c.body)).toEqual(['{"event":"begin_checkout"}']));

    fireEvent.input(field('שם פרטי'), { target: { value: '  ' } });
    fireEvent.input(field('מספר תעודת זהות'), { target: { value: '123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'המשך' }));
    await screen.findByText(Messages.requiredFirstName);
    expect(screen.getByText(Messages.invalidIdNumber)).toBeTruthy();
    expect(screen.getByText(Messages.agreeSiteTerms)).toBeTruthy();
    expect(screen.getByText(Messages.agreeDisclaimer)).toBeTruthy();
    const first = field('שם פרטי');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)?.textContent).toBe(Messages.requiredFirstName);
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(screen.queryByRole('heading', { name: '2. איסוף או משלוח' })).toBeNull();

    fireEvent.input(field('שם פרטי'), { target: { value: 'דנה' } });
    // The ID number opens a phone's number keypad.
    expect([field('מספר תעודת זהות').inputMode, field('מספר תעודת זהות').pattern]).toEqual(['numeric', '[0-9]*']);
    // One notes field per pharmacy: each pharmacy's order gets its own.
    fireEvent.input(field('הערות להזמנה מבית מרקחת alpha (לא חובה)'), { target: { value: 'א'.repeat(301) } });
    fireEvent.input(field('מספר תעודת זהות'), { target: { value: ID_NUMBER } });
    fireEvent.click(field('קראתי ואני מסכים/ה לתנאי השימוש של האתר (תנאי השימוש)'));
    fireEvent.click(field('אני מוותר/ת על ייעוץ רוקחי לפני ההזמנה'));
    fireEvent.click(screen.getByRole('button', { name: 'המשך' }));
    await screen.findByText(Messages.notesTooLong);
    expect(field('הערות להזמנה מבית מרקחת alpha (לא חובה)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(field('הערות להזמנה מבית מרקחת alpha (לא חובה)'), { target: { value: 'בבקשה לצלצל' } });
    fireEvent.input(field('הערות להזמנה מבית מרקחת beta (לא חובה)'), { target: { value: 'לאסוף מחר' } });
    fireEvent.click(screen.getByRole('button', { name: 'המשך' }));

    await screen.findByRole('heading', { name: '2. איסוף או משלוח' });
    expect(screen.queryByLabelText('שם פרטי')).toBeNull();
    expect(screen.getByText(/•••••7423/)).toBeTruthy();
    // Each pharmacy needs pickup or delivery; nothing is quoted and nothing can be ordered before.
    expect(within(group('alpha')).getByText(Messages.chooseShipping)).toBeTruthy();
    expect(within(group('beta')).getByText(Messages.chooseShipping)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'עריכת הפרטים האישיים' }));
    expect(field('שם פרטי').value).toBe('דנה');
  });

  it("shows the cart's figures from its quote before any shipment is chosen, and the applied coupon with a box to add one", async () => {
    vi.stubEnv('VITE_FEATURE_COUPONS', '1');
    appliedCoupons.add({ code: 'WELCOME10', name: 'ברוכים הבאים', pharmName: 'בית מרקחת alpha' });
    const api = fakeApi();
    renderAt('/order');
    const figure = (label: string) => screen.getAllByText(label).find((el) => el.tagName === 'DT')!.nextElementSibling?.textContent;
    // The coupon is the signed-in patient's: the quote that judges it, every pharmacy picked up.
    await waitFor(() => expect(api.quotes).toContainEqual({ couponCodes: ['WELCOME10'], selectedPickup: ['alpha', 'beta'] }));
    await waitFor(() => expect(figure('סה״כ לתשלום')).toContain('150'));
    expect(screen.getByLabelText('קוד קופון')).toBeTruthy();
    expect(screen.getByText(/WELCOME10/)).toBeTruthy();
    appliedCoupons.clear();
    // Without coupons, anyone's cart quote: the pharmacies' automatic discounts.
    await waitFor(() => expect(figure('סה״כ לתשלום')).toContain('142.50'));
    expect(figure('הנחות')).toContain('7.50');
    expect(api.cartQuotes.at(-1)).toEqual(api.cart);
    vi.unstubAllEnvs();
  });

  it('warns before leaving a dirty form, and lets the patient stay', async () => {
    fakeApi();
    const router = renderAt('/order');
    await screen.findByRole('heading', { name: '1. פרטים אישיים' });
    const asked: string[] = [];
    let answer = false;
    vi.stubGlobal('confirm', (text: string) => (asked.push(text), answer));
    fireEvent.input(field('שם משפחה'), { target: { value: 'לוי' } });
    void router.navigate({ to: '/cart' });
    await waitFor(() => expect(asked).toEqual(['הפרטים שמילאת עוד לא נשלחו. לעזוב את הדף?']));
    expect(router.state.location.pathname).toBe('/order');
    expect(field('שם משפחה').value).toBe('לוי');
    answer = true;
    void router.navigate({ to: '/cart' });
    await screen.findByRole('heading', { name: 'page /cart' });
  });

  it('quotes each change; a reject disables ordering and offers its ways out', async () => {
    let answer = (r: QuoteRequest) => quoteOf([
      r.selectedPickup.includes('alpha') ? matched('alpha', true) : {
        ...matched('alpha', false), shipping: { status: 'rejected', price: 0, rejectCode: 'ShipmentNoMatch', rejectPayload: { pharmName: 'בית מרקחת alpha' } },
      },
      matched('beta', r.selectedPickup.includes('beta'), 25),
    ]);
    const api = fakeApi({ quote: (r) => new Response(JSON.stringify(answer(r)), { headers: { 'content-type': 'application/json' } }) });
    renderAt('/order');
    await fillDetails();
    choose('alpha', 'משלוח');
    choose('beta', 'משלוח');
    await within(group('alpha')).findByText('בית מרקחת alpha אינו שולח לכתובת שבחרת.', undefined, { timeout: 3000 });
    // The default saved address went with the quote, with the coupons of the session.
    expect(api.quotes.at(-1)).toEqual({ couponCodes: [], selectedPickup: [], shippingAddress: { addressId: 11 } });
    expect(within(group('beta')).getByText(/דמי משלוח/).textContent).toContain('25');
    expect(placeButton().disabled).toBe(true);

    fireEvent.click(within(group('alpha')).getByRole('button', { name: 'בחירת איסוף עצמי' }));
    await within(group('alpha')).findByText('איסוף עצמי מבית המרקחת', undefined, { timeout: 3000 });
    expect(api.quotes.at(-1)?.selectedPickup).toEqual(['alpha']);
    await waitFor(() => expect(placeButton().disabled).toBe(false));

    answer = () => quoteOf([matched('alpha', true), {
      ...matched('beta', false), shipping: { status: 'rejected', price: 0, rejectCode: 'ShippingMinPricing', rejectPayload: { pharmName: 'בית מרקחת beta', minPricing: { quantityType: 'min-items-count', quantity: 3 } } },
    }]);
    fireEvent.click(within(group('beta')).getByLabelText('איסוף עצמי'));
    choose('beta', 'משלוח');
    await within(group('beta')).findByText('לבית מרקחת beta יש מינימום הזמנה במשלוח: 30 גרם.', undefined, { timeout: 3000 });
    expect(within(group('beta')).getByRole('link', { name: 'הוספת מוצרים מבית המרקחת' }).getAttribute('href')).toBe('/pharms/beta');
    expect(placeButton().disabled).toBe(true);

    answer = () => quoteOf([matched('alpha', true), {
      ...matched('beta', false), shipping: { status: 'rejected', price: 0, rejectCode: 'Error', rejectPayload: { pharmName: 'בית מרקחת beta' } },
    }]);
    // A new address: quoted once it has a street and a city and a house number (filled from the text).
    fireEvent.click(screen.getByLabelText('כתובת חדשה'));
    fireEvent.input(screen.getByRole('combobox', { name: 'כתובת (רחוב ועיר)' }), { target: { value: 'שדרות רוטשילד 5, תל אביב' } });
    await within(group('beta')).findByText(Messages.shippingUnavailable, undefined, { timeout: 3000 });
    expect(api.quotes.at(-1)?.shippingAddress).toEqual({ address: 'שדרות רוטשילד 5, תל אביב', houseNumber: '5' });
    expect(screen.getByText('יש לבחור דרך אחרת לבתי המרקחת שלא ניתן לשלוח מהם.').getAttribute('role')).toBe('status');
  });

  it('encrypts the ID number in the browser and never sends it, places the order under the cart lock, keeps the batch uid and goes on', async () => {
    const api = fakeApi();
    appliedCoupons.add({ code: 'WELCOME10', name: 'ברוכים הבאים', pharmName: 'בית מרקחת alpha' });
    const router = renderAt('/order');
    await fillDetails({ 'בית מרקחת alpha': 'בבקשה לצלצל', 'בית מרקחת beta': ' ' });
    choose('alpha', 'איסוף עצמי');
    choose('beta', 'איסוף עצמי');
    await waitFor(() => expect(placeButton().disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(placeButton());
    await screen.findByRole('heading', { name: 'page /order/completed' }, { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/order/completed');
    // The address names the batch: a reload finds it.
    expect(router.state.location.search).toEqual({ batch: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(sessionStorage.getItem(LAST_ORDER_BATCH_KEY)).toBe('3f1c2a9e-6b7d-4c8e-9f0a-1b2c3d4e5f60');

    expect(api.orders).toHaveLength(1);
    const sent = api.orders[0];
    expect(sent).not.toContain(ID_NUMBER);
    const body = JSON.parse(sent) as Record<string, unknown> & { encryptedPii: { keyId: string; ciphertext: string } };
    expect(body).not.toHaveProperty('idNumber');
    expect(body).toMatchObject({
      firstName: 'דנה', lastName: 'כהן', phone: '0521234567', email: 'dana@example.com', agreeTOU: true, agreeDisclaimer: true,
      couponCodes: ['WELCOME10'], selectedPickup: ['alpha', 'beta'],
      // Each pharmacy's own notes (none for beta).
      pharmNotes: [{ pharmSlug: 'alpha', notes: 'בבקשה לצלצל' }],
    });
    expect(body).not.toHaveProperty('notes');
    expect(body.encryptedPii.keyId).toBe('k-2026-11');
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, Uint8Array.from(atob(body.encryptedPii.ciphertext), (c) => c.charCodeAt(0)));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ idNumber: ID_NUMBER });

    // The cart was read from the server again after the order, the coupons are spent, and the purchase counted.
    const orderAt = api.calls.findIndex((c) => c.path === '/api/orders');
    expect(api.calls.slice(orderAt).some((c) => c.method === 'GET' && c.path === '/api/cart')).toBe(true);
    expect(appliedCoupons.get()).toEqual([]);
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/analytics').map((c) => c.body)).toEqual(['{"event":"begin_checkout"}', '{"event":"purchase"}']));
  });

  it("shows the identical-order card with a way back to the cart, and the server's message for other failures", async () => {
    let status = 409;
    fakeApi({
      order: () => new Response(JSON.stringify({ statusCode: status, code: 'X', message: status === 409 ? `${Messages.identicalOrder} בשעה האחרונה` : 'בית המרקחת אינו מקבל הזמנות כרגע' }), { status }),
    });
    const router = renderAt('/order');
    await fillDetails();
    choose('alpha', 'איסוף עצמי');
    choose('beta', 'איסוף עצמי');
    await waitFor(() => expect(placeButton().disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(placeButton());
    await screen.findByRole('heading', { name: 'הזמנה זהה קיימת' });
    expect(sessionStorage.getItem(LAST_ORDER_BATCH_KEY)).toBeNull();
    fireEvent.click(screen.getAllByRole('link', { name: 'חזרה לסל הקניות' })[0]);
    await screen.findByRole('heading', { name: 'page /cart' });
    expect(router.state.location.pathname).toBe('/cart');
    cleanup();

    status = 422;
    renderAt('/order');
    await fillDetails();
    choose('alpha', 'איסוף עצמי');
    choose('beta', 'איסוף עצמי');
    await waitFor(() => expect(placeButton().disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(placeButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('בית המרקחת אינו מקבל הזמנות כרגע');
  });
});
