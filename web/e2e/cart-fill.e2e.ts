/**
 * Browser test of "one pharmacy fills the whole cart" on /cart, at phone width, as a guest: a 2-item cart of
 * layla-haifa (offers 6 and 7 of the fixtures), the cheaper pharmacies that have both listed with their totals, and
 * one tap moving the cart to the cheapest (the cookie, the groups and the header count follow).
 */
import { movedCart, type CartAlternatives, type CookieCartItem } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { api } from './api';
import { seriousViolations } from './axe';
import { GATEWAY_URL, PHONE, screenshotBothWidths, useBrowser } from './browser';

const CART: CookieCartItem[] = [{ pharmProductId: 6, amount: 1 }, { pharmProductId: 7, amount: 1 }];

async function cookieCart(page: Page): Promise<CookieCartItem[]> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'cart');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { cartItems: CookieCartItem[] }).cartItems : [];
}

describe('web: the whole cart in one pharmacy', () => {
  const web = useBrowser({ viewport: PHONE });

  it('lists the pharmacies with the whole cart, cheapest first, and moves a 2-item cart to the cheaper one', async () => {
    const page = web.page;
    // What the page should show, as the API answers it now (earlier suites may have changed prices).
    const expected = await api<CartAlternatives>('/api/cart/alternatives', { method: 'POST', body: { cartItems: CART } });
    const cheapest = expected.options[0];
    expect(cheapest.isCurrent).toBe(false);
    const current = expected.options.find((o) => o.isCurrent)!;
    expect(cheapest.total).toBeLessThan(current.total);

    await page.context().addCookies([{
      name: 'cart', value: encodeURIComponent(JSON.stringify({ updatedAt: new Date().toISOString(), cartItems: CART })), url: GATEWAY_URL,
    }]);
    await page.goto(`${GATEWAY_URL}/cart`, { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'כל הסל בבית מרקחת אחד' });
    const options = section.locator('li.cart-fill-option');
    await options.first().waitFor({ state: 'visible' });
    expect(await options.locator('h3').allTextContents()).toEqual(expected.options.map((o) => `${o.pharm.name} · ${o.pharm.city}`));
    expect(await section.getByText('המחירים לאיסוף עצמי', { exact: false }).count()).toBe(1);
    expect(await options.filter({ hasText: current.pharm.name }).getByText('הסל כבר כאן').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotBothWidths(page, 'cart-fill');

    await section.getByRole('button', { name: `להעביר את הסל לכאן – ${cheapest.pharm.name}` }).click();
    await section.getByRole('status').filter({ hasText: `הסל הועבר ל${cheapest.pharm.name}.` }).waitFor({ state: 'visible' });
    const groups = page.locator('section.cart-group');
    await groups.filter({ hasText: `הזמנה מ${cheapest.pharm.name}` }).waitFor({ state: 'visible' });
    expect(await groups.count()).toBe(1);
    expect(await cookieCart(page)).toEqual(movedCart(cheapest));
    expect(await page.locator('header a.cart-link').getAttribute('aria-label')).toBe('סל הקניות, 2 פריטים');
    // The list is asked again for the moved cart: the cheapest is where the cart now is.
    await options.filter({ hasText: cheapest.pharm.name }).getByText('הסל כבר כאן').waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);

    // A reload keeps it (the cookie).
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('section.cart-group').first().waitFor({ state: 'visible' });
    expect(await page.locator('section.cart-group h2').allTextContents()).toEqual([`הזמנה מ${cheapest.pharm.name}`]);
  });
});
