/**
 * Browser test of the generic error page and the not-found page on the public pages (issue 26 item 10): what each
 * says, its status, its analytics event and the search box's failure message, at a 390 px phone and a 1280 px desktop.
 * Env: GATEWAY_URL, E2E_PHARM_SLUG.
 */
import { Messages } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { GATEWAY_URL, useBrowser, WIDTHS } from './browser';

const PHARM_SLUG = process.env.E2E_PHARM_SLUG ?? 'merkaz-tel-aviv';

/** Resolves when the page sends the analytics event `event`. */
const analyticsEvent = (page: Page, event: string) =>
  page.waitForRequest((request) => request.url().endsWith('/api/analytics') && request.postDataJSON()?.event === event);

describe.each(WIDTHS)('web: error and not-found pages at $width px', (viewport) => {
  const web = useBrowser({ viewport });

  it("answers 404 for a pharmacy's product that does not exist, or whose id is not a number, and counts the not-found page", async () => {
    const { page } = web;
    const counted = analyticsEvent(page, 'not_found_page');
    const missing = await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}/products/99999999`, { waitUntil: 'networkidle' });
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: Messages.pageNotFound }).waitFor({ state: 'visible' });
    await page.getByText(Messages.productNotFound).waitFor({ state: 'visible' });
    await counted;

    const invalid = await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}/products/abc`, { waitUntil: 'networkidle' });
    expect(invalid?.status()).toBe(404);
    await page.getByText(Messages.invalidUrl).waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows 'back soon' for 503, and any other error's message prefixed 'Client' with reload and the contact form", async () => {
    const { page } = web;
    let counted = analyticsEvent(page, 'error_page');
    let status = 503;
    await page.route('**/api/pharms/*/products/*', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ statusCode: status, code: 'X', message: status === 503 ? Messages.serviceUnavailable : Messages.internal }) }));
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}/products/1`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'נחזור בקרוב' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'רענון העמוד' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'צרו קשר' }).count()).toBe(1); // the footer's only
    expect(await seriousViolations(page)).toEqual([]);
    await counted;

    status = 500;
    counted = analyticsEvent(page, 'error_page');
    await page.getByRole('button', { name: 'רענון העמוד' }).click();
    await page.getByRole('heading', { level: 1, name: 'משהו השתבש' }).waitFor({ state: 'visible' });
    await page.getByText(`Client: ${Messages.internal}`).waitFor({ state: 'visible' });
    const alert = page.getByRole('alert');
    await alert.getByRole('button', { name: 'צרו קשר' }).click();
    await page.getByRole('dialog', { name: 'צרו קשר' }).waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await counted;
  });

  it("says 'you are offline' when the network is gone", async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}`, { waitUntil: 'networkidle' });
    const products = page.locator(`main a[href^="/pharms/${PHARM_SLUG}/products/"]`);
    await products.first().waitFor({ state: 'visible' });
    const hrefs = [...new Set(await products.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))];
    expect(hrefs.length).toBeGreaterThan(1);
    // A product page once (its code is then in the browser), back, then another one without the network.
    await page.locator(`main a[href="${hrefs[0]}"]`).first().click();
    await page.locator('h1.pharm-header-title').waitFor({ state: 'visible' });
    await page.goBack();
    await page.locator(`main a[href="${hrefs[1]}"]`).first().waitFor({ state: 'visible' });
    await page.context().setOffline(true);
    await page.locator(`main a[href="${hrefs[1]}"]`).first().click();
    await page.getByRole('heading', { level: 1, name: 'אין חיבור לאינטרנט' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'רענון העמוד' }).waitFor({ state: 'visible' });
    await page.context().setOffline(false);
  });

  it('says in Hebrew when the search suggestions fail, never the English of a server', async () => {
    const { page } = web;
    await page.route('**/api/search?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }) }));
    await page.goto(`${GATEWAY_URL}/products`, { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'חיפוש מוצר או בית מרקחת' }).first();
    await box.fill('גרין');
    await page.getByText(Messages.listLoadFailed).first().waitFor({ state: 'visible' });
    expect(await page.getByText('Internal server error').count()).toBe(0);
  });
});
