/**
 * Browser test of what search engines read: the canonical link and JSON-LD of the product and
 * pharmacy pages, replaced on client-side navigation. Runs against the fixture data (GATEWAY_URL).
 */
import type { Page } from 'playwright-core';
import { DESKTOP, GATEWAY_URL, useBrowser } from './browser';

const PRODUCT_SLUG = process.env.E2E_PRODUCT_SLUG ?? 'dr-green-t20-c4';

const head = (page: Page) =>
  page.evaluate(() => ({
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
    ),
  }));

describe('web: canonical URLs and structured data', () => {
  const web = useBrowser({ viewport: DESKTOP });
  let page: Page;

  beforeEach(() => {
    page = web.page;
  });

  it('describes the product, then the pharmacy reached from its comparison', async () => {
    await page.goto(`${GATEWAY_URL}/products/${PRODUCT_SLUG}?isOpen=1&sortBy=nearby`, { waitUntil: 'networkidle' });
    await page.waitForSelector('script[type="application/ld+json"]', { state: 'attached' });
    const product = await head(page);
    expect(product.canonical).toEqual([`${GATEWAY_URL}/products/${PRODUCT_SLUG}`]);
    expect(product.jsonLd).toHaveLength(1);
    expect(product.jsonLd[0]).toMatchObject({ '@type': 'Product', offers: { '@type': 'AggregateOffer', priceCurrency: 'ILS' } });
    expect(product.jsonLd[0]).not.toHaveProperty('aggregateRating');

    await page.goto(`${GATEWAY_URL}/products/${PRODUCT_SLUG}`, { waitUntil: 'networkidle' });
    await page.locator('a.offer-pharm').first().click();
    await page.waitForURL(/\/pharms\/[^/?]+/);
    await page.waitForFunction(() => document.querySelector('script[type="application/ld+json"]')?.textContent?.includes('"Pharmacy"'));
    const pharm = await head(page);
    expect(pharm.canonical).toEqual([page.url().split('?')[0]]);
    expect(pharm.jsonLd).toHaveLength(1);
    expect(pharm.jsonLd[0]).toMatchObject({ '@type': 'Pharmacy', address: { addressCountry: 'IL' } });
    // The pharmacy's own description (its SEO description, or one from its name and city), not the site's.
    expect(pharm.description).toBe(pharm.jsonLd[0].description);
    expect(pharm.description).toContain(String(pharm.jsonLd[0].name));
  }, 60_000);
});
