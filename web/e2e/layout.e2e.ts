/**
 * The storefront's layout as a new patient sees it (issue 17), each at a 390 px phone and a 1280 px desktop (no page
 * wider than the screen: demo-pages.e2e.ts, on the demo data): the desktop header on one row from 1024 px (on a
 * phone: its tabs in the bottom menu), the phone's filters as a bottom sheet (side panel on desktop), the address suggestions hiding nothing of the form, the
 * profile progress in the theme's colour, the environment badge outside production, each area once in the
 * pharmacies' area menu, and drawn package art for the products.
 */
import type { Page } from 'playwright-core';
import { DESKTOP, fromMailbox, GATEWAY_URL, PHONE, screenshotBothWidths, useBrowser, WIDTHS, type BrowserTest } from './browser';
import { horizontalOverflow } from './overflow';

const API_HEADERS = { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': process.env.API_KEY ?? 'mc-local-web-key' };
const PHARM = 'merkaz-tel-aviv';
const PRODUCT = 'dr-green-t20-c4';
/** --color-brand of tokens.css. */
const BRAND = [11, 92, 99];

const post = async (path: string, body: unknown) =>
  (await fetch(`${GATEWAY_URL}${path}`, { method: 'POST', headers: { ...API_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<Record<string, string>>;

/** A new active account, signed up and activated through the API (the link read from the mailbox): its token. */
async function newAccount(web: BrowserTest, email: string): Promise<string> {
  await post('/api/auth/signup', { firstName: 'נועה', lastName: 'לוי', email, password: 'a good secret', agreeTOU: true });
  const token = await fromMailbox(await web.newPage(), `an activation e-mail to ${email}`, { has: [email, '/auth/verify-email'], match: /token=([^"&<\s]+)/ });
  await post('/api/auth/activate', { activationToken: decodeURIComponent(token) });
  return (await post('/api/auth/signin', { email, password: 'a good secret' })).jwt;
}

/** Whether the element's middle is drawn by it (or its content), not covered by something else. */
function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return !!top && (top === element || element.contains(top));
  });
}

describe('web: the layout at a phone and a desktop width', () => {
  const web = useBrowser();
  let page: Page;

  beforeEach(() => {
    page = web.page;
  });

  it('keeps the desktop header on one row at 1024 and 1280 px, and on a phone its tabs in the bottom menu, on every kind of page', async () => {
    const rows: string[] = [];
    for (const path of ['/', '/products', `/products/${PRODUCT}`, '/pharms', `/pharms/${PHARM}`, '/faq']) {
      await page.setViewportSize({ width: 1024, height: DESKTOP.height });
      await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'networkidle' });
      for (const width of [1024, DESKTOP.width]) {
        await page.setViewportSize({ width, height: DESKTOP.height });
        const row = await page.locator('header .header-inner').evaluate((inner) => {
          const boxes = [...inner.children].map((child) => child.getBoundingClientRect()).filter((rect) => rect.height > 0);
          const tabs = [...inner.querySelectorAll('.main-nav-link')].map((link) => Math.round(link.getBoundingClientRect().top));
          // One row: every part of the header lies across one line, and the tabs share a top.
          const oneLine = Math.max(...boxes.map((rect) => rect.top)) < Math.min(...boxes.map((rect) => rect.bottom));
          return { oneLine, tabTops: new Set(tabs).size, tabs: tabs.length, height: Math.round(inner.getBoundingClientRect().height) };
        });
        if (!row.oneLine || row.tabTops !== 1 || row.tabs !== 5 || row.height > 80) rows.push(`${path} @${width}: ${JSON.stringify(row)}`);
      }
      // The phone's counterpart: no tabs in the header, whose first row holds the logo, the user's slot and the cart
      // side by side; the five tabs on one row of the bottom menu, at the foot of the screen.
      await page.setViewportSize(PHONE);
      const phone = await page.evaluate(() => {
        const inner = document.querySelector('header .header-inner')!;
        const visible = (element: Element | null) => !!element && element.getBoundingClientRect().height > 0;
        const firstRow = ['.logo', '.header-user', '.cart-link'].map((selector) => inner.querySelector(selector)!.getBoundingClientRect());
        const oneLine = Math.max(...firstRow.map((rect) => rect.top)) < Math.min(...firstRow.map((rect) => rect.bottom));
        const bottom = document.querySelector('.main-nav-bottom');
        const tabs = [...(bottom?.querySelectorAll('.main-nav-link') ?? [])].map((link) => Math.round(link.getBoundingClientRect().top));
        return {
          headerTabs: visible(inner.querySelector('.main-nav-header')),
          oneLine,
          tabs: tabs.length,
          tabTops: new Set(tabs).size,
          atFoot: !!bottom && Math.round(bottom.getBoundingClientRect().bottom) === window.innerHeight,
        };
      });
      if (phone.headerTabs || !phone.oneLine || phone.tabs !== 5 || phone.tabTops !== 1 || !phone.atFoot) rows.push(`${path} @${PHONE.width}: ${JSON.stringify(phone)}`);
    }
    expect(rows).toEqual([]);
  }, 120_000);

  describe.each([
    ['/products', '.card-list .card'],
    ['/discounts', '.card-list .card'],
    [`/pharms/${PHARM}`, '.pharm-product-card'],
    ['/pharms', '.pharm-card'],
  ])('the filters of %s', (path, ready) => {
    it('open on a phone as a bottom sheet: a modal dialog that keeps the focus, counts the results and closes by button or Escape', async () => {
      await page.setViewportSize(PHONE);
      await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'networkidle' });
      await page.locator(ready).first().waitFor({ state: 'visible' });
      expect(await page.locator('.filter-panel').first().isVisible()).toBe(false);
      const opener = page.locator('.filters-button');
      expect(await opener.textContent()).toBe('סינון');
      await opener.click();
      const sheet = page.getByRole('dialog', { name: 'סינון' });
      await sheet.waitFor({ state: 'visible' });
      const box = (await sheet.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(PHONE.height);
      expect(Math.round(box.width)).toBe(PHONE.width);
      const apply = sheet.getByRole('button', { name: /^הצגת/ });
      expect(await apply.textContent()).toMatch(/^הצגת (?:\d+|מוצר אחד|בית מרקחת אחד)/);
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
      }
      await screenshotBothWidths(page, `layout-filter-sheet${path.replace(/\//g, '-')}`);
      await page.setViewportSize(PHONE);
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('סינון');

      await opener.click();
      await sheet.waitFor({ state: 'visible' });
      // A filter applies at once: the count on the results button follows it.
      await sheet.getByRole('checkbox').first().click();
      await page.waitForURL(/\?.+=/);
      await sheet.getByRole('button', { name: 'סגירת הסינון' }).click();
      await sheet.waitFor({ state: 'hidden' });
      expect(await opener.textContent()).toMatch(/\(1\)/);

      await opener.click();
      await apply.click();
      await sheet.waitFor({ state: 'hidden' });
    }, 60_000);

    it('stay in their panel on desktop, with no sheet and no button', async () => {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'networkidle' });
      await page.locator(ready).first().waitFor({ state: 'visible' });
      expect(await page.locator('.filter-panel').first().isVisible()).toBe(true);
      expect(await page.locator('.filters-button').isVisible()).toBe(false);
      expect(await page.locator('dialog.filter-sheet[open]').count()).toBe(0);
    }, 60_000);
  });

  it.each(WIDTHS)('lists each district and city once in the pharmacies area menu at $width px', async (viewport) => {
    await page.setViewportSize(viewport);
    await page.goto(`${GATEWAY_URL}/pharms`, { waitUntil: 'networkidle' });
    await page.locator('.pharm-card').first().waitFor({ state: 'visible' });
    // On a phone the menu is in the filters' sheet.
    if (viewport === PHONE) await page.locator('.filters-button').click();
    const menu = page.getByRole('combobox', { name: 'אזור' });
    await menu.waitFor({ state: 'visible' });
    const options = await menu.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(10);
    expect(options.filter((option) => option === 'ירושלים')).toHaveLength(1);
    expect(options.filter((option) => option === 'חיפה')).toHaveLength(1);
    expect(new Set(options).size).toBe(options.length);
  });

  it.each(WIDTHS)('shows the environment badge outside production (the test stack runs APP_ENV=test) at $width px', async (viewport) => {
    await page.setViewportSize(viewport);
    for (const path of ['/products', '/']) {
      await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'networkidle' });
      expect(await page.getAttribute('meta[name="app-env"]', 'content')).toBe('test');
      const badge = page.locator('.env-badge');
      await badge.waitFor({ state: 'visible' });
      expect(await badge.textContent()).toBe('סביבה: test');
      // On the screen, letting taps through to what it lies over, and above the phone's bottom menu rather than over its tabs.
      const box = (await badge.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(await badge.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none');
      const menu = await page.locator('.main-nav-bottom').boundingBox();
      expect(menu === null).toBe(viewport === DESKTOP);
      if (menu) expect(box.y + box.height).toBeLessThanOrEqual(menu.y);
    }
  });

  it.each(WIDTHS)('draws every product without a photo as package art with its name and dosage, alt text naming it, at $width px', async (viewport) => {
    await page.setViewportSize(viewport);
    await page.goto(`${GATEWAY_URL}/products/${PRODUCT}`, { waitUntil: 'networkidle' });
    const image = page.locator('.product-image').first();
    await image.waitFor({ state: 'visible' });
    expect(await image.getAttribute('alt')).toContain('דוקטור גרין');
    // The product's own art (through the thumbnail service), not the placeholder a failed picture falls back to.
    expect(decodeURIComponent((await image.getAttribute('src')) ?? '')).toContain(`/media/products/${PRODUCT}.svg`);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const res = await fetch(`${GATEWAY_URL}/media/products/${PRODUCT}.svg`);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await res.text();
    expect(svg).toContain('>T20/C4</text>');
    expect(svg).toContain('#0b5c63');
  });

  describe('signed in', () => {
    let jwt: string;

    beforeAll(async () => {
      jwt = await newAccount(web, `web-layout-${Date.now()}@example.co.il`);
    });

    beforeEach(async () => {
      await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    });

    it.each(WIDTHS)('draws the profile progress in the brand colour, not the browser default blue, at $width px', async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto(`${GATEWAY_URL}/user`, { waitUntil: 'networkidle' });
      const progress = page.getByRole('progressbar', { name: 'השלמת הפרופיל' });
      await progress.waitFor({ state: 'visible' });
      const value = Number(await progress.getAttribute('value'));
      expect(value).toBeGreaterThan(0);
      const png = (await progress.screenshot()).toString('base64');
      // The colour drawn at the start of the bar (the right, in Hebrew), which its value fills.
      const colour = await page.evaluate(async (data) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        return [...context.getImageData(image.width - 8, Math.floor(image.height / 2), 1, 1).data.slice(0, 3)];
      }, png);
      expect(colour).toEqual(BRAND);
    });

    it('keeps the header on one row at 1024 px with the user menu', async () => {
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.goto(`${GATEWAY_URL}/products`, { waitUntil: 'networkidle' });
      await page.locator('.user-menu').waitFor({ state: 'visible' });
      const oneLine = await page.locator('header .header-inner').evaluate((inner) => {
        const boxes = [...inner.children].map((child) => child.getBoundingClientRect()).filter((rect) => rect.height > 0);
        return Math.max(...boxes.map((rect) => rect.top)) < Math.min(...boxes.map((rect) => rect.bottom));
      });
      expect(oneLine).toBe(true);
      await page.setViewportSize(PHONE);
      expect(await horizontalOverflow(page)).toEqual([]);
    });

    it.each(WIDTHS)('shows the address suggestions below the field error and hides neither it nor the house number at $width px', async (viewport) => {
      await page.setViewportSize(viewport);
      await page.goto(`${GATEWAY_URL}/user/settings`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'הוספת הכתובת' }).click();
      const field = page.getByRole('combobox', { name: 'כתובת (רחוב ועיר)' });
      await field.pressSequentially('הרצל 12 חיפ', { delay: 30 });
      const list = page.getByRole('listbox', { name: 'כתובות מוצעות' });
      await list.getByRole('option', { name: 'הרצל 12, חיפה' }).waitFor({ state: 'visible' });
      // Still not a full address (street, town): the field's error shows while the suggestions do.
      const error = page.locator('.address-combobox .form-error');
      await error.waitFor({ state: 'visible' });
      const [errorBox, listBox, houseBox] = await Promise.all([error.boundingBox(), list.boundingBox(), page.getByLabel('מספר בית').boundingBox()]);
      expect(listBox!.y).toBeGreaterThanOrEqual(errorBox!.y + errorBox!.height);
      expect(await uncovered(page, '.address-combobox .form-error')).toBe(true);
      await page.getByLabel('מספר בית').scrollIntoViewIfNeeded();
      expect(await uncovered(page, 'input[name="houseNumber"]')).toBe(true);
      expect(houseBox!.y).toBeGreaterThanOrEqual(listBox!.y + listBox!.height);
      await page.keyboard.press('Escape');
      expect(await field.getAttribute('aria-expanded')).toBe('false');

      // With the list open, a press on the form's button reaches it: the list folds away only after the press (it
      // pushes the button down, and would pull it from under the pointer). Submitting puts the focus back in the field.
      await field.press('Backspace');
      await list.getByRole('option').first().waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'הוספת הכתובת' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    }, 60_000);
  });
});
