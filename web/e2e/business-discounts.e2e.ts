/**
 * Browser test of the back office's discounts: merkaz-tel-aviv's owner creates a coupon (a code of this run's own) in
 * /business/merkaz-tel-aviv/discounts, edits it through ?editPharmDiscount; a new patient with a merkaz offer in the cart
 * applies the code on /cart, sees it valid and its discount in the cart's quote; the owner then deletes it (confirmed).
 */
import { Messages, type PharmProduct, type Quote } from '@mc/contracts';
import { GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';
import { api, inStockOffers, newAccount } from './api';

const MERKAZ = 'merkaz-tel-aviv';

describe('web: the back office’s discounts', () => {
  const web = useBrowser();
  const code = `E2E_${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const name = `קופון בדיקה ${code.slice(4)}`;
  let owner: string;
  let offer: PharmProduct;

  beforeAll(async () => {
    owner = (await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } })).jwt;
    offer = (await inStockOffers(MERKAZ))[0];
  });
  afterAll(async () => {
    // The test deletes it in the page; this removes it should the test have stopped before.
    await api(`/api/business/${MERKAZ}/discounts/${code}`, { method: 'DELETE', token: owner }).catch(() => undefined);
  });

  it('creates a coupon in the back office that a patient then applies on /cart, and deletes it', async () => {
    const { page } = web;
    await page.context().addCookies([{ name: 'token', value: owner, url: GATEWAY_URL }]);
    await page.goto(`${GATEWAY_URL}/business/${MERKAZ}/discounts`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'הנחות וקופונים' }).waitFor({ state: 'visible' });

    // Create: spec §9's defaults, then a 50% coupon (more than any of merkaz's standing discounts) with this run's code.
    await page.getByRole('button', { name: 'הוספת הנחה' }).click();
    const dialog = page.getByRole('dialog', { name: 'הנחה חדשה' });
    expect(await dialog.getByLabel('קוד').inputValue()).toMatch(/^EASY_[A-Z0-9]{8}$/);
    expect(await dialog.getByLabel('כמות הנחה (%)').inputValue()).toBe('10');
    expect(await dialog.getByRole('button', { name: 'שמירה' }).isDisabled()).toBe(true);
    await dialog.getByLabel('שם ההנחה').fill(name);
    await dialog.getByRole('button', { name: /סוג הנחה/ }).click();
    await page.getByRole('option', { name: 'קופון' }).click();
    await dialog.getByRole('checkbox', { name: 'ללקוחות חדשים בלבד' }).waitFor({ state: 'attached' });
    expect(await dialog.getByRole('checkbox', { name: 'ניתן לשלב עם הנחות אחרות' }).count()).toBe(0);
    await dialog.getByLabel('קוד קופון').fill(code);
    await dialog.getByLabel('כמות הנחה (%)').fill('50');
    await screenshotBothWidths(page, 'business-discount-create');
    await dialog.getByRole('button', { name: 'שמירה' }).click();
    await page.getByRole('status').filter({ hasText: 'ההנחה נשמרה' }).waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: code });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain('50%');

    // Edit through the address (?editPharmDiscount): the saved values, changed name, the dialog closes and the address follows.
    await row.getByRole('button', { name: `עריכה ${name}` }).click();
    await page.waitForURL((url) => url.searchParams.get('editPharmDiscount') === code);
    const edit = page.getByRole('dialog', { name: 'עריכת הנחה' });
    expect(await edit.getByLabel('קוד קופון').inputValue()).toBe(code);
    await edit.getByLabel('שם ההנחה').fill(`${name} א`);
    await edit.getByRole('button', { name: 'שמירה' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => !url.searchParams.has('editPharmDiscount'));
    await page.getByRole('row').filter({ hasText: `${name} א` }).waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'business-discounts');

    // A new patient with a merkaz offer in the cart applies the code on /cart.
    const patient = await newAccount(`e2e-discounts-${Date.now()}@example.co.il`, 'a good secret');
    await api('/api/cart', { method: 'PUT', body: { cartItems: [{ pharmProductId: offer.id, amount: 1 }] }, token: patient });
    const shopper = await web.newPage();
    await shopper.context().addCookies([{ name: 'token', value: patient, url: GATEWAY_URL }]);
    await shopper.goto(`${GATEWAY_URL}/cart`, { waitUntil: 'networkidle' });
    await shopper.getByLabel('קוד קופון').fill(code.toLowerCase());
    await shopper.getByRole('button', { name: 'הפעלה' }).click();
    await shopper.getByRole('status').filter({ hasText: Messages.couponValid }).waitFor({ state: 'visible' });
    await shopper.locator('.cart-summary-discounts').waitFor({ state: 'visible' });
    const quote = await api<Quote>('/api/checkout/quote', { method: 'POST', body: { couponCodes: [code], selectedPickup: [MERKAZ] }, token: patient });
    const without = await api<Quote>('/api/checkout/quote', { method: 'POST', body: { couponCodes: [], selectedPickup: [MERKAZ] }, token: patient });
    expect(quote.couponCodes).toEqual([code]);
    expect(quote.cart.totalDiscounts).toBeGreaterThan(without.cart.totalDiscounts);
    expect(quote.totalPrice).toBeLessThan(without.totalPrice);
    await screenshotBothWidths(shopper, 'business-discount-applied');

    // Delete, confirmed: the row goes, and the code is no coupon any more.
    await page.getByRole('row').filter({ hasText: code }).getByRole('button', { name: `מחיקה ${name} א` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'בטוח שברצונך למחוק?' });
    await confirm.getByRole('button', { name: 'אישור' }).click();
    await page.getByRole('status').filter({ hasText: 'ההנחה נמחקה' }).waitFor({ state: 'visible' });
    await page.getByRole('row').filter({ hasText: code }).waitFor({ state: 'detached' });
    const check = await api<{ validationStatus: string }>('/api/checkout/coupon', { method: 'POST', body: { couponCode: code }, token: patient });
    expect(check.validationStatus).toBe('NOT_FOUND');
  });
});
