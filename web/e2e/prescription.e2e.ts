/**
 * "My prescription" as a patient uses it: saves categories and monthly grams in the settings (a bad form first),
 * sees the in-stock products of those categories on the home page, filters the product list with the chip
 * 'בקטגוריות שלי', sees 'מתאים למרשם שלך' on a matching product only, and deletes the prescription. The server's
 * HTML of those pages never carries it.
 */
import { Messages, PRESCRIPTION_CATEGORIES, type ProductCard, type ProductListResponse } from '@mc/contracts';
import { api, API_HEADERS, newAccount } from './api';
import { seriousViolations } from './axe';
import { GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

describe('web: my prescription', () => {
  const web = useBrowser();
  let jwt: string;
  let matching: ProductCard;
  let other: ProductCard;

  beforeAll(async () => {
    jwt = await newAccount(`web-rx-${Date.now()}@example.co.il`, 'a good secret');
    const { products } = await api<ProductListResponse>('/api/products?inStock=1');
    const allowed = (p: ProductCard) => (PRESCRIPTION_CATEGORIES as readonly string[]).includes(p.info.thccbdDosage ?? '');
    matching = products.find(allowed)!;
    other = products.find((p) => p.info.thccbdDosage && p.info.thccbdDosage !== matching.info.thccbdDosage)!;
    expect(matching).toBeDefined();
    expect(other).toBeDefined();
  });

  /** The HTML the server sends for `path` to this signed-in browser: never the prescription. */
  const serverHtml = async (path: string) =>
    (await fetch(`${GATEWAY_URL}${path}`, { headers: { ...API_HEADERS, cookie: `token=${jwt}` } })).text();

  it('saves the prescription, finds products with it, and deletes it', async () => {
    const { page } = web;
    const dosage = matching.info.thccbdDosage!;
    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);

    await page.goto(`${GATEWAY_URL}/user/settings`, { waitUntil: 'networkidle' });
    const section = page.locator('section.prescription');
    await section.getByRole('heading', { name: 'המרשם שלי' }).waitFor({ state: 'visible' });
    await section.getByRole('button', { name: 'שמירת המרשם' }).click();
    await section.getByText(Messages.prescriptionCategoriesRequired).waitFor({ state: 'visible' });
    await section.getByText(Messages.prescriptionMonthlyGrams).waitFor({ state: 'visible' });
    for (const category of PRESCRIPTION_CATEGORIES.slice(0, 7)) await section.getByRole('checkbox', { name: category, exact: true }).check();
    await section.getByLabel('כמות חודשית (גרם)').fill('301');
    await section.getByRole('button', { name: 'שמירת המרשם' }).click();
    await section.getByText(Messages.prescriptionTooManyCategories).waitFor({ state: 'visible' });
    for (const category of PRESCRIPTION_CATEGORIES.slice(0, 7)) await section.getByRole('checkbox', { name: category, exact: true }).uncheck();
    await section.getByRole('checkbox', { name: dosage, exact: true }).check();
    await section.getByLabel('כמות חודשית (גרם)').fill('40');
    await section.getByRole('button', { name: 'שמירת המרשם' }).click();
    await section.getByRole('status').filter({ hasText: Messages.prescriptionSaved }).waitFor({ state: 'visible' });
    expect(await api('/api/user/prescription', { token: jwt })).toMatchObject({ prescription: { categories: [dosage], monthlyGrams: 40 } });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'prescription-settings');

    // No position allowed here: "near you" is measured from the default address.
    await api('/api/user/addresses', { method: 'POST', token: jwt, body: { address: 'הרצל, חיפה', houseNumber: '20', isDefault: true } });
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    const home = page.locator('section.prescription-products');
    await home.getByRole('heading', { name: 'במלאי לידך בקטגוריות שלך' }).waitFor({ state: 'visible' });
    await home.getByText('המרחקים מכתובת ברירת המחדל שלך.').waitFor({ state: 'visible' });
    expect(await home.locator('.prescription-nearest').first().textContent()).toMatch(/ק״מ$/);
    await home.getByRole('link', { name: matching.info.hebName || matching.name }).first().waitFor({ state: 'visible' });
    const dosages = await home.locator('.chip-dosage').allTextContents();
    expect(dosages.length).toBeGreaterThan(0);
    expect(new Set(dosages)).toEqual(new Set([dosage]));
    expect(await seriousViolations(page)).toEqual([]);
    await home.getByRole('link', { name: 'לכל המוצרים בקטגוריות שלי' }).click();
    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('mine') === '1' && !url.searchParams.has('dosages'));
    await page.getByRole('button', { name: 'בקטגוריות שלי', exact: true, pressed: true }).waitFor({ state: 'visible' });

    await page.goto(`${GATEWAY_URL}/products`, { waitUntil: 'networkidle' });
    const chip = page.getByRole('button', { name: 'בקטגוריות שלי', exact: true });
    expect(await chip.getAttribute('aria-pressed')).toBe('false');
    await chip.click();
    // The address says 'mine', never the categories (medical data stays out of URLs, logs and history).
    await page.waitForURL((url) => url.searchParams.get('mine') === '1');
    expect(page.url()).not.toContain(encodeURIComponent(dosage));
    expect(page.url()).not.toContain(dosage);
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction((d) => {
      const chips = [...document.querySelectorAll('.list-main .card-list .chip-dosage')].map((c) => c.textContent);
      return chips.length > 0 && chips.every((c) => c === d);
    }, dosage);
    await screenshotBothWidths(page, 'prescription-products-chip');
    await chip.click();
    await page.waitForURL((url) => !url.searchParams.has('mine'));

    await page.goto(`${GATEWAY_URL}/products/${matching.slug}`, { waitUntil: 'networkidle' });
    await page.getByText('מתאים למרשם שלך').waitFor({ state: 'visible' });
    await page.goto(`${GATEWAY_URL}/products/${other.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
    expect(await page.getByText('מתאים למרשם שלך').count()).toBe(0);

    for (const path of ['/', `/products/${matching.slug}`, '/products']) {
      const html = await serverHtml(path);
      expect(html).not.toContain('מתאים למרשם שלך');
      expect(html).not.toContain('במלאי לידך בקטגוריות שלך');
    }

    await page.goto(`${GATEWAY_URL}/user/settings`, { waitUntil: 'networkidle' });
    await section.getByRole('button', { name: 'מחיקת המרשם' }).click();
    await section.getByRole('status').filter({ hasText: Messages.prescriptionDeleted }).waitFor({ state: 'visible' });
    expect(await section.getByRole('checkbox', { checked: true }).count()).toBe(0);
    expect(await api('/api/user/prescription', { token: jwt })).toEqual({ prescription: null });
    await page.goto(`${GATEWAY_URL}/products/${matching.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' });
    expect(await page.getByText('מתאים למרשם שלך').count()).toBe(0);
    await page.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    expect(await page.locator('section.prescription-products').count()).toBe(0);
  });
});
