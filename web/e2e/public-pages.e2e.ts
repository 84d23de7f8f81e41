/**
 * Every public page (spec 2.1, and /cart) in Chromium at 390 px and 1280 px: it renders its content,
 * axe-core finds no serious or critical accessibility violation, the page is right-to-left, and
 * screenshots at both widths are kept.
 */
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { publicPages, type PageToOpen } from './public-routes';
import { DESKTOP, GATEWAY_URL, PHONE, screenshotBothWidths, useBrowser } from './browser';

const API_HEADERS = { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': process.env.API_KEY ?? 'mc-local-web-key' };
const PHARM = 'merkaz-tel-aviv';
const PRODUCT = 'dr-green-t20-c4';

async function apiJson<T>(path: string): Promise<T> {
  const res = await fetch(`${GATEWAY_URL}/api${path}`, { headers: API_HEADERS });
  return (await res.json()) as T;
}

describe('web: every public page is accessible, right-to-left, and screenshotted', () => {
  const web = useBrowser();
  let page: Page;
  let pages: PageToOpen[];

  beforeAll(async () => {
    const { pharmProducts } = await apiJson<{ pharmProducts: { id: number; inStock: boolean }[] }>(`/pharms/${PHARM}/products`);
    const { tags } = await apiJson<{ tags: { slug: string }[] }>(`/products/${PRODUCT}`);
    pages = publicPages({ product: PRODUCT, productReady: '.offer', pharm: PHARM, offerId: pharmProducts[0].id, tag: tags[0].slug, term: 'גרין' });
  });

  beforeEach(() => {
    page = web.page;
  });

  it('renders each page with no serious or critical axe violation at either width, and nothing the CSP blocks', async () => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
    });
    for (const [name, path, ready] of pages) {
      await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'networkidle' });
      await page.locator(ready).first().waitFor({ state: 'visible' });
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        for (const line of await seriousViolations(page)) problems.push(`${name} @${viewport.width}: ${line}`);
      }
      await screenshotBothWidths(page, `page-${name}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('reaches the cart with the keyboard alone, from the first Tab', async () => {
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM}`, { waitUntil: 'networkidle' });
    await page.locator('.pharm-product-card').first().waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('skip-link');
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.classList.contains('add-to-cart-button') ?? false);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('header a.cart-link[aria-label="סל הקניות, 1 פריט"]').waitFor({ state: 'visible' });
    await page.context().clearCookies();
  });
});
