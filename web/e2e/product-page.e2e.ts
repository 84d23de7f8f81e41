/**
 * Browser test of the product page, run by the root Jest e2e config against the whole stack.
 * Env: GATEWAY_URL (serves the built web and /api), E2E_PRODUCT_SLUG, E2E_PRODUCT_NAME (the seeded
 * product's Hebrew name, shown in the h1), ARTIFACTS_DIR (screenshots go to its screenshots/; default <repo>/artifacts).
 */
import { Messages } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { DESKTOP, GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

const PRODUCT_SLUG = process.env.E2E_PRODUCT_SLUG ?? 'dr-green-t20-c4';
const PRODUCT_NAME = process.env.E2E_PRODUCT_NAME ?? 'דוקטור גרין';

describe('web: product page', () => {
  const web = useBrowser({ viewport: DESKTOP });
  let page: Page;

  beforeEach(() => {
    page = web.page;
  });

  it('shows the product in Hebrew, right to left, in Heebo', async () => {
    await page.goto(`${GATEWAY_URL}/products/${PRODUCT_SLUG}`, { waitUntil: 'networkidle' });

    const h1 = page.locator('h1#product-title');
    await h1.waitFor({ state: 'visible' });
    expect((await h1.textContent())?.trim()).toContain(PRODUCT_NAME);

    const doc = await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
    expect(doc).toEqual({ dir: 'rtl', lang: 'he' });

    await page.evaluate(() => document.fonts.ready);
    const font = await page.evaluate(() => ({
      family: getComputedStyle(document.body).fontFamily,
      check: document.fonts.check('16px Heebo', 'אבג'),
      loaded: Array.from(document.fonts).some((f) => f.family.replace(/["']/g, '') === 'Heebo' && f.status === 'loaded'),
    }));
    expect(font.family).toContain('Heebo');
    expect(font.check).toBe(true);
    expect(font.loaded).toBe(true);

    expect(await page.title()).toContain(PRODUCT_NAME);

    await screenshotBothWidths(page, 'product-page');
  });

  it('is drawn by the server before the app runs, and the app takes it over as it is', async () => {
    // Without JavaScript the page the server drew is there: the product, its image and its comparison.
    const bare = await web.newPage({ javaScriptEnabled: false });
    await bare.goto(`${GATEWAY_URL}/products/${PRODUCT_SLUG}`);
    expect((await bare.locator('h1#product-title').textContent())?.trim()).toContain(PRODUCT_NAME);
    expect(await bare.locator('img.product-image[fetchpriority="high"]').count()).toBe(1);
    expect(await bare.locator('.comparison article.offer').count()).toBeGreaterThan(0);

    // With it, React adopts that markup without redrawing it (a mismatch is reported as an error) and the page works.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await page.goto(`${GATEWAY_URL}/products/${PRODUCT_SLUG}`, { waitUntil: 'networkidle' });
    const title = await page.locator('h1#product-title').elementHandle();
    await page.locator('.comparison .add-to-cart-button').first().click();
    await page.locator('header a.cart-link .cart-count').waitFor({ state: 'visible' });
    expect(await title!.evaluate((element) => element.isConnected)).toBe(true);
    expect(errors.filter((error) => /hydrat|#418|#423|#425/i.test(error))).toEqual([]);

    // The app's modules were asked for only after the drawn page was painted.
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstModule: Math.min(...performance.getEntriesByType('resource').filter((e) => /\/assets\/.+\.js$/.test(e.name)).map((e) => e.startTime)),
    }));
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.firstModule).toBeGreaterThanOrEqual(timing.paint!);
  });

  it('shows the not-found page with a link home for an unknown path', async () => {
    await page.goto(`${GATEWAY_URL}/no-such-page-${Date.now()}`, { waitUntil: 'networkidle' });

    const heading = page.locator('h1', { hasText: Messages.pageNotFound });
    await heading.waitFor({ state: 'visible' });
    const home = page.locator('main a[href="/"]', { hasText: 'חזרה לדף הבית' });
    expect(await home.count()).toBe(1);

    await screenshotBothWidths(page, 'not-found');
  });

  it('redirects a double-slash path to its single-slash form', async () => {
    await page.goto(`${GATEWAY_URL}//products/${PRODUCT_SLUG}`, { waitUntil: 'networkidle' });

    const h1 = page.locator('h1#product-title');
    await h1.waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe(`/products/${PRODUCT_SLUG}`);
    expect((await h1.textContent())?.trim()).toContain(PRODUCT_NAME);
  });
});
