/**
 * Browser test of the site shell and search: suggestions by keyboard, the results page and its rules.
 * Env: GATEWAY_URL (serves the built web and /api), ARTIFACTS_DIR (screenshots go to its screenshots/; default <repo>/artifacts).
 * Runs against the fixture data: the product `dr-green-t20-c4` ('דוקטור גרין'), the pharmacy `layla-haifa`.
 */
import { Messages } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { DESKTOP, GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

const SEARCH_LABEL = 'חיפוש מוצר או בית מרקחת';

describe('web: shell and search', () => {
  const web = useBrowser({ viewport: DESKTOP });
  let page: Page;

  beforeEach(() => {
    page = web.page;
  });

  it('suggests products and pharmacies as one types, and opens one with the keyboard', async () => {
    page = await web.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('navigation', { name: 'תפריט ניווט תחתון' }).isVisible()).toBe(true);

    const box = page.getByRole('combobox', { name: SEARCH_LABEL });
    await box.fill('דוקטור גרין');
    const option = page.getByRole('option', { name: /דוקטור גרין/ }).first();
    await option.waitFor({ state: 'visible' });
    expect(await page.getByRole('option').count()).toBeLessThanOrEqual(5);
    await screenshotBothWidths(page, 'search-suggestions');

    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Enter');
    await page.waitForURL(/\/products\/[^/]+$/);
    await page.locator('h1').filter({ hasText: 'דוקטור גרין' }).first().waitFor({ state: 'visible' });
  });

  it("says 'לא נמצאו תוצאות' for no match, and submitting opens the results page", async () => {
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: SEARCH_LABEL });

    await box.fill('qqqzzzxxx');
    await page.locator('.search-message', { hasText: 'לא נמצאו תוצאות' }).waitFor({ state: 'visible' });

    await box.fill('לילה');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('term') === 'לילה');
    const pharm = page.locator('main a[href="/pharms/layla-haifa"]');
    await pharm.waitFor({ state: 'visible' });
    expect(await page.title()).toContain('לילה');
    await screenshotBothWidths(page, 'search-results');
  });

  it('sends an empty search to /products, and the results page without a term to /', async () => {
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: SEARCH_LABEL }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/products');

    await page.goto(`${GATEWAY_URL}/search?term=`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === '/');
  });

  it("sends the footer's contact form: the spec's messages first, then success, and the modal closes 7 s later", async () => {
    await page.goto(`${GATEWAY_URL}/faq`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'צרו קשר' }).click();
    const dialog = page.getByRole('dialog', { name: 'צרו קשר' });
    await dialog.getByRole('button', { name: 'שליחה' }).click();
    for (const message of [Messages.requiredFullName, Messages.requiredEmail, Messages.requiredPhone, Messages.requiredMessage]) {
      await dialog.getByText(message).waitFor({ state: 'visible' });
    }
    await dialog.getByLabel('שם מלא').fill('ישראל ישראלי');
    await dialog.getByLabel('דוא״ל').fill('israel@example');
    await dialog.getByLabel('טלפון').fill('052-1234567');
    await dialog.getByLabel('הודעה').fill('האם יש משלוח לאילת?');
    await dialog.getByRole('button', { name: 'שליחה' }).click();
    await dialog.getByText(Messages.invalidEmail).waitFor({ state: 'visible' });
    await dialog.getByLabel('דוא״ל').fill('israel@example.co.il');
    await dialog.getByRole('button', { name: 'שליחה' }).click();
    await dialog.getByText('ההודעה נשלחה').waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden', timeout: 9000 });
  });
});
