/**
 * A new user, as a person would in the browser: signs up, opens the activation link from the local
 * mailbox, is signed in, sees the personal area, signs out, resets the password from the mailed link,
 * and signs in again with the new password.
 */
import { Messages } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { DESKTOP, fromMailbox, GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

/** Opens the local mailbox and follows the newest link to `path` in an e-mail to `email`. */
async function followMailedLink(page: Page, email: string, path: string) {
  await page.goto(`${GATEWAY_URL}/dev/mailbox`);
  await fromMailbox(page, `an e-mail to ${email} linking to ${path}`, { has: [email], match: new RegExp(`href="([^"]*${path.replace('?', '\\?')}[^"]*)"`) });
  await page.reload();
  await page.locator('article', { hasText: email }).locator(`a[href*="${path}"]`).first().click();
}

describe('web: an account from sign-up to a new password', () => {
  const web = useBrowser({ viewport: DESKTOP });
  const email = `web-${Date.now()}@example.co.il`;

  it('signs up, activates, signs out, resets the password and signs in again', async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'התחברות' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'אין לך חשבון? להרשמה' }).click();
    await dialog.getByRole('button', { name: 'הרשמה' }).click();
    await dialog.getByText('יש להסכים לתקנון ולתנאי השימוש').waitFor({ state: 'visible' });
    await dialog.getByLabel('שם פרטי').fill('דנה');
    await dialog.getByLabel('שם משפחה').fill('כהן');
    await dialog.getByLabel('דוא״ל').fill(email);
    await dialog.getByLabel('סיסמה').fill('short');
    await dialog.getByRole('checkbox', { name: /תנאי השימוש/ }).check();
    await dialog.getByRole('button', { name: 'הרשמה' }).click();
    await dialog.getByText(Messages.passwordTooShort).waitFor({ state: 'visible' });
    await dialog.getByLabel('סיסמה').fill('a good secret');
    await dialog.getByRole('button', { name: 'הרשמה' }).click();
    await dialog.getByText('שלחנו אליך הודעת דוא״ל').waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden', timeout: 8000 });

    await followMailedLink(page, email, '/auth/verify-email');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'שלום, דנה' }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'שלום, דנה' }).click();
    await page.getByRole('heading', { level: 1, name: 'שלום, דנה' }).waitFor({ state: 'visible' });
    expect(await page.locator('.account-details').textContent()).toContain(email);
    await screenshotBothWidths(page, 'account-user');
    expect(await page.getByText('השלמת הפרופיל: 70%').count()).toBe(1);

    await page.getByRole('link', { name: 'עריכת הפרטים וההגדרות' }).click();
    await page.getByLabel('טלפון').fill('12345');
    await page.getByRole('button', { name: 'שמירה' }).click();
    await page.getByText(Messages.invalidPhone).waitFor({ state: 'visible' });
    await page.getByLabel('טלפון').fill('052-7654321');
    await page.getByRole('button', { name: 'שמירה' }).click();
    await page.getByText(Messages.detailsSaved).waitFor({ state: 'visible' });
    expect(await page.getByLabel('דוא״ל').isDisabled()).toBe(true);
    await page.getByLabel('כתובת (רחוב ועיר)').fill('חיפה');
    await page.getByRole('button', { name: 'הוספת הכתובת' }).click();
    await page.getByText(Messages.invalidAddress).waitFor({ state: 'visible' });
    await page.getByLabel('כתובת (רחוב ועיר)').fill('הרצל 12, חיפה');
    expect(await page.getByLabel('מספר בית').inputValue()).toBe('12');
    await page.getByRole('button', { name: 'הוספת הכתובת' }).click();
    await page.locator('.address-item', { hasText: 'הרצל 12, חיפה' }).getByText('כתובת ברירת מחדל').waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'account-settings');
    await page.getByRole('link', { name: 'שלום, דנה' }).click();
    await page.getByText('השלמת הפרופיל: 100%').waitFor({ state: 'visible' });

    await page.getByRole('button', { name: 'תפריט החשבון' }).click();
    await page.getByRole('button', { name: 'התנתקות' }).click();
    await page.getByRole('dialog').getByText('התנתקת מהאתר').waitFor({ state: 'visible' });
    await page.getByRole('dialog').getByRole('button', { name: 'סגירה' }).last().click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: 'התחברות' }).click();
    await dialog.getByLabel('דוא״ל').fill(email);
    await dialog.getByLabel('סיסמה').fill('not my password');
    await dialog.getByRole('button', { name: 'התחברות' }).click();
    await dialog.getByText(Messages.wrongCredentials).waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'שכחתי סיסמה' }).click();
    await dialog.getByLabel('דוא״ל').fill(email);
    await dialog.getByRole('button', { name: 'שליחת קישור לאיפוס' }).click();
    await dialog.getByText(Messages.forgotReceived).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');

    await followMailedLink(page, email, '/reset-password');
    // The link's token leaves the address bar as the page opens (no history entry or Referer keeps it).
    await page.waitForURL((url) => url.pathname === '/reset-password' && !url.search.includes('token'));
    await page.getByLabel('סיסמה חדשה').fill('a newer secret');
    await page.getByLabel('אימות סיסמה').fill('a newer secret');
    await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'שלום, דנה' }).waitFor({ state: 'visible' });

    await page.getByRole('button', { name: 'תפריט החשבון' }).click();
    await page.getByRole('button', { name: 'התנתקות' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'התחברות' }).click();
    await dialog.getByLabel('דוא״ל').fill(email);
    await dialog.getByLabel('סיסמה').fill('a newer secret');
    await dialog.getByRole('button', { name: 'התחברות' }).click();
    await dialog.getByText('התחברת בהצלחה').waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'שלום, דנה' }).waitFor({ state: 'visible' });

    // Sign-in by a code texted to the phone saved in the settings (read from the local mailbox).
    await page.getByRole('button', { name: 'תפריט החשבון' }).click();
    await page.getByRole('button', { name: 'התנתקות' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'התחברות' }).click();
    await dialog.getByRole('button', { name: 'כניסה עם קוד ב-SMS' }).click();
    await dialog.getByLabel('טלפון').fill('052-7654321');
    await dialog.getByRole('button', { name: 'שליחת קוד' }).click();
    await dialog.getByRole('button', { name: /קוד חדש בעוד \d+ שניות/ }).waitFor({ state: 'visible' });
    const code = await fromMailbox(await web.newPage(), 'the text with the code', { has: ['+972527654321'], match: /: (\d{6})\./ }, 10_000);
    for (const [i, digit] of [...code].entries()) await dialog.getByLabel(`ספרה ${i + 1} של הקוד`).fill(digit);
    await dialog.getByText('התחברת בהצלחה').waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'שלום, דנה' }).waitFor({ state: 'visible' });

    // A favourite, kept in the personal area.
    await page.goto(`${new URL(page.url()).origin}/products/dr-green-t20-c4`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /שמירה במועדפים/ }).click();
    await page.getByRole('button', { name: /במועדפים/, pressed: true }).waitFor({ state: 'visible' });
    await page.goto(`${new URL(page.url()).origin}/user/favorites`, { waitUntil: 'networkidle' });
    await page.locator('main .card-list a[href="/products/dr-green-t20-c4"]').first().waitFor({ state: 'visible' });
  }, 90_000);

  it('sends a signed-out visitor from /user to the home page, and asks them to sign in to favourite', async () => {
    const guest = await web.newPage();
    await guest.goto(`${GATEWAY_URL}/user`, { waitUntil: 'networkidle' });
    await guest.waitForURL((url) => url.pathname === '/');
    await guest.goto(`${GATEWAY_URL}/products/dr-green-t20-c4`, { waitUntil: 'networkidle' });
    await guest.getByRole('button', { name: /שמירה במועדפים/ }).click();
    await guest.getByRole('dialog', { name: 'התחברות' }).waitFor({ state: 'visible' });
  });

  it("shows a pharmacy owner the businesses they run in the user menu, linked to each one's back office", async () => {
    const owner = web.page;
    await owner.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'התחברות' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('דוא״ל').fill('pharmacist@medcanna.local');
    await dialog.getByLabel('סיסמה').fill('demo-pharmacist');
    await dialog.getByRole('button', { name: 'התחברות' }).click();
    await dialog.getByText('התחברת בהצלחה').waitFor({ state: 'visible' });
    await owner.keyboard.press('Escape');
    await owner.getByRole('button', { name: 'תפריט החשבון' }).click();
    await owner.getByText('העסקים שלי').waitFor({ state: 'visible' });
    const link = owner.getByRole('link', { name: /בית מרקחת מרכז העיר/ });
    expect(await link.getAttribute('href')).toBe('/business/merkaz-tel-aviv');
  });

  it('unsubscribes from the signed link of an e-mail (not from a made-up one), and sends a link without a valid address home', async () => {
    const guest = await web.newPage();
    await guest.goto(`${GATEWAY_URL}/unsubscribe?email=${encodeURIComponent(email)}`, { waitUntil: 'networkidle' });
    await guest.getByText(Messages.unsubscribeSignInRequired).waitFor({ state: 'visible' });
    await followMailedLink(guest, email, '/unsubscribe?');
    await guest.getByText(Messages.unsubscribed).waitFor({ state: 'visible' });
    await guest.waitForURL((url) => url.pathname === '/unsubscribe' && !url.searchParams.has('sig'));
    await guest.goto(`${GATEWAY_URL}/unsubscribe?email=not-an-email`, { waitUntil: 'networkidle' });
    await guest.waitForURL((url) => url.pathname === '/');
  });
});
