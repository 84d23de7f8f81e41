/**
 * The back office's dashboard in the browser: the pharmacist signs in, opens /business/merkaz-tel-aviv, edits the
 * opening hours so the pharmacy is closed now and then open now, and the public page's 'open now' follows at once;
 * offers not confirmed lately are listed for a confirm, and a confirm takes them off (on a phone and on a desktop).
 * Who may not: signed out, and a patient (signed out and sent home). The hours are restored afterwards, the offer
 * made here removed and the seeded one aged here confirmed.
 */
import {
  DEFAULT_PHARM_PRODUCT, OFFER_UNCONFIRMED_LABEL, type BusinessInfo, type BusinessPharmProduct, type BusinessProductInfo, type OpeningHours,
} from '@mc/contracts';
import type { Locator, Page } from 'playwright-core';
import { signInFromHeader } from './account-steps';
import { api } from './api';
import { DESKTOP, GATEWAY_URL, PHONE, screenshotBothWidths, useBrowser } from './browser';
import { confirmedHoursAgo } from '../../deploy/local/e2e-database';

const SLUG = 'merkaz-tel-aviv';
const DAYS = ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי', 'שבת'];
/** Today's weekday in Israel (0 = Sunday). */
const israelWeekday = () => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
  .indexOf(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', weekday: 'short' }).format(new Date()));

/** The keyboard's way (the box is drawn over a visually hidden input). */
async function press(target: Locator, key: string) {
  await target.focus();
  await target.page().keyboard.press(key);
}

/** The public page's 'open now' chip, read afresh until it says `expected` (the gateway keeps reads up to a second). */
async function expectPublicState(page: Page, expected: 'פתוח עכשיו' | 'סגור עכשיו') {
  for (let attempt = 0; ; attempt++) {
    await page.goto(`${GATEWAY_URL}/pharms/${SLUG}`, { waitUntil: 'networkidle' });
    if (await page.getByText(expected, { exact: true }).filter({ visible: true }).count()) return;
    if (attempt === 4) throw new Error(`the public page does not say '${expected}'`);
    await page.waitForTimeout(500);
  }
}

describe('web: the back office dashboard', () => {
  const web = useBrowser({ viewport: DESKTOP });
  let ownerToken: string;
  let stored: OpeningHours;
  const made: number[] = [];
  let aged: number | undefined;

  beforeAll(async () => {
    ({ jwt: ownerToken } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } }));
    stored = (await api<BusinessInfo>(`/api/business/${SLUG}`, { token: ownerToken })).openingHours;
  });

  afterAll(async () => {
    const openingHours = Object.entries(stored).flatMap(([dayOfWeek, slots]) => slots.map((s) => ({ dayOfWeek, ...s })));
    await api(`/api/business/${SLUG}/opening-hours`, { method: 'PUT', body: { openingHours }, token: ownerToken });
    for (const id of made) await api(`/api/business/${SLUG}/products/${id}`, { method: 'DELETE', token: ownerToken });
    if (aged) await api(`/api/business/${SLUG}/products/${aged}/confirm`, { method: 'POST', token: ownerToken });
  });

  it('sends a signed-out visitor home', async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/business/${SLUG}`);
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('signs a patient out and sends them home', async () => {
    const { page } = web;
    await signInFromHeader(page, 'patient@medcanna.local', 'demo-patient');
    await page.goto(`${GATEWAY_URL}/business/${SLUG}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'התחברות' }).waitFor({ state: 'visible' });
  });

  it("edits the opening hours so the pharmacy is closed now, then open now, and the public page's 'open now' follows", async () => {
    const { page } = web;
    const today = israelWeekday();
    await signInFromHeader(page, 'pharmacist@medcanna.local', 'demo-pharmacist');
    await page.goto(`${GATEWAY_URL}/business/${SLUG}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'שעות פתיחה' }).waitFor({ state: 'visible' });
    await page.getByRole('heading', { name: 'נתונים' }).waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'לכל ההזמנות' }).waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'business-dashboard');

    // Closed all week: every open day switched off (which clears its slots).
    await page.getByRole('button', { name: 'עריכת שעות' }).click();
    let dialog = page.getByRole('dialog', { name: 'עריכת שעות פתיחה' });
    const save = dialog.getByRole('button', { name: 'שמירה' });
    expect(await save.isDisabled()).toBe(true);
    for (const day of DAYS) {
      const toggle = dialog.getByRole('checkbox', { name: new RegExp(`^${day} `) });
      if (await toggle.isChecked()) await press(toggle, 'Space');
      expect(await toggle.isChecked()).toBe(false);
    }
    await save.click();
    await page.getByText('שעות הפתיחה עודכנו בהצלחה').waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expectPublicState(page, 'סגור עכשיו');

    // Open all of today: the day switched on gets a slot, set to 00:00–00:00 (a slot closing when it opens runs the whole day).
    await page.goto(`${GATEWAY_URL}/business/${SLUG}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'עריכת שעות' }).click();
    dialog = page.getByRole('dialog', { name: 'עריכת שעות פתיחה' });
    await press(dialog.getByRole('checkbox', { name: new RegExp(`^${DAYS[today]} `) }), 'Space');
    for (const field of ['פתיחה', 'סגירה']) {
      const time = dialog.getByRole('group', { name: `${DAYS[today]} 1: ${field}` });
      await time.getByRole('spinbutton').first().click();
      await page.keyboard.type('0000');
    }
    await dialog.getByRole('button', { name: 'שמירה' }).click();
    await page.getByText('שעות הפתיחה עודכנו בהצלחה').waitFor({ state: 'visible' });
    await page.getByText('00:00–00:00').waitFor({ state: 'visible' });
    await expectPublicState(page, 'פתוח עכשיו');
  });

  it('lists the offers stale or due for a confirm, and a confirm takes each off the list, on a phone and on a desktop', async () => {
    const { page } = web;
    // An offer of a product the pharmacy did not offer, confirmed a month ago (stale), and one of its offers confirmed
    // 60 hours ago (due within a day, still in stock for patients; confirmed again below, or after the file).
    const { products: [product] } = await api<{ products: BusinessProductInfo[] }>(`/api/business/${SLUG}/product-options`, { token: ownerToken });
    const { pharmProduct: added } = await api<{ pharmProduct: BusinessPharmProduct }>(`/api/business/${SLUG}/products`, {
      method: 'POST', body: { ...DEFAULT_PHARM_PRODUCT, productSlug: product.slug }, token: ownerToken,
    });
    made.push(added.id);
    const { pharmProducts } = await api<{ pharmProducts: BusinessPharmProduct[] }>(`/api/business/${SLUG}/products`, { token: ownerToken });
    const offered = pharmProducts.find((o) => o.published && !o.isYarpaLocked && o.product.name !== product.name)!;
    aged = offered.id;
    await confirmedHoursAgo([added.id], 30 * 24);
    await confirmedHoursAgo([offered.id], 60);
    const [stale, due] = [product.name, offered.product.name];

    await page.context().addCookies([{ name: 'token', value: ownerToken, url: GATEWAY_URL }]);
    for (const [viewport, name, freshness] of [[PHONE, stale, OFFER_UNCONFIRMED_LABEL], [DESKTOP, due, 'עודכן לפני יומיים']] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${GATEWAY_URL}/business/${SLUG}`, { waitUntil: 'networkidle' });
      const section = page.getByRole('region', { name: 'ממתינים לאישור מחיר ומלאי' });
      await section.getByRole('heading', { level: 2 }).waitFor({ state: 'visible' });
      const row = section.getByRole('row').filter({ hasText: name });
      await row.waitFor({ state: 'visible' });
      expect((await row.locator('.offer-freshness').textContent())?.trim()).toBe(freshness);
      if (viewport === PHONE) {
        // The stale one is listed before the one still fresh (the oldest confirmation first), and the page does not scroll sideways.
        const names = await section.getByRole('row').allTextContents();
        expect(names.findIndex((t) => t.includes(stale))).toBeLessThan(names.findIndex((t) => t.includes(due)));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await screenshotBothWidths(page, 'business-dashboard-awaiting-confirm');
      }
      await row.getByRole('button', { name: `אישור מחיר ומלאי: ${name}` }).click();
      await section.getByRole('status').filter({ hasText: 'המחיר והמלאי אושרו' }).waitFor({ state: 'visible' });
      await row.waitFor({ state: 'detached' });
    }
    // Neither is listed now, for this dashboard read afresh either.
    const info = await api<BusinessInfo>(`/api/business/${SLUG}`, { token: ownerToken });
    expect(info.staleProducts.filter((p) => p.id === added.id || p.id === offered.id)).toEqual([]);
  });

  it("refuses to save the details without a name ('שדה חובה'), and saves nothing", async () => {
    const { page } = web;
    await signInFromHeader(page, 'pharmacist@medcanna.local', 'demo-pharmacist');
    await page.goto(`${GATEWAY_URL}/business/${SLUG}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'עריכת פרטים' }).click();
    const dialog = page.getByRole('dialog', { name: 'עריכת פרטי בית המרקחת' });
    const save = dialog.getByRole('button', { name: 'שמירה' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(/^שם/).fill('');
    await save.click();
    await dialog.getByText('שדה חובה').waitFor({ state: 'visible' });
    expect(await dialog.getByLabel(/^כתובת$/).getAttribute('readonly')).not.toBeNull();
  });
});
