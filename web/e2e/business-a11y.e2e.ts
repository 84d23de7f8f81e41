/**
 * Issue 15: every back-office page, and each page's create dialog, in Chromium at 1280 px (where staff use it)
 * and 390 px: axe-core finds no serious or critical violation, the page has one main landmark, and it is right-to-left.
 * Issue 28: the same of a partner-synced pharmacy's (yam-eilat, opened by an admin) dashboard, products and locked
 * offer's dialog, which show its partner code, the partner's marks and the products' partner ids.
 */
import type { Page } from 'playwright-core';
import { heDashboard } from '../src/business/i18n/he-dashboard';
import { heProducts } from '../src/business/i18n/he-products';
import { api } from './api';
import { seriousViolations } from './axe';
import { DESKTOP, GATEWAY_URL, PHONE, screenshotBothWidths, useBrowser } from './browser';

const BUSINESS = '/business/merkaz-tel-aviv';
const PAGES: [name: string, path: string][] = [
  ['dashboard', BUSINESS],
  ['orders', `${BUSINESS}/orders`],
  ['products', `${BUSINESS}/products`],
  ['discounts', `${BUSINESS}/discounts`],
  ['shipments', `${BUSINESS}/shipments`],
  ['announcements', `${BUSINESS}/announcements`],
];

describe('web: the back office is accessible', () => {
  const web = useBrowser();
  let jwt: string;

  beforeAll(async () => {
    ({ jwt } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } }));
  });

  it('shows every page, and its first dialog, with no serious or critical axe violation at either width', async () => {
    const page: Page = web.page;
    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    const problems: string[] = [];
    for (const [name, path] of PAGES) {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'networkidle' });
      await page.locator('.bo-name').waitFor({ state: 'visible' });
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        for (const line of await seriousViolations(page)) problems.push(`${name} @${viewport.width}: ${line}`);
        // One main landmark: the site's (issue 26: the back office nested a second one in it).
        const mains = await page.locator('main, [role="main"]').count();
        if (mains !== 1) problems.push(`${name} @${viewport.width}: ${mains} main landmarks`);
      }
      await screenshotBothWidths(page, `business-${name}`);
      // The page's first dialog (create or edit), with its form in view.
      const opener = page.locator('.bo-main button[data-opens-dialog]').first();
      if (await opener.count()) {
        await opener.click();
        await page.getByRole('dialog').waitFor({ state: 'visible' });
        for (const line of await seriousViolations(page)) problems.push(`${name} dialog: ${line}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('shows a partner-synced pharmacy its partner code, and its locked offers the partner’s mark, accessibly', async () => {
    const page: Page = web.page;
    const { jwt: admin } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'admin@medcanna.local', password: 'demo-admin' } });
    await page.context().addCookies([{ name: 'token', value: admin, url: GATEWAY_URL }]);
    const problems: string[] = [];
    const check = async (name: string) => {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        for (const line of await seriousViolations(page)) problems.push(`${name} @${viewport.width}: ${line}`);
      }
    };

    await page.setViewportSize(DESKTOP);
    await page.goto(`${GATEWAY_URL}/business/yam-eilat`, { waitUntil: 'networkidle' });
    const partner = page.getByRole('region', { name: heDashboard.partner.heading });
    await partner.waitFor({ state: 'visible' });
    expect(await partner.textContent()).toContain('PH-1800');
    await check('partner dashboard');
    await screenshotBothWidths(page, 'business-partner-dashboard');

    await page.goto(`${GATEWAY_URL}/business/yam-eilat/products`, { waitUntil: 'networkidle' });
    const row = page.getByRole('row').filter({ hasText: 'YRP-204729' });
    await row.waitFor({ state: 'visible' });
    expect(await row.getByText(heProducts.locked).count()).toBe(1);
    expect(await row.getByText(heProducts.partnerUpdated).count()).toBe(1);
    expect(await page.getByText(heProducts.locked).count()).toBe(3);
    await check('partner products');
    await screenshotBothWidths(page, 'business-partner-products');

    await row.getByRole('button', { name: 'עריכה' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByLabel(heProducts.fields.price).getAttribute('readonly')).not.toBeNull();
    expect(await dialog.textContent()).toContain(heProducts.lockedReason);
    for (const line of await seriousViolations(page)) problems.push(`partner product dialog: ${line}`);
    expect(problems).toEqual([]);
  }, 120_000);
});
