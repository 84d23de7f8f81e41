/**
 * Browser test of the cart across signing in: a guest fills a cart, presses continue-to-order, signs in in the
 * dialog and is still on /cart with the same items, now kept by the server (another browser signed in as the
 * same user sees them), and the cart cookie is emptied.
 */
import type { PharmProduct } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { signInInDialog } from './account-steps';
import { GATEWAY_URL, useBrowser } from './browser';
import { api, inStockOffers, newAccount } from './api';

const cartLink = (page: Page) => page.locator('header a.cart-link');

describe('web: the cart across signing in', () => {
  const web = useBrowser();
  const email = `e2e-cart-web-${Date.now()}@example.co.il`;
  const password = 'a good secret';
  let first: PharmProduct;
  let second: PharmProduct;

  beforeAll(async () => {
    [first, second] = await Promise.all([inStockOffers('merkaz-tel-aviv'), inStockOffers('layla-haifa')]).then(([a, b]) => [a[0], b[0]]);
    await newAccount(email, password);
  });

  it('a guest signs in from the cart, stays on /cart with the same items, and another browser of the same user sees them', async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/pharms/merkaz-tel-aviv/products/${first.id}`, { waitUntil: 'networkidle' });
    await page.locator('.add-to-cart-button').click();
    await page.locator('.add-to-cart-button.is-added').waitFor({ state: 'visible' });
    await page.goto(`${GATEWAY_URL}/pharms/layla-haifa?product=${second.id}`, { waitUntil: 'networkidle' });
    await page.locator('.pharm-product-card.is-highlighted .add-to-cart-button').click();
    await page.locator('.pharm-product-card.is-highlighted .add-to-cart-button.is-added').waitFor({ state: 'visible' });

    await cartLink(page).click();
    await page.waitForURL(/\/cart$/);
    const groups = page.locator('section.cart-group');
    await groups.first().waitFor({ state: 'visible' });
    expect(await groups.count()).toBe(2);

    await page.getByRole('button', { name: 'המשך להזמנה' }).click();
    const dialog = page.getByRole('dialog');
    await signInInDialog(dialog, email, password);

    expect(new URL(page.url()).pathname).toBe('/cart');
    await page.waitForFunction(() => !document.cookie.split('; ').some((c) => c.startsWith('cart=')));
    expect(await cartLink(page).getAttribute('aria-label')).toBe('סל הקניות, 2 פריטים');
    expect(await groups.count()).toBe(2);
    expect(await groups.nth(0).locator('h2').textContent()).toBe(`הזמנה מ${first.pharm.name}`);
    expect(await groups.nth(1).locator('h2').textContent()).toBe(`הזמנה מ${second.pharm.name}`);

    // The server keeps them: a second browser, signed in as the same user (no cart cookie), shows the same two lines.
    const { jwt } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email, password } });
    const other = await web.newContext();
    await other.addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    const otherPage = await other.newPage();
    await otherPage.goto(`${GATEWAY_URL}/cart`, { waitUntil: 'networkidle' });
    const otherGroups = otherPage.locator('section.cart-group');
    await otherGroups.first().waitFor({ state: 'visible' });
    expect(await otherGroups.count()).toBe(2);
    expect(await cartLink(otherPage).getAttribute('aria-label')).toBe('סל הקניות, 2 פריטים');
    expect((await other.cookies()).some((c) => c.name === 'cart')).toBe(false);
  });
});
