/**
 * Issue 15's order management, as a pharmacy owner goes through it: a patient places an order at merkaz-tel-aviv
 * (through the API, as /order does); its owner (pharmacist@medcanna.local) finds it by the patient's phone in the
 * search box, opens it, reveals the ID number, marks it complete, sees 'saved', reloads and finds the order locked
 * (its status select disabled), and the gateway refuses another status for it.
 */
import { BusinessMessages, type OrdersBatch } from '@mc/contracts';
import { DESKTOP, GATEWAY_URL, useBrowser } from './browser';
import { api, API_HEADERS, encryptIdNumber, inStockOffers, newAccount } from './api';

const MERKAZ = 'merkaz-tel-aviv';
const ID_NUMBER = '000000018';

describe('web: the back office order table (issue 15)', () => {
  const web = useBrowser({ viewport: DESKTOP });
  const stamp = Date.now();
  const email = `e2e-bo-orders-${stamp}@example.co.il`;
  // A phone of this run only: the search finds this order alone.
  const digits = `058${String(stamp).slice(-7)}`;
  const phone = `${digits.slice(0, 3)}-${digits.slice(3)}`;
  let batch: OrdersBatch;
  let owner: string;

  beforeAll(async () => {
    const [offer] = await inStockOffers(MERKAZ);
    const jwt = await newAccount(email, 'a good secret', { firstName: 'נגה', lastName: 'ברק' });
    await api('/api/cart', { method: 'PUT', token: jwt, body: { cartItems: [{ pharmProductId: offer.id, amount: 1 }] } });
    batch = await api<OrdersBatch>('/api/orders', {
      method: 'POST',
      token: jwt,
      body: {
        firstName: 'נגה', lastName: 'ברק', phone, email, agreeTOU: true, agreeDisclaimer: true, selectedPickup: [MERKAZ],
        notes: 'בבקשה להתקשר לפני', encryptedPii: await encryptIdNumber(ID_NUMBER, jwt),
      },
    });
    owner = (await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } })).jwt;
  });

  it('finds the order by phone, shows it with its ID number, marks it complete and then it is locked', async () => {
    const { page } = web;
    const [order] = batch.orders;
    await page.context().addCookies([{ name: 'token', value: owner, url: GATEWAY_URL }]);
    await page.goto(`${GATEWAY_URL}/business/${MERKAZ}/orders`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'ניהול הזמנות' }).waitFor({ state: 'visible' });

    // The search (debounced into the address) finds this order alone.
    const searched = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === `/api/business/${MERKAZ}/orders` && url.searchParams.get('search') === phone;
    });
    await page.getByRole('searchbox', { name: 'חיפוש הזמנה' }).fill(phone);
    await page.waitForURL((url) => url.searchParams.get('search') === phone);
    expect((await (await searched).json()).total).toBe(1);
    const rows = page.locator('table[aria-label="הזמנות"]').getByRole('row');
    // The list shown before the search gives way to its one order (the header row and this order's).
    await rows.nth(2).waitFor({ state: 'detached' });
    await rows.filter({ hasText: `#${order.id}` }).waitFor({ state: 'visible' });
    expect(await rows.count()).toBe(2);

    // The order view: its items, shipping 0 as 'חינם', the notes, the phone 3-3-4, and the ID number only on request.
    await page.getByRole('button', { name: `פרטי הזמנה ${order.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `הזמנה #${order.id}` });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByText(order.items[0].name).waitFor({ state: 'visible' });
    await dialog.getByTestId('order-shipping').getByText('חינם').waitFor({ state: 'visible' });
    await dialog.getByText('בבקשה להתקשר לפני').waitFor({ state: 'visible' });
    await dialog.getByText(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`).waitFor({ state: 'visible' });
    expect(await dialog.getByText(ID_NUMBER).count()).toBe(0);
    const revealed = page.waitForResponse((r) => r.url().endsWith(`/orders/${order.id}/id-number`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'הצגת מספר תעודת זהות' }).click();
    expect((await revealed).headers()['cache-control']).toContain('no-store');
    await dialog.getByText(ID_NUMBER).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Closed, it is forgotten: opened again, the number is hidden until asked for.
    await page.getByRole('button', { name: `פרטי הזמנה ${order.id}` }).click();
    await dialog.getByRole('button', { name: 'הצגת מספר תעודת זהות' }).waitFor({ state: 'visible' });
    expect(await dialog.getByText(ID_NUMBER).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The status column: complete, saved about 3 s after the edit.
    const select = page.getByRole('button', { name: new RegExp(`סטטוס הזמנה ${order.id}`) });
    await select.click();
    const options = page.getByRole('listbox').getByRole('option');
    expect(await options.allTextContents()).toEqual(expect.arrayContaining(['ממתינה', 'הושלמה', 'בוטלה']));
    const patched = page.waitForRequest((r) => r.url().endsWith(`/api/business/${MERKAZ}/orders`) && r.method() === 'PATCH');
    await page.getByRole('option', { name: 'הושלמה' }).click();
    expect(JSON.parse((await patched).postData() ?? '{}')).toEqual({ orders: [{ orderId: order.id, status: 'complete' }] });
    await page.getByText(BusinessMessages.statusSaved).waitFor({ state: 'visible' });

    await page.reload({ waitUntil: 'networkidle' });
    await rows.filter({ hasText: `#${order.id}` }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: new RegExp(`סטטוס הזמנה ${order.id}`) }).and(page.locator('[disabled], [data-disabled]')).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: new RegExp(`סטטוס הזמנה ${order.id}`) }).getByText('הושלמה').waitFor({ state: 'visible' });

    // The order is final: any other status is refused.
    const res = await fetch(`${GATEWAY_URL}/api/business/${MERKAZ}/orders`, {
      method: 'PATCH',
      headers: { ...API_HEADERS, 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      body: JSON.stringify({ orders: [{ orderId: order.id, status: 'canceled' }] }),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(BusinessMessages.orderLocked);
  });
});
