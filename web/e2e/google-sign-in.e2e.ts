/**
 * Sign-in with Google in the browser, against the fake of Google's endpoints the e2e stack is pointed at
 * (gateway/test/fake-google.js): the dialog's Google button, Google's consent page, and back on the page
 * the sign-in started from, signed in, with the welcome notice. Then a callback that fails, and one without
 * a code. Env: GATEWAY_URL, E2E_GOOGLE_URL (both set by the stack's setup).
 */
import { Messages } from '@mc/contracts';
import { DESKTOP, GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

const FAKE_GOOGLE = (process.env.E2E_GOOGLE_URL ?? 'http://127.0.0.1:18099').replace(/\/+$/, '');

describe('web: sign-in with Google', () => {
  const web = useBrowser({ viewport: DESKTOP });

  it('goes to Google from the dialog and comes back to the same page signed in, with the welcome notice', async () => {
    const { page } = web;
    const email = `web-google-${Date.now()}@gmail.com`;
    await page.goto(`${GATEWAY_URL}/products?sortBy=price`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'התחברות' }).click();
    const dialog = page.getByRole('dialog');
    // Sign-up offers it too.
    await dialog.getByRole('button', { name: 'אין לך חשבון? להרשמה' }).click();
    await dialog.getByRole('button', { name: 'הצטרפות עם Google' }).waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'חזרה להתחברות' }).click();
    await screenshotBothWidths(page, 'google-sign-in-dialog');
    await dialog.getByRole('button', { name: 'כניסה עם Google' }).click();

    await page.waitForURL((url) => url.href.startsWith(`${FAKE_GOOGLE}/o/oauth2/v2/auth`));
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('First name').fill('נועה');
    await page.getByLabel('Last name').fill('לוי');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL((url) => url.pathname === '/products');
    expect(new URL(page.url()).search).toBe('?sortBy=price');
    // A new account is welcomed, not welcomed back.
    await page.getByRole('dialog').getByText('החשבון נפתח והתחברת לאתר.').waitFor({ state: 'visible' });
    expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe('ברוכים הבאים!');
    await page.getByRole('link', { name: 'שלום, נועה' }).waitFor({ state: 'visible' });
    const token = (await page.context().cookies(GATEWAY_URL)).find((cookie) => cookie.name === 'token');
    expect(token?.value.split('.')).toHaveLength(3);
    await screenshotBothWidths(page, 'google-signed-in');

    // The personal area is the new account's.
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 8000 });
    await page.getByRole('link', { name: 'שלום, נועה' }).click();
    await page.getByRole('heading', { level: 1, name: 'שלום, נועה' }).waitFor({ state: 'visible' });
    expect(await page.locator('.account-details').textContent()).toContain(email);
  });

  it("shows the server's message when the callback fails, with a way back, and returns to the site after 5 s", async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/auth/google-callback?code=4%2F0Amade-up&state=${'a'.repeat(43)}`, { waitUntil: 'networkidle' });
    const alert = page.getByRole('alert');
    await alert.getByText(Messages.googleStateInvalid).waitFor({ state: 'visible' });
    await alert.getByRole('button', { name: 'חזרה לאתר' }).waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'google-callback-failed');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 8000 });
    expect(await page.getByRole('link', { name: /שלום/ }).count()).toBe(0);
  });

  it('shows the failed state in the dialog when Google sign-in cannot start', async () => {
    const { page } = web;
    await page.route('**/api/auth/google/url**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: Messages.googleUnavailable }) }));
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'התחברות' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'כניסה עם Google' }).click();
    await dialog.getByRole('alert').getByText(Messages.googleUnavailable).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('goes home from the callback page without a code', async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/auth/google-callback?error=access_denied`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  });
});
