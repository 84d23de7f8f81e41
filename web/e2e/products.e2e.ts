/**
 * Browser test of the product list, the price comparison (nearby with a granted fake position) and the
 * discounts and tag pages, run by the root Jest e2e config against the whole stack.
 * Env: GATEWAY_URL, E2E_PRODUCT_SLUG, ARTIFACTS_DIR (screenshots go to its screenshots/; default <repo>/artifacts).
 */
import type { Page } from 'playwright-core';
import { GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

const PRODUCT_SLUG = process.env.E2E_PRODUCT_SLUG ?? 'dr-green-t20-c4';
/** Tel Aviv, where the fixture has pharmacies. */
const POSITION = { latitude: 32.0853, longitude: 34.7818 };

const searchOf = (page: Page) => new URL(page.url()).searchParams;

describe('web: products, comparison, discounts, tags', () => {
  const web = useBrowser();
  let page: Page;

  async function open(url: string, options: { width?: number; geolocation?: boolean } = {}) {
    const context = await web.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      locale: 'he-IL',
      ...(options.geolocation ? { geolocation: POSITION, permissions: ['geolocation'] } : {}),
    });
    page = await context.newPage();
    await page.goto(`${GATEWAY_URL}${url}`, { waitUntil: 'networkidle' });
  }

  it('filters, sorts and pages the product list through the URL', async () => {
    await open('/products');
    const cards = page.locator('main .card-list li');
    await cards.first().waitFor({ state: 'visible' });
    const count = page.locator('.list-count');
    const before = await count.textContent();

    await page.locator('summary', { hasText: 'סוג מוצר' }).click();
    await page.getByRole('checkbox', { name: /שמן/ }).check();
    await page.waitForURL(/types=oil/);
    await page.waitForFunction((old) => document.querySelector('.list-count')?.textContent !== old, before);
    expect(searchOf(page).get('types')).toBe('oil');

    await page.getByLabel('מיון לפי').selectOption('price');
    await page.waitForURL(/sortBy=price/);
    // The lowest price of each card (the 'from ₪…' figure).
    const prices = await page.locator('.card-price').evaluateAll((els) => els.map((el) => el.querySelector('.shekels')?.textContent ?? ''));
    const numbers = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

    await screenshotBothWidths(page, 'products');

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sortBy'));
    expect(searchOf(page).get('types')).toBe('oil');
  });

  // The fixtures fit on one page (the pager's own steps are covered by its component test).
  it('resets a page past the last to 1, keeping the other parameters', async () => {
    await open('/products?page=9999&layout=list');
    await page.waitForURL((url) => !url.searchParams.has('page'));
    expect(searchOf(page).get('layout')).toBe('list');
  });

  it('shows the list on a phone with the filters behind a button', async () => {
    await open('/products', { width: 390 });
    await page.locator('main .card-list li').first().waitFor({ state: 'visible' });
    expect(await page.locator('#list-filters').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'סינון', exact: true }).click();
    expect(await page.locator('#list-filters').isVisible()).toBe(true);
    await screenshotBothWidths(page, 'products-filters');
  });

  it('sorts the comparison by distance from a granted position', async () => {
    await open(`/products/${PRODUCT_SLUG}`, { geolocation: true });
    await page.locator('.offer').first().waitFor({ state: 'visible' });
    await page.locator('#comparison-title').scrollIntoViewIfNeeded();
    // A granted position gives the rows their distances already by price: wait for the answer by distance itself.
    const byDistance = page.waitForResponse((response) => response.url().includes('/pharm-products?sortBy=nearby'));
    await page.getByLabel('מיון לפי').selectOption('nearby');
    await page.waitForURL(/sortBy=nearby/);
    await byDistance;
    await page.locator('.offer-list[aria-busy="false"] .offer-distance').first().waitFor({ state: 'visible' });

    const distances = (await page.locator('.offer-distance').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await screenshotBothWidths(page, 'comparison-nearby');
  });

  it('explains kindly when the position is refused and still lists by price', async () => {
    await open(`/products/${PRODUCT_SLUG}?sortBy=nearby`);
    await page.locator('.geo-notice-failed').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.locator('.offer').count()).toBeGreaterThan(0);
  });

  it('shows discounted offers with their badge, and a tag page from a product tag', async () => {
    await open('/discounts');
    await page.locator('.badge-discount').first().waitFor({ state: 'visible' });
    expect(await page.locator('.offer-price-was').count()).toBeGreaterThan(0);

    await page.goto(`${GATEWAY_URL}/products/${PRODUCT_SLUG}`, { waitUntil: 'networkidle' });
    const tag = page.locator('.tag-list a').first();
    const href = await tag.getAttribute('href');
    await tag.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('h1#list-title').waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'tag-page');
  });
});
