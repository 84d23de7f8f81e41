/**
 * Browser test of the guest cart: add from a pharmacy's product page and from another pharmacy's list,
 * the header count, the limit of 10, the /cart page grouped by pharmacy, changes kept in the cookie,
 * 'order now', and the embed opening the site in the top window instead of changing the cart.
 */
import { formatShekels, Messages, type PharmProduct, type Quote } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

const API_HEADERS = { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': process.env.API_KEY ?? 'mc-local-web-key' };

async function inStockOffers(pharmSlug: string): Promise<PharmProduct[]> {
  const res = await fetch(`${GATEWAY_URL}/api/pharms/${pharmSlug}/products?sortBy=price`, { headers: API_HEADERS });
  const body = (await res.json()) as { pharmProducts: PharmProduct[] };
  return body.pharmProducts.filter((o) => o.inStock);
}

/** The quote of these items (the pharmacies' automatic discounts in it): the total the cart must show. */
async function quotedTotal(cartItems: { pharmProductId: number; amount: number }[]): Promise<string> {
  const res = await fetch(`${GATEWAY_URL}/api/cart/quote`, { method: 'POST', headers: { ...API_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ cartItems }) });
  return formatShekels(((await res.json()) as Quote).totalPrice);
}

const cartLink = (page: Page) => page.locator('header a.cart-link');

describe('web: the guest cart', () => {
  const web = useBrowser();
  let page: Page;
  let first: PharmProduct;
  let second: PharmProduct;

  beforeAll(async () => {
    [first] = await inStockOffers('merkaz-tel-aviv');
    [second] = await inStockOffers('layla-haifa');
  });

  beforeEach(() => {
    page = web.page;
  });

  it('adds from two pharmacies, counts in the header, refuses an 11th and shows /cart grouped by pharmacy', async () => {
    await page.goto(`${GATEWAY_URL}/pharms/merkaz-tel-aviv/products/${first.id}`, { waitUntil: 'networkidle' });
    await page.getByLabel('כמות').selectOption('2');
    await page.locator('.add-to-cart-button').click();
    await page.locator('.add-to-cart-button.is-added').waitFor({ state: 'visible' });
    expect(await cartLink(page).getAttribute('aria-label')).toBe('סל הקניות, 2 פריטים');
    expect(await cartLink(page).getAttribute('class')).toContain('cart-link-pulse');
    expect(await page.getByLabel('כמות').inputValue()).toBe('1');
    await page.locator('.add-to-cart-button.is-idle').waitFor({ state: 'visible', timeout: 5000 });

    await page.getByLabel('כמות').selectOption('9');
    await page.locator('.add-to-cart-button').click();
    await page.getByText(Messages.cartLimit).waitFor({ state: 'visible' });
    expect(await cartLink(page).getAttribute('aria-label')).toBe('סל הקניות, 2 פריטים');

    await page.goto(`${GATEWAY_URL}/pharms/layla-haifa?product=${second.id}`, { waitUntil: 'networkidle' });
    await page.locator('.pharm-product-card.is-highlighted .add-to-cart-button').click();
    await page.locator('.pharm-product-card.is-highlighted .add-to-cart-button.is-added').waitFor({ state: 'visible' });
    expect(await cartLink(page).getAttribute('aria-label')).toBe('סל הקניות, 3 פריטים');

    await cartLink(page).click();
    await page.waitForURL(/\/cart$/);
    const groups = page.locator('section.cart-group');
    await groups.first().waitFor({ state: 'visible' });
    expect(await groups.count()).toBe(2);
    expect(await groups.nth(0).locator('h2').textContent()).toBe(`הזמנה מ${first.pharm.name}`);
    expect(await groups.nth(1).locator('h2').textContent()).toBe(`הזמנה מ${second.pharm.name}`);
    expect(await page.locator('footer.site-footer, nav.main-nav-header').count()).toBe(0);
    const summary = page.locator('.cart-summary');
    const total = await quotedTotal([{ pharmProductId: first.id, amount: 2 }, { pharmProductId: second.id, amount: 1 }]);
    await summary.locator('dd.cart-summary-total', { hasText: total }).waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'cart');

    // Changes are kept: one more of the first, the second removed, and still so after a reload.
    await groups.nth(0).getByLabel(`כמות של ${first.product.info.hebName}`).selectOption('3');
    await groups.nth(1).getByRole('button', { name: `הסרה ${second.product.info.hebName}` }).click();
    await page.reload({ waitUntil: 'networkidle' });
    await groups.first().waitFor({ state: 'visible' });
    expect(await groups.count()).toBe(1);
    expect(await cartLink(page).getAttribute('aria-label')).toBe('סל הקניות, 3 פריטים');
    await summary.locator('dd.cart-summary-total', { hasText: await quotedTotal([{ pharmProductId: first.id, amount: 3 }]) }).waitFor({ state: 'visible' });

    await page.getByRole('button', { name: `הסרה ${first.product.info.hebName}` }).click();
    await page.getByText('סל הקניות ריק').waitFor({ state: 'visible' });
  });

  it("'order now' adds the product and opens the cart", async () => {
    await page.goto(`${GATEWAY_URL}/pharms/merkaz-tel-aviv/products/${first.id}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'להזמנה עכשיו' }).click();
    await page.waitForURL(/\/cart$/);
    await page.locator('section.cart-group').waitFor({ state: 'visible' });
    expect(await cartLink(page).getAttribute('aria-label')).toBe('סל הקניות, 1 פריט');
  });

  it('inside an iframe, adding opens the product page in the top window and leaves the cart alone', async () => {
    await page.setContent(`<iframe title="embed" src="${GATEWAY_URL}/pharms/merkaz-tel-aviv/embed?product=${first.id}" width="380" height="800"></iframe>`, { waitUntil: 'networkidle' });
    const frame = page.frameLocator('iframe');
    await frame.locator('.pharm-product-card.is-highlighted .add-to-cart-button').click();
    await page.waitForURL(`${GATEWAY_URL}/pharms/merkaz-tel-aviv/products/${first.id}`);
    await page.locator('.add-to-cart-button').waitFor({ state: 'visible' });
    expect(await cartLink(page).getAttribute('aria-label')).toBe('סל הקניות');
  });
});
