/**
 * What a patient reads and where the keyboard lands (issue 17, "texts"): the first field of each dialog form has
 * the focus, the consent reads naturally, a new account is welcomed (not welcomed back), a reused activation link
 * says only what happened, the reset form refuses two different passwords and ends with spec 8's text, a discount
 * shows its minus before the shekels, garbage in a list's address becomes no filter, and an unknown tag is not found
 * (404). Each at a 390 px phone and a 1280 px desktop.
 */
import { Messages, type PharmProduct } from '@mc/contracts';
import type { Locator, Page } from 'playwright-core';
import { api } from './api';
import { seriousViolations } from './axe';
import { fromMailbox, GATEWAY_URL, PHONE, useBrowser, WIDTHS } from './browser';

/** The labelled name of the focused element (its `<label>`), or its own text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? null;
  });

/** Waits until the focus is on the field labelled `name`. */
async function focusLandsOn(page: Page, name: string) {
  await page.waitForFunction((label) => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() === label, name, { timeout: 5000 })
    .catch(async () => { throw new Error(`focus is on '${await focusedName(page)}', not on '${name}'`); });
}

/** The newest link to `path` in an e-mail to `email`, as an address of the stack. */
async function mailedLink(page: Page, email: string, path: string): Promise<string> {
  const href = await fromMailbox(page, `an e-mail to ${email} linking to ${path}`, { has: [email, path], match: new RegExp(`href="([^"]*${path}[^"]*)"`) });
  const url = new URL(href.replace(/&amp;/g, '&'), GATEWAY_URL);
  return `${GATEWAY_URL}${url.pathname}${url.search}`;
}

/** Where the first and last characters of `element`'s text are drawn, left to right. */
const charBoxes = (element: Locator) =>
  element.evaluate((el) => {
    const text = el.firstChild?.nodeType === Node.TEXT_NODE ? el.firstChild : document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
    if (!text?.textContent) throw new Error('no text');
    const box = (i: number) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right };
    };
    return { first: box(0), last: box(text.textContent.length - 1) };
  });

