/**
 * Browser test of the pharmacy pages and the FAQ, run by the root Jest e2e config against the whole stack.
 * Env: GATEWAY_URL (serves the built web and /api), E2E_PHARM_SLUG, ARTIFACTS_DIR (screenshots go to its screenshots/).
 */
import { Messages } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { GATEWAY_URL, PHONE, screenshotBothWidths, useBrowser } from './browser';

const PHARM_SLUG = process.env.E2E_PHARM_SLUG ?? 'merkaz-tel-aviv';

describe('web: pharmacy pages and FAQ', () => {
  const web = useBrowser({ viewport: PHONE });
  let page: Page;

  beforeEach(() => {
    page = web.page;
  });

  it('lists pharmacies and keeps a filter in the URL', async () => {
    await page.goto(`${GATEWAY_URL}/pharms`, { waitUntil: 'networkidle' });
    await page.locator(`a[href="/pharms/${PHARM_SLUG}"]`).first().waitFor({ state: 'visible' });
    // On a phone the filters open as a bottom sheet.
    await page.locator('.filters-button').click();
    await page.getByRole('dialog', { name: 'סינון' }).getByRole('checkbox', { name: 'פתוח בשבת' }).check();
    await page.waitForURL(/openInSaturday=1/);
    await page.keyboard.press('Escape');
    await screenshotBothWidths(page, 'pharms');
  });

  it('shows the pharmacy page with its header card, hours and products', async () => {
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}`, { waitUntil: 'networkidle' });
    await page.locator('h1').waitFor({ state: 'visible' });
    expect(await page.locator('nav.breadcrumbs a[href="/pharms"]').count()).toBe(1);
    await page.getByRole('button', { name: 'שעות פתיחה' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).not.toMatch(/\d\d:\d\d:\d\d/);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'טלפון' }).click();
    expect(await page.getByRole('dialog').getByRole('link', { name: /חיוג/ }).getAttribute('href')).toMatch(/^tel:0\d+$/);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.locator('#pharm-products-title').waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'pharm-page');
  });

  it('shows the embed without the site header and footer', async () => {
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}/embed`, { waitUntil: 'networkidle' });
    await page.locator('h1').waitFor({ state: 'visible' });
    expect(await page.locator('header.site-header, footer.site-footer').count()).toBe(0);
  });

  it("answers a non-numeric pharm product id with 'כתובת לא תקינה'", async () => {
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}/products/abc`, { waitUntil: 'networkidle' });
    await page.getByText(Messages.invalidUrl).waitFor({ state: 'visible' });
  });

  it('opens several FAQ answers at once', async () => {
    await page.goto(`${GATEWAY_URL}/faq`, { waitUntil: 'networkidle' });
    const toggles = page.locator('button.faq-toggle');
    await toggles.first().waitFor({ state: 'visible' });
    expect(await toggles.count()).toBe(8);
    await toggles.nth(0).click();
    await toggles.nth(1).click();
    expect(await page.locator('button.faq-toggle[aria-expanded="true"]').count()).toBe(2);
    await screenshotBothWidths(page, 'faq');
  });

  it('shows the messaging-group advert once half the list is scrolled, then not again for 2 days', async () => {
    const fresh = await web.newPage({ viewport: { width: 390, height: 700 } }, { groupAdSeen: false });
    await fresh.goto(`${GATEWAY_URL}/pharms`, { waitUntil: 'networkidle' });
    await fresh.locator('.pharm-card').first().waitFor({ state: 'visible' });
    await fresh.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const advert = fresh.getByRole('dialog', { name: /וואטסאפ/ });
    await advert.waitFor({ state: 'visible' });
    expect(await advert.getByRole('link').count()).toBeGreaterThan(0);
    const cookie = (await fresh.context().cookies()).find((c) => c.name === 'groupAdShownAt');
    expect(cookie?.path).toBe('/');
    expect((cookie!.expires * 1000 - Date.now()) / 86_400_000).toBeCloseTo(2, 1);
    await advert.getByRole('button', { name: 'לא עכשיו' }).click();
    await advert.waitFor({ state: 'hidden' });

    // Again: past the 1 s the advert waits after the scroll, neither the groups' request nor the advert happens.
    const askedForGroups: string[] = [];
    fresh.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/social-groups') askedForGroups.push(request.url());
    });
    await fresh.reload({ waitUntil: 'networkidle' });
    await fresh.locator('.pharm-card').first().waitFor({ state: 'visible' });
    await fresh.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await fresh.waitForTimeout(2500);
    expect(askedForGroups).toEqual([]);
    expect(await advert.isVisible()).toBe(false);
  });
});
