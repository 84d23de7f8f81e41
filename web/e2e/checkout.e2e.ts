/**
 * Browser test of checkout: a signed-in patient with a server cart opens /order, fills the details (the ID number
 * is encrypted in the page: the request carries only its ciphertext), picks up from the pharmacy, places the order
 * and lands on /order/completed with the batch's uid kept for that page; the server's cart is empty afterwards.
 */
import type { OrdersBatch, PharmProduct } from '@mc/contracts';
import { GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';
import { api, newAccount } from './api';

const ID_NUMBER = '039337423';

describe('web: checkout', () => {
  const web = useBrowser();
  const email = `e2e-checkout-${Date.now()}@example.co.il`;
  let jwt: string;
  let offer: PharmProduct;

  beforeAll(async () => {
    const body = await api<{ pharmProducts: PharmProduct[] }>('/api/pharms/merkaz-tel-aviv/products?sortBy=price');
    offer = body.pharmProducts.filter((o) => o.inStock)[0];
    jwt = await newAccount(email, 'a good secret', { firstName: 'נועה', lastName: 'לוי' });
    await api('/api/cart', { method: 'PUT', body: { cartItems: [{ pharmProductId: offer.id, amount: 1 }] }, token: jwt });
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

    await page.waitForURL(/\/order\/completed\?batch=[0-9a-f-]{36}$/);
    const uid = await page.evaluate(() => sessionStorage.getItem('mc.lastOrderBatch'));
    expect(uid).toMatch(/^[0-9a-f-]{36}$/);
    // The address names the same batch (a reload finds it without the tab's storage).
    expect(new URL(page.url()).searchParams.get('batch')).toBe(uid);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toContain(ID_NUMBER);
    expect(JSON.parse(sent[0])).not.toHaveProperty('idNumber');
    expect(JSON.parse(sent[0]).encryptedPii.ciphertext.length).toBeGreaterThan(100);

    const batch = await api<OrdersBatch>(`/api/orders/batches/${uid}`, { token: jwt });
    expect(batch.orders.map((o) => [o.pharm.slug, o.pickup, o.productsCount])).toEqual([[offer.pharm.slug, true, 1]]);
    const cart = await api<{ items: unknown[] }>('/api/cart', { token: jwt });
    expect(cart.items).toEqual([]);
  });
});