describe.each(WIDTHS)('web: the texts and focus of sign-in, sign-up, activation and reset at $width px', (viewport) => {
  const web = useBrowser({ viewport });

  it('puts the focus on the first field of every mode of the dialog, opened from the keyboard', async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    const opener = page.getByRole('button', { name: 'התחברות' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await focusLandsOn(page, 'דוא״ל');

    await dialog.getByRole('button', { name: 'אין לך חשבון? להרשמה' }).focus();
    await page.keyboard.press('Enter');
    await focusLandsOn(page, 'שם פרטי');
    expect(await seriousViolations(page)).toEqual([]);
    // The consent: the prefix joined to the linked words, no stray space.
    const consent = dialog.locator('label', { has: page.getByRole('link', { name: 'תנאי השימוש' }) });
    expect((await consent.textContent())?.replace(/\s+/g, ' ').trim()).toBe('קראתי ואני מסכים/ה לתנאי השימוש');
    // Marketing only on the patient's active consent (Communications Law §30A, over spec 5's 'checked by default').
    expect(await dialog.getByRole('checkbox', { name: 'אשמח לקבל עדכונים על מבצעים ומלאי' }).isChecked()).toBe(false);

    await dialog.getByRole('button', { name: 'חזרה להתחברות' }).focus();
    await page.keyboard.press('Enter');
    await focusLandsOn(page, 'דוא״ל');
    await dialog.getByRole('button', { name: 'שכחתי סיסמה' }).focus();
    await page.keyboard.press('Enter');
    await focusLandsOn(page, 'דוא״ל');
    await dialog.getByRole('button', { name: 'שליחת קישור לאיפוס' }).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('welcomes a new account, says only why a used activation link fails, and resets with two equal passwords', async () => {
    const { page } = web;
    const email = `texts-${Date.now()}@example.co.il`;
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'התחברות' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'אין לך חשבון? להרשמה' }).click();
    await dialog.getByLabel('שם פרטי').fill('נועה');
    await dialog.getByLabel('שם משפחה').fill('לוי');
    await dialog.getByLabel('דוא״ל').fill(email);
    await dialog.getByLabel('סיסמה').fill('a good secret');
    await dialog.getByRole('checkbox', { name: 'קראתי ואני מסכים/ה לתנאי השימוש' }).check();
    await dialog.getByRole('button', { name: 'הרשמה' }).click();
    await dialog.getByText('שלחנו אליך הודעת דוא״ל').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');

    const activation = await mailedLink(page, email, '/auth/verify-email');
    await page.goto(activation);
    await page.waitForURL((url) => url.pathname === '/');
    await dialog.getByRole('heading', { name: 'ברוכים הבאים!' }).waitFor({ state: 'visible' });
    expect(await dialog.getByText('ברוכים השבים!').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The same link again: the API refuses it with 400 and spec 8's message is all the page says.
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/auth/activate'));
    await page.goto(activation);
    expect((await answer).status()).toBe(400);
    const main = page.locator('main');
    await main.getByRole('alert').filter({ hasText: Messages.activationUsed }).waitFor({ state: 'visible' });
    expect(await main.getByText('לא הצלחנו לטעון את העמוד').count()).toBe(0);
    expect(await main.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['הפעלת החשבון']);
    await main.getByRole('button', { name: 'התחברות' }).waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);

    // A reset from the mailed link: two different passwords are refused in the browser, no request is sent.
    await page.getByRole('button', { name: 'תפריט החשבון' }).click();
    await page.getByRole('button', { name: 'התנתקות' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'התחברות' }).first().click();
    await dialog.getByRole('button', { name: 'שכחתי סיסמה' }).click();
    await dialog.getByLabel('דוא״ל').fill(email);
    await dialog.getByRole('button', { name: 'שליחת קישור לאיפוס' }).click();
    await dialog.getByText(Messages.forgotReceived).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.goto(await mailedLink(page, email, '/reset-password'));
    await page.waitForURL((url) => url.pathname === '/reset-password' && !url.search.includes('token'));
    const resets: string[] = [];
    page.on('request', (request) => { if (request.url().includes('/api/auth/reset-password')) resets.push(request.postData() ?? ''); });
    await page.getByLabel('סיסמה חדשה').fill('a newer secret');
    await page.getByLabel('אימות סיסמה').fill('another secret');
    await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
    await page.getByText(Messages.passwordsMismatch).waitFor({ state: 'visible' });
    expect(resets).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('אימות סיסמה').fill('a newer secret');
    await page.getByRole('button', { name: 'שמירת הסיסמה' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await dialog.getByText(Messages.resetSignedIn, { exact: true }).waitFor({ state: 'visible' });
    expect(JSON.parse(resets[0])).toMatchObject({ newPassword: 'a newer secret', confirmPassword: 'a newer secret' });
    await dialog.waitFor({ state: 'hidden', timeout: 8000 });
  });
});

describe.each(WIDTHS)('web: the legal pages tell the truth at $width px (issue 26)', (viewport) => {
  const web = useBrowser({ viewport });

  it('the privacy policy says the ID number is kept encrypted, for the pharmacy, and deleted 30 days after the order ended', async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/privacy-policy`, { waitUntil: 'networkidle' });
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'מדיניות פרטיות' }).waitFor({ state: 'visible' });
    const body = (await main.textContent()) ?? '';
    expect(body).not.toMatch(/מספר תעודת הזהות[^.]*אינם נשמרים/);
    expect(body).toContain('נשמר במערכות האתר עם ההזמנה, מוצפן בלבד');
    expect(body).toContain('מוצג רק לצוות בית המרקחת שקיבל את ההזמנה');
    expect(body).toContain('המספר נמחק 30 יום לאחר שההזמנה הסתיימה');
    expect(body).toContain('סעיף 30א לחוק התקשורת');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the terms of use carry the licensed-data partner clause, and a breadcrumb to the home page", async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/terms-of-use`, { waitUntil: 'networkidle' });
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'תנאי שימוש' }).waitFor({ state: 'visible' });
    await main.getByRole('heading', { level: 2, name: 'שותף נתונים מורשה' }).waitFor({ state: 'visible' });
    await main.getByText('השותף רשאי להפסיק את העברת הנתונים', { exact: false }).waitFor({ state: 'visible' });
    const crumbs = main.getByRole('navigation', { name: 'פירורי לחם' });
    await crumbs.getByRole('link', { name: 'דף הבית' }).waitFor({ state: 'visible' });
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('תנאי שימוש');
    expect(await seriousViolations(page)).toEqual([]);
    await crumbs.getByRole('link', { name: 'דף הבית' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe.each(WIDTHS)('web: a discount in the cart at $width px', (viewport) => {
  const web = useBrowser({ viewport });

  it("shows the minus before the shekels, '−₪…', isolated from the Hebrew line", async () => {
    const { page } = web;
    const offer = (await api<{ pharmProducts: PharmProduct[] }>('/api/discounts?sortBy=price')).pharmProducts.find((o) => o.inStock);
    if (!offer) throw new Error('the seed has no discounted offer in stock');
    await page.goto(`${GATEWAY_URL}/pharms/${offer.pharm.slug}/products/${offer.id}`, { waitUntil: 'networkidle' });
    await page.locator('.add-to-cart-button').click();
    await page.locator('.add-to-cart-button.is-added').waitFor({ state: 'visible' });
    await page.goto(`${GATEWAY_URL}/cart`, { waitUntil: 'networkidle' });

    const amount = page.locator('.cart-summary-discounts bdi');
    await amount.waitFor({ state: 'visible' });
    const text = (await amount.textContent()) ?? '';
    expect(text).toMatch(/^−₪\d+(\.\d\d)?$/);
    expect(await amount.getAttribute('dir')).toBe('ltr');
    expect(await page.locator('.cart-summary-discounts').textContent()).toBe(text);
    // Drawn as read: the minus at the left end, the last digit at the right.
    const { first, last } = await charBoxes(amount);
    expect(first.right).toBeLessThanOrEqual(last.left);
  });
});

describe.each(WIDTHS)('web: garbage in the address at $width px', (viewport) => {
  const web = useBrowser({ viewport });
  const garbage = 'priceRange=abc&types=zzz&cannabisTypes=zzz&dosages=zzz&inStock=zzz&sortBy=zzz&layout=zzz&page=abc&companies=zzz&mine=zzz';

  it.each(['/products', '/discounts', '/pharms/merkaz-tel-aviv'])('becomes no filter, chip or option on %s', async (path) => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}${path}?${garbage}`, { waitUntil: 'networkidle' });
    await page.locator('.filter-toggle input').first().waitFor({ state: 'attached' });
    // On a phone the filters are read where they are shown: in their sheet.
    if (viewport === PHONE) {
      await page.locator('.filters-button').click();
      await page.getByRole('dialog', { name: 'סינון' }).locator('.filter-toggle input').first().waitFor({ state: 'visible' });
    } else {
      await page.locator('.filter-panel .filter-toggle input').first().waitFor({ state: 'visible' });
    }
    expect(await page.locator('.filters-button').textContent()).toBe('סינון');
    expect(await page.locator('.active-filters').count()).toBe(0);
    expect(await page.getByText('₪abc').count()).toBe(0);
    expect(await page.locator('.filter-option', { hasText: 'zzz' }).count()).toBe(0);
    // In stock only (the default) stays ticked; the sort stays the default.
    expect(await page.locator('.filter-toggle input').first().isChecked()).toBe(true);
    expect(await page.getByLabel('מיון לפי').inputValue()).toBe('magic');
    // Nor does it reach what search engines read.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${GATEWAY_URL}${path}`);
    // A company no list knows leaves the address too (companies have no closed list: the answer tells).
    expect(new URL(page.url()).searchParams.has('companies')).toBe(false);
  });

  it('keeps garbage out of the canonical address of a page that reads no query', async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/faq?page=abc&priceRange=abc`, { waitUntil: 'networkidle' });
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${GATEWAY_URL}/faq`);
  });

  it('answers an unknown tag with 404 and the not-found page, a known one with its page', async () => {
    const { page } = web;
    const missing = await page.goto(`${GATEWAY_URL}/tags/no-such-tag-${Date.now()}`, { waitUntil: 'networkidle' });
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: Messages.pageNotFound }).waitFor({ state: 'visible' });
    expect(await page.locator('main a[href="/"]', { hasText: 'חזרה לדף הבית' }).count()).toBe(1);

    const known = await page.goto(`${GATEWAY_URL}/tags/sativa`, { waitUntil: 'networkidle' });
    expect(known?.status()).toBe(200);
    await page.locator('.card-list .card').first().waitFor({ state: 'visible' });
    expect(await page.getByText(Messages.pageNotFound).count()).toBe(0);
  });
});
