/**
 * Issue 31 in the browser, at 390 and 1280 px: a patient subscribes on a product page to a price drop; the partner
 * pushes a feed that lowers the price at a partner-synced pharmacy; the e-mail in the mailbox names the new price and
 * the pharmacy, and its one-click link removes the alert without sign-in; the product page's chart shows the drop as
 * today's lowest. Each width has a patient of its own (an alert sends at most once a day). The e2e stack sends alerts
 * at any hour (ALERT_QUIET_HOURS=none: this runs on the real clock); pharm's integration suite holds the night's.
 */
import { AlertMessages, type PriceHistory } from '@mc/contracts';
import { partnerUniverse } from '../../deploy/seed/partner';
import { signedPush, waitForFeed } from '../../deploy/local/fake-partner';
import { signInFromHeader } from './account-steps';
import { api, newAccount } from './api';
import { seriousViolations } from './axe';
import { fromMailbox, GATEWAY_URL, useBrowser, WIDTHS } from './browser';
import { horizontalOverflow } from './overflow';

const PHARM = 'galil-karmiel';
const PHARM_NAME = 'מרקחת הגליל';
const PRODUCT = 'balance-t10-c10';
/** The fixtures' price of the offer (deploy/seed/pharm-data.js), put back after the file. */
const SEEDED_PRICE = '229';
const universe = partnerUniverse('fixtures');
const code = universe.pharmacies.find((p) => p.slug === PHARM)!.code;
const productId = universe.products.find((p) => p.slug === PRODUCT)!.id;
const run = Date.now().toString(36);

/** Pushes the offer's row (price in shekels, the partner's time now) and waits until it is applied. */
async function pushPrice(price: string): Promise<void> {
  const updatedAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
  const pushed = await signedPush({ baseUrl: GATEWAY_URL, body: `pharmacy_code,partner_product_id,amount,price,updated_at\n${code},${productId},12,${price},${updatedAt}\n` });
  expect(pushed.status).toBe(202);
  expect(await waitForFeed({ baseUrl: GATEWAY_URL, jobId: pushed.body.jobId })).toMatchObject({ state: 'done', applied: 1 });
}

afterAll(async () => {
  await pushPrice(SEEDED_PRICE);
});

describe.each(WIDTHS)('web: a price alert from the product page to the mailbox, at $width px (issue 31)', (viewport) => {
  const web = useBrowser({ viewport });

  it('a patient subscribes, a pushed feed lowers the price, the e-mail tells it, the link removes the alert, the chart shows the drop', async () => {
    const page = web.page;
    const email = `alerts-${run}-${viewport.width}@example.co.il`;
    const password = 'alert secret 1';
    await newAccount(email, password, { firstName: 'שירה', lastName: 'מתריעה' });
    await signInFromHeader(page, email, password);

    // 1. The alert, from the product page: a drop to 200 ₪ or under.
    await page.goto(`${GATEWAY_URL}/products/${PRODUCT}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'יצירת התראה' }).click();
    await page.getByRole('radio', { name: 'ירידת מחיר' }).check();
    await page.getByLabel(/להתריע כשהמחיר יורד אל/).fill('200');
    await page.getByRole('button', { name: 'שמירת ההתראה' }).click();
    await page.getByText(AlertMessages.created).waitFor({ state: 'visible' });
    expect({ violations: await seriousViolations(page) }).toEqual({ violations: [] });
    expect({ overflow: await horizontalOverflow(page) }).toEqual({ overflow: [] });

    // 2. The partner lowers the price at galil-karmiel, under the day's lowest so far (another suite may have lowered
    // another pharmacy's offer today); the matcher tells notifications, which mails the patient.
    const { points } = await api<PriceHistory>(`/api/products/${PRODUCT}/price-history?days=30`);
    const price = String(Math.min(viewport.width < 600 ? 199 : 195, Math.floor(points.at(-1)!.lowest) - 2));
    await pushPrice(price);
    const link = await fromMailbox(page, `the alert to ${email}`, { has: [email, PHARM_NAME, `₪${price}`], match: /(\/alerts\/unsubscribe\?token=[^"<\s&]+)/ }, 30_000);

    // 3. The chart: today's lowest is the new price (the table's newest row).
    await page.goto(`${GATEWAY_URL}/products/${PRODUCT}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'הצגת המחירים בטבלה' }).click();
    const newest = page.getByRole('table').filter({ hasText: 'המחיר הנמוך במלאי בכל יום' }).getByRole('row').nth(1);
    expect(await newest.textContent()).toContain(`₪${price}`);

    // 4. The one-click link, signed out: one press removes the alert, and /user/alerts is empty.
    const signedOut = await web.newPage({ viewport });
    await signedOut.goto(`${GATEWAY_URL}${link}`, { waitUntil: 'networkidle' });
    await signedOut.getByRole('button', { name: 'הסרת ההתראה' }).click();
    await signedOut.getByText(AlertMessages.removed).waitFor({ state: 'visible' });
    await page.goto(`${GATEWAY_URL}/user/alerts`, { waitUntil: 'networkidle' });
    await page.getByText(/עוד אין לך התראות/).waitFor({ state: 'visible' });
  });
});
