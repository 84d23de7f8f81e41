/**
 * Issue 26, nobody stranded after ordering (at 390 and 1280 px): the confirmation e-mail's and SMS's link opens the
 * batch's /order/completed in a tab that never placed it, and the page and its documents upload survive a reload (a
 * phone reloads after the camera or the file picker); the upload says it is optional and takes all three documents.
 * The e-mail's link to one order, opened signed out, goes home, asks to sign in, and then opens that order's dialog,
 * which says what its status means for pickup, with the pharmacy's phone. No serious or critical axe finding.
 */
import type { OrdersBatch } from '@mc/contracts';
import { seriousViolations } from './axe';
import * as path from 'node:path';
import { fromMailbox, GATEWAY_URL, SCREENSHOTS_DIR, useBrowser, WIDTHS } from './browser';
import { api, encryptIdNumber, inStockOffers, newAccount } from './api';

const MERKAZ = 'merkaz-tel-aviv';

describe.each(WIDTHS)('web: the links of the order messages, at $width px', (viewport) => {
  const web = useBrowser({ viewport });
  const email = `e2e-links-${viewport.width}-${Date.now()}@example.co.il`;
  const password = 'a good secret';
  let jwt: string;
  let batch: OrdersBatch;
  // A phone of this run only: the order fills the account's empty profile phone, and another suite signs in by SMS
  // with a phone of its own (a phone shared by two accounts would sign in the older one).
  const digits = `058${String(Date.now()).slice(-7)}`;

  beforeAll(async () => {
    const [offer] = await inStockOffers(MERKAZ);
    jwt = await newAccount(email, password);
    await api('/api/cart', { method: 'PUT', token: jwt, body: { cartItems: [{ pharmProductId: offer.id, amount: 1 }] } });
    batch = await api<OrdersBatch>('/api/orders', {
      method: 'POST',
      token: jwt,
      body: {
        firstName: 'רות', lastName: 'כהן', phone: `${digits.slice(0, 3)}-${digits.slice(3)}`, email, agreeTOU: true, agreeDisclaimer: true,
        selectedPickup: [MERKAZ], encryptedPii: await encryptIdNumber('000000018', jwt),
      },
    });
  });

  it("the confirmation's link opens the order received in a fresh tab, and a reload keeps it with its upload", async () => {
    const { page } = web;
    const [order] = batch.orders;
    // The e-mail and the SMS link to the batch.
    const fromEmail = await fromMailbox(page, 'the confirmation e-mail', { has: [`אל: ${email}`, `#${order.id}`], match: /https?:\/\/[^\s<]+?(\/order\/completed\?batch=[0-9a-f-]{36})/ }, 30_000);
    const fromSms = await fromMailbox(page, 'the confirmation SMS', { has: [`+972${digits.slice(1)}`, `#${order.id}`], match: /https?:\/\/[^\s<]+?(\/order\/completed\?batch=[0-9a-f-]{36})/ }, 30_000);
    expect(fromEmail).toBe(`/order/completed?batch=${batch.uid}`);
    expect(fromSms).toBe(fromEmail);

    // A tab that never placed the order (no session storage), signed in.
    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    await page.goto(`${GATEWAY_URL}${fromEmail}`, { waitUntil: 'networkidle' });
    const upload = async () => {
      await page.getByRole('heading', { level: 1, name: 'ההזמנה התקבלה' }).waitFor({ state: 'visible' });
      await page.getByRole('article', { name: `הזמנה מספר ${order.id}` }).getByRole('heading', { name: order.pharm.name }).waitFor({ state: 'visible' });
      await page.getByText('שליחת המסמכים אינה חובה. מי ששולח אותם שולח את שלושתם יחד', { exact: false }).waitFor({ state: 'visible' });
      for (const label of ['תעודת זהות', 'רישיון קנאביס', 'מרשם בתוקף']) await page.getByLabel(label).waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'שליחת המסמכים' }).waitFor({ state: 'visible' });
    };
    await upload();
    await page.reload({ waitUntil: 'networkidle' });
    await upload();
    expect(new URL(page.url()).pathname).toBe('/order/completed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `order-completed-link-${viewport.width}.png`), fullPage: true });
  }, 60_000);

  it("the e-mail's link to one order, opened signed out, asks to sign in and then shows that order", async () => {
    const { page } = web;
    const [order] = batch.orders;
    const link = await fromMailbox(page, "the confirmation's link to the order", { has: [`אל: ${email}`], match: new RegExp(`https?://[^\\s<]+?(/user/orders\\?order=${order.id})\\b`) }, 30_000);

    await page.goto(`${GATEWAY_URL}${link}`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === '/');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('דוא״ל').fill(email);
    await dialog.getByLabel('סיסמה').fill(password);
    await dialog.getByRole('button', { name: 'התחברות' }).click();

    await page.waitForURL((url) => url.pathname === '/user/orders' && url.searchParams.get('order') === String(order.id));
    // The welcome notice closes by itself; the order's dialog stays.
    const shown = page.getByRole('dialog', { name: `הזמנה מספר ${order.id}` });
    await shown.getByRole('heading', { name: order.pharm.name }).waitFor({ state: 'visible', timeout: 15_000 });
    await shown.getByText('עדיין אין להגיע לאיסוף', { exact: false }).waitFor({ state: 'visible' });
    if (order.pharm.phone) await shown.getByText(`טלפון בית המרקחת: ${order.pharm.phone}`, { exact: false }).waitFor({ state: 'visible' });
    await page.getByRole('dialog', { name: /התחברת/ }).waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);
});
