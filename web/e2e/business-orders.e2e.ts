/**
 * Issue 15's order management, as a pharmacy owner goes through it: a patient places an order at merkaz-tel-aviv
 * (through the API, as /order does); its owner (pharmacist@medcanna.local) finds it by the patient's phone in the
 * search box, opens it, reveals the ID number, marks it complete, sees 'saved', reloads and finds the order locked
 * (its status select disabled), and the gateway refuses another status for it. Issue 26: a status just chosen says
 * 'not saved yet' until its autosave, and leaving meanwhile (a link of the app, or a reload) asks first.
 */
import { BusinessMessages, type OrdersBatch } from '@mc/contracts';
import * as path from 'path';
import type { Dialog } from 'playwright-core';
import { DESKTOP, GATEWAY_URL, SCREENSHOTS_DIR, useBrowser, WIDTHS } from './browser';
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

describe.each(WIDTHS)('web: a status chosen in the order table, before its autosave, at $width px (issue 26)', (viewport) => {
  const web = useBrowser({ viewport });
  let order: OrdersBatch['orders'][number];
  let owner: string;

  beforeAll(async () => {
    const stamp = Date.now();
    const email = `e2e-bo-unsaved-${viewport.width}-${stamp}@example.co.il`;
    const digits = `057${String(stamp).slice(-7)}`;
    const [offer] = await inStockOffers(MERKAZ);
    const jwt = await newAccount(email, 'a good secret', { firstName: 'טל', lastName: 'שחר' });
    await api('/api/cart', { method: 'PUT', token: jwt, body: { cartItems: [{ pharmProductId: offer.id, amount: 1 }] } });
    ({ orders: [order] } = await api<OrdersBatch>('/api/orders', {
      method: 'POST',
      token: jwt,
      body: {
        firstName: 'טל', lastName: 'שחר', phone: `${digits.slice(0, 3)}-${digits.slice(3)}`, email, agreeTOU: true, agreeDisclaimer: true,
        selectedPickup: [MERKAZ], encryptedPii: await encryptIdNumber(ID_NUMBER, jwt),
      },
    }));
    owner = (await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } })).jwt;
  });

  it("says 'not saved yet' at once, and asks before a link or a reload leaves the unsaved status", async () => {
    const { page } = web;
    await page.context().addCookies([{ name: 'token', value: owner, url: GATEWAY_URL }]);
    await page.goto(`${GATEWAY_URL}/business/${MERKAZ}/orders?search=${order.id}`, { waitUntil: 'networkidle' });
    const row = page.locator('table[aria-label="הזמנות"]').getByRole('row', { name: `פרטי הזמנה ${order.id}`, exact: true });
    await row.waitFor({ state: 'visible' });
    const indicator = page.locator('.bo-toolbar').getByRole('status');
    expect(await indicator.textContent()).toBe('');

    // The save is held on its way, so the page stays unsaved for as long as the test needs (dirty, then saving).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(`**/api/business/${MERKAZ}/orders`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      await held;
      await route.fallback();
    });

    const select = page.getByRole('button', { name: new RegExp(`סטטוס הזמנה ${order.id}`) });
    await select.click();
    await page.getByRole('option', { name: 'ממתינה' }).click();
    // At once, long before the 3 s: beside the row and in the toolbar.
    await row.getByText('טרם נשמר', { exact: true }).waitFor({ state: 'visible', timeout: 1000 });
    await indicator.getByText('השינויים טרם נשמרו').waitFor({ state: 'visible', timeout: 1000 });
    expect(await select.getAttribute('aria-describedby')).toBeTruthy();
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `business-order-status-unsaved-${viewport.width}.png`) });

    // A search on the same page does not ask: the edit waits on, shown on its row.
    let asked = 0;
    const count = (dialog: Dialog) => { asked += 1; void dialog.dismiss(); };
    page.on('dialog', count);
    await page.getByRole('searchbox', { name: 'חיפוש הזמנה' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await row.getByText('טרם נשמר', { exact: true }).waitFor({ state: 'visible' });
    page.off('dialog', count);
    expect(asked).toBe(0);

    // A link of the app asks first (the router's blocker); staying keeps the page and the edit.
    const confirmed = new Promise<string>((resolve) => page.once('dialog', (dialog) => { resolve(dialog.message()); void dialog.dismiss(); }));
    await page.getByRole('navigation', { name: 'ניהול העסק' }).getByRole('link', { name: 'ראשי' }).click();
    expect(await confirmed).toBe(BusinessMessages.unsavedChanges);
    expect(new URL(page.url()).pathname).toBe(`/business/${MERKAZ}/orders`);

    // A reload asks too (the browser's beforeunload); staying keeps the page.
    const beforeUnload = new Promise<string>((resolve) => page.once('dialog', (dialog) => { resolve(dialog.type()); void dialog.dismiss(); }));
    const reloading = page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(await beforeUnload).toBe('beforeunload');
    await reloading;
    await row.getByText('טרם נשמר', { exact: true }).waitFor({ state: 'visible' });

    // Let the save through: saved, and nothing asks any more.
    release();
    await indicator.getByText(BusinessMessages.statusSaved).waitFor({ state: 'visible' });
    expect(await row.getByText('טרם נשמר', { exact: true }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'ניהול העסק' }).getByRole('link', { name: 'ראשי' }).click();
    await page.waitForURL((url) => url.pathname === `/business/${MERKAZ}`);
  });
});
