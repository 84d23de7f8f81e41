/**
 * Issue 26: one honest price from the cart to checkout. A patient's basket at merkaz-tel-aviv (whose MERKAZ_ALL5 takes
 * 5% off everything) shows, at 390 and 1280 px, the same total in the cart's summary, its pharmacy's subtotal, its
 * whole-cart alternative and /order's first step, the automatic discount included; a coupon (SAVE20, ₪20 off each
 * unit) lowers that total without changing 'מחיר לפני הנחות', survives a reload and shows at /order, where it is
 * charged; every figure equals the API's quote of the same cart.
 */
import { formatShekels, type PharmProduct, type Quote } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { api, newAccount } from './api';
import { GATEWAY_URL, screenshotBothWidths, useBrowser, WIDTHS } from './browser';

const MERKAZ = 'merkaz-tel-aviv';
const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** The figure a summary's `<dt>` labels (its `<dd>`), in shekels. */
const figure = async (page: Page, scope: string, label: string) =>
  money(await page.locator(`${scope} dt`).filter({ hasText: new RegExp(`^${label}$`) }).first().locator('xpath=following-sibling::dd[1]').textContent());

describe('web: one price from the cart to checkout', () => {
  const web = useBrowser();

  it.each(WIDTHS)('shows the same total, discounts included, in the cart, its alternative and /order, with a coupon that survives a reload (%o)', async (size) => {
    const { page } = web;
    await page.setViewportSize(size);
    const body = await api<{ pharmProducts: PharmProduct[] }>(`/api/pharms/${MERKAZ}/products?sortBy=price`);
    const [first, second] = body.pharmProducts.filter((o) => o.inStock && o.totalPrice > 40);
    const cartItems = [{ pharmProductId: first.id, amount: 2 }, { pharmProductId: second.id, amount: 1 }];
    const jwt = await newAccount(`e2e-price-${size.width}-${Date.now()}@example.co.il`, 'a good secret');
    await api('/api/cart', { method: 'PUT', body: { cartItems }, token: jwt });
    const quote = await api<Quote>('/api/cart/quote', { method: 'POST', body: { cartItems } });
    const listTotal = (first.totalPrice * 2 + second.totalPrice);
    expect(quote.cart.totalOriginalPrice).toBeCloseTo(listTotal, 2);
    expect(quote.cart.totalDiscounts).toBeGreaterThan(0);

    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    await page.goto(`${GATEWAY_URL}/cart`, { waitUntil: 'networkidle' });
    const summary = 'aside.cart-summary';
    await page.locator(`${summary} dd.cart-summary-total`).waitFor({ state: 'visible' });
    expect(await figure(page, summary, 'סה״כ לתשלום')).toBeCloseTo(quote.totalPrice, 2);
    expect(await figure(page, summary, 'מחיר לפני הנחות')).toBeCloseTo(listTotal, 2);
    expect(await figure(page, summary, 'הנחות')).toBeCloseTo(quote.cart.totalDiscounts, 2);
    // One basket, one total: the pharmacy's subtotal and its whole-cart alternative say the same.
    expect(money(await page.locator('.cart-group-subtotal .shekels').first().textContent())).toBeCloseTo(quote.totalPrice, 2);
    const here = page.locator('.cart-fill-option', { hasText: 'הסל כבר כאן' });
    await here.waitFor({ state: 'visible' });
    expect(money(await here.locator('.cart-fill-total .shekels').textContent())).toBeCloseTo(quote.totalPrice, 2);

    // A coupon: ₪20 off each of the 3 units, on top of nothing else (the best single discount applies).
    await page.getByLabel('קוד קופון').fill('SAVE20');
    await page.getByRole('button', { name: 'הפעלה' }).click();
    await page.getByRole('button', { name: 'הסרת הקופון SAVE20' }).waitFor({ state: 'visible' });
    const withCoupon = await api<Quote>('/api/checkout/quote', { method: 'POST', body: { couponCodes: ['SAVE20'], selectedPickup: [MERKAZ] }, token: jwt });
    expect(withCoupon.totalPrice).toBeLessThan(quote.totalPrice);
    await page.waitForFunction(([selector, total]) => document.querySelector(selector)?.textContent?.includes(total), [`${summary} dd.cart-summary-total`, formatShekels(withCoupon.totalPrice)] as const);
    expect(await figure(page, summary, 'מחיר לפני הנחות')).toBeCloseTo(listTotal, 2);
    expect(money(await here.locator('.cart-fill-total .shekels').textContent())).toBeCloseTo(withCoupon.totalPrice, 2);
    await screenshotBothWidths(page, 'cart-price-coupon');

    // A reload keeps the coupon and its price.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'הסרת הקופון SAVE20' }).waitFor({ state: 'visible' });
    await page.waitForFunction(([selector, total]) => document.querySelector(selector)?.textContent?.includes(total), [`${summary} dd.cart-summary-total`, formatShekels(withCoupon.totalPrice)] as const);

    // /order's first step: the same figures, the coupon shown with its box.
    await page.getByRole('button', { name: 'המשך להזמנה' }).click();
    await page.waitForURL(/\/order$/);
    await page.getByRole('heading', { name: '1. פרטים אישיים' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'הסרת הקופון SAVE20' }).waitFor({ state: 'visible' });
    await page.waitForFunction(([selector, total]) => document.querySelector(selector)?.textContent?.includes(total), [`${summary} dd.cart-summary-total`, formatShekels(withCoupon.totalPrice)] as const);
    expect(await figure(page, summary, 'מחיר לפני הנחות')).toBeCloseTo(listTotal, 2);
  }, 60_000);
});
