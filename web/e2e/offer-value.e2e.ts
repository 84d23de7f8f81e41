/**
 * Browser test of issue 17 on the seeded stack: the price per gram and per 100 mg THC under a price, and how fresh an
 * offer's price and stock are, on a comparison row and on a pharmacy's product card.
 * Env: GATEWAY_URL, E2E_PRODUCT_SLUG (a seeded flower in grams with a THC dosage).
 */
import type { Page } from 'playwright-core';
import { DESKTOP, GATEWAY_URL, useBrowser } from './browser';

const PRODUCT_SLUG = process.env.E2E_PRODUCT_SLUG ?? 'dr-green-t20-c4';
const UNIT_PRICE = /^₪[\d,]+(\.\d\d)? לגרם · ₪[\d,]+(\.\d\d)? ל־100 מ״ג THC$/;
const FRESH = /^עודכן (עכשיו|לפני .+)$/;

describe('web: unit prices and offer freshness', () => {
  const web = useBrowser({ viewport: DESKTOP });
  let page: Page;

  beforeEach(() => {
    page = web.page;
  });

  it('shows them on a comparison row, then on the card of the same offer in its pharmacy', async () => {
    await page.goto(`${GATEWAY_URL}/products/${PRODUCT_SLUG}`, { waitUntil: 'networkidle' });
    const row = page.locator('.comparison article.offer').first();
    await row.waitFor({ state: 'visible' });
    expect((await row.locator('.unit-price').textContent())?.trim()).toMatch(UNIT_PRICE);
    expect((await row.locator('.offer-freshness').textContent())?.trim()).toMatch(FRESH);

    // The price per gram is the pack price over its 10 g (a row's price and its line agree).
    const price = Number((await row.locator('.offer-price-now .shekels').textContent())!.replace(/[₪,]/g, ''));
    const perGram = Number((await row.locator('.unit-price bdi').first().textContent())!.replace(/[₪,]|לגרם/g, '').trim());
    expect(perGram).toBeCloseTo(price / 10, 2);

    const pharmHref = await row.locator('a.offer-pharm').getAttribute('href');
    await page.goto(`${GATEWAY_URL}${pharmHref}`, { waitUntil: 'networkidle' });
    const card = page.locator('.pharm-product-card').first();
    await card.waitFor({ state: 'visible' });
    expect((await card.locator('.offer-freshness').textContent())?.trim()).toMatch(FRESH);
    expect(await page.locator('.pharm-product-card .unit-price').count()).toBeGreaterThan(0);
    expect((await page.locator('.pharm-product-card .unit-price').first().textContent())?.trim()).toMatch(/^₪[\d,]+(\.\d\d)? לגרם/);
  });
});
