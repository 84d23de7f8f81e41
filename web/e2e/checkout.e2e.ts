/**
 * Browser test of checkout: a signed-in patient with a server cart opens /order, fills the details (the ID number
 * is encrypted in the page: the request carries only its ciphertext), picks up from the pharmacy, places the order
 * and lands on /order/completed with the batch's uid kept for that page; the server's cart is empty afterwards.
 */
import type { OrdersBatch, PharmProduct } from '@mc/contracts';
import { GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

const API_HEADERS = { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': process.env.API_KEY ?? 'mc-local-web-key' };
const ID_NUMBER = '039337423';

async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${GATEWAY_URL}${path}`, {
    method,
    headers: { ...API_HEADERS, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A new, active account (signed up and activated through the API, the link read from the local mailbox); its token. */
async function newAccount(email: string, password: string): Promise<string> {
  await api('POST', '/api/auth/signup', { firstName: 'נועה', lastName: 'לוי', email, password, agreeTOU: true });
  let token: string | undefined;
  for (let i = 0; i < 75 && !token; i++) {
    const page = await (await fetch(`${GATEWAY_URL}/dev/mailbox`, { headers: API_HEADERS })).text();
    const article = page.split('<article>').slice(1).find((a) => a.includes(email) && a.includes('/auth/verify-email'));
    token = article?.match(/token=([^"&<\s]+)/)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!token) throw new Error(`no activation e-mail to ${email}`);
  await api('POST', '/api/auth/activate', { activationToken: decodeURIComponent(token) });
  return (await api<{ jwt: string }>('POST', '/api/auth/signin', { email, password })).jwt;
}

describe('web: checkout', () => {
  const web = useBrowser();
  const email = `e2e-checkout-${Date.now()}@example.co.il`;
  let jwt: string;
  let offer: PharmProduct;

  beforeAll(async () => {
    const body = await api<{ pharmProducts: PharmProduct[] }>('GET', '/api/pharms/merkaz-tel-aviv/products?sortBy=price');
    offer = body.pharmProducts.filter((o) => o.inStock)[0];
    jwt = await newAccount(email, 'a good secret');
    await api('PUT', '/api/cart', { cartItems: [{ pharmProductId: offer.id, amount: 1 }] }, jwt);
  });

  it('places an order for pickup with the ID number encrypted in the page, and goes on to /order/completed', async () => {
    const { page } = web;
    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/orders' && request.method() === 'POST') sent.push(request.postData() ?? '');
    });

    await page.goto(`${GATEWAY_URL}/cart`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'המשך להזמנה' }).click();
    await page.waitForURL(/\/order$/);
    await page.getByRole('heading', { name: '1. פרטים אישיים' }).waitFor({ state: 'visible' });
    expect(await page.getByLabel('דוא״ל').inputValue()).toBe(email);
    await page.getByLabel('טלפון').fill('0521234567');
    await page.getByLabel('מספר תעודת זהות').fill(ID_NUMBER);
    await page.getByLabel(/לתנאי השימוש של האתר/).check();
    await page.getByLabel('אני מוותר/ת על ייעוץ רוקחי לפני ההזמנה').check();
    await screenshotBothWidths(page, 'checkout-details');
    await page.getByRole('button', { name: 'המשך' }).click();

    const pharm = page.getByRole('group', { name: `הזמנה מ${offer.pharm.name}` });
    await pharm.getByLabel('איסוף עצמי').check();
    await pharm.getByText('איסוף עצמי מבית המרקחת').waitFor({ state: 'visible' });
    const place = page.getByRole('button', { name: 'ביצוע הזמנה' });
    await place.and(page.locator(':enabled')).waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'checkout-shipment');
    await place.click();

    await page.waitForURL(/\/order\/completed$/);
    const uid = await page.evaluate(() => sessionStorage.getItem('mc.lastOrderBatch'));
    expect(uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain(ID_NUMBER);
    expect(JSON.parse(sent[0])).not.toHaveProperty('idNumber');
    expect(JSON.parse(sent[0]).encryptedPii.ciphertext.length).toBeGreaterThan(100);

    const batch = await api<OrdersBatch>('GET', `/api/orders/batches/${uid}`, undefined, jwt);
    expect(batch.orders.map((o) => [o.pharm.slug, o.pickup, o.productsCount])).toEqual([[offer.pharm.slug, true, 1]]);
    const cart = await api<{ items: unknown[] }>('GET', '/api/cart', undefined, jwt);
    expect(cart.items).toEqual([]);
  });
});
