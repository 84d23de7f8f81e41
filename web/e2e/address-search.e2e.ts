/**
 * The address field of the settings page as a person uses it: typing part of an address, seeing the
 * suggestions, choosing one with the keyboard (street, house number and city filled), saving it; an
 * address the gazetteer does not know says so, and the field keeps what was typed.
 */
import { Messages } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { fromMailbox, GATEWAY_URL, screenshotBothWidths, useBrowser, type BrowserTest } from './browser';

const CLIENT_HEADERS = { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': process.env.API_KEY ?? 'mc-local-web-key', 'content-type': 'application/json' };
const post = async (path: string, body: unknown) =>
  (await fetch(`${GATEWAY_URL}${path}`, { method: 'POST', headers: CLIENT_HEADERS, body: JSON.stringify(body) })).json() as Promise<Record<string, string>>;

/** A new active account, signed up and activated through the API (the link read from the mailbox): its token. */
async function newAccount(web: BrowserTest, email: string): Promise<string> {
  await post('/api/auth/signup', { firstName: 'יעל', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
  const token = await fromMailbox(await web.newPage(), `an activation e-mail to ${email}`, { has: [email, '/auth/verify-email'], match: /token=([^"&<\s]+)/ });
  await post('/api/auth/activate', { activationToken: decodeURIComponent(token) });
  return (await post('/api/auth/signin', { email, password: 'a good secret' })).jwt;
}

describe('web: the address field suggests addresses', () => {
  const web = useBrowser();
  let page: Page;
  let jwt: string;

  beforeAll(async () => {
    jwt = await newAccount(web, `web-address-${Date.now()}@example.co.il`);
  });

  beforeEach(async () => {
    page = web.page;
    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
  });

  it('types part of an address, chooses a suggestion with the keyboard and saves it', async () => {
    await page.goto(`${GATEWAY_URL}/user/settings`, { waitUntil: 'networkidle' });
    const field = page.getByRole('combobox', { name: 'כתובת (רחוב ועיר)' });
    await field.pressSequentially('הרצל 12 חיפ', { delay: 40 });
    const list = page.getByRole('listbox', { name: 'כתובות מוצעות' });
    await list.getByRole('option', { name: 'הרצל 12, חיפה' }).waitFor({ state: 'visible' });
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    await screenshotBothWidths(page, 'address-suggestions');

    await page.keyboard.press('ArrowDown');
    const first = list.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await field.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await page.keyboard.press('Enter');

    expect(await field.inputValue()).toBe('הרצל 12, חיפה');
    expect(await page.getByLabel('מספר בית').inputValue()).toBe('12');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await page.getByLabel('קומה').fill('3');
    await page.getByRole('button', { name: 'הוספת הכתובת' }).click();
    await page.locator('.address-item', { hasText: 'הרצל 12, חיפה' }).getByText('כתובת ברירת מחדל').waitFor({ state: 'visible' });
    expect(await page.locator('.address-item', { hasText: 'הרצל 12, חיפה' }).textContent()).toContain('קומה 3');
  }, 60_000);

  it("says 'כתובת לא נמצאת ב-Google' for an address it does not know, and the typed text is saved as it is", async () => {
    await page.goto(`${GATEWAY_URL}/user/settings`, { waitUntil: 'networkidle' });
    const field = page.getByRole('combobox', { name: 'כתובת (רחוב ועיר)' });
    await field.fill('');
    await field.pressSequentially('הדובדבן 7, מצפה שלום', { delay: 20 });
    await page.getByText(Messages.addressSearchEmpty).first().waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('מספר בית').inputValue()).toBe('7');
    await page.getByRole('button', { name: 'הוספת הכתובת' }).click();
    await page.locator('.address-item', { hasText: 'הדובדבן 7, מצפה שלום' }).waitFor({ state: 'visible' });
  }, 60_000);
});
