/**
 * Browser test of the back office's products, as a pharmacy owner on a desktop: add an offer from the catalogue
 * picker (createSearch in the address) with the default product, change its price in the edit dialog
 * (?editPharmProduct) and find the new price on the public comparison within a second, bump it (highlighted) and
 * delete it with their confirmations. The offer is made here and removed, so no seeded offer another suite asserts on
 * changes. axe-core finds no serious or critical violation on the page and its dialogs.
 */
import { readFileSync } from 'node:fs';
import { BusinessMessages, type BusinessPharmProduct, type BusinessProductInfo, type ComparisonOffer, type ComparisonResponse } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { api } from './api';
import { DESKTOP, GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }
declare const axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(() => axe.run(document, { resultTypes: ['violations'] }));
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')})`);
}

const PHARM = 'merkaz-tel-aviv';
/** Spec: a change reaches the public comparison within a second. */
const WITHIN_MS = 1000;

describe('web: /business/{businessId}/products as the pharmacy’s owner', () => {
  const web = useBrowser({ viewport: DESKTOP });
  let token: string;
  let chosen: BusinessProductInfo;
  const offerOf = async () =>
    (await api<{ pharmProducts: BusinessPharmProduct[] }>(`/api/business/${PHARM}/products?search=${encodeURIComponent(chosen.info.engName)}`, { token }))
      .pharmProducts.find((o) => o.product.slug === chosen.slug);

  beforeAll(async () => {
    ({ jwt: token } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } }));
    const options = await api<{ products: BusinessProductInfo[] }>(`/api/business/${PHARM}/product-options`, { token });
    chosen = options.products.find((p) => p.estimatedPrice !== null && p.info.engName.trim().length > 3)!;
    expect(chosen).toBeDefined();
  });

  afterAll(async () => {
    const left = token && chosen ? await offerOf() : undefined;
    if (left) await api(`/api/business/${PHARM}/products/${left.id}`, { method: 'DELETE', token });
  });

  it('adds an offer from the picker, changes its price (public within 1 s), bumps it and deletes it', async () => {
    const { page } = web;
    await page.context().addCookies([{ name: 'token', value: token, url: GATEWAY_URL }]);
    await page.goto(`${GATEWAY_URL}/business/${PHARM}/products`, { waitUntil: 'networkidle' });
    const table = page.getByRole('grid');
    await table.waitFor({ state: 'visible' });
    // Grouped under T/C dosage headings.
    expect(await page.getByRole('heading', { level: 3, name: /^מינון T\d+\/C\d+$/ }).count()).toBeGreaterThan(0);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await seriousViolations(page)).toEqual([]);

    // Create: the picker, searched through the address.
    await page.getByRole('button', { name: 'הוספת מוצר' }).click();
    const picker = page.getByRole('dialog', { name: 'בחירת מוצר מהקטלוג' });
    await picker.waitFor({ state: 'visible' });
    await picker.getByRole('searchbox').fill(chosen.info.engName);
    await page.waitForURL((url) => url.searchParams.get('createSearch') === chosen.info.engName);
    const option = picker.getByRole('row', { name: chosen.info.hebName || chosen.name }).first();
    await option.waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);
    await option.getByRole('button', { name: 'בחירה' }).click();
    const createForm = page.getByRole('dialog', { name: 'הוספת מוצר' });
    await createForm.waitFor({ state: 'visible' });
    // Spec §9's default product: price 0 (the catalogue's, shown as a hint), always in stock (the amount disabled), published.
    expect(await createForm.getByLabel('מחיר (₪)').inputValue()).toBe('0');
    expect(await createForm.getByRole('checkbox', { name: 'תמיד במלאי' }).isChecked()).toBe(true);
    expect(await createForm.getByLabel('כמות במלאי').isDisabled()).toBe(true);
    expect(await createForm.getByRole('checkbox', { name: 'מפורסם' }).isChecked()).toBe(true);
    expect(await createForm.textContent()).toContain('0 = מחיר הקטלוג');
    expect(await seriousViolations(page)).toEqual([]);
    await createForm.getByRole('button', { name: 'שמירה' }).click();
    await page.getByRole('status').filter({ hasText: 'המוצר נוסף בהצלחה' }).waitFor({ state: 'visible' });
    await createForm.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('createSearch')).toBe(false);
    const made = (await offerOf())!;
    expect(made).toMatchObject({ price: 0, totalPrice: chosen.estimatedPrice, alwaysInStock: true, published: true });

    // Edit through ?editPharmProduct: a new price, public on the comparison within a second.
    await page.getByRole('searchbox', { name: 'חיפוש מוצר', exact: true }).fill(chosen.info.engName);
    await page.waitForURL((url) => url.searchParams.get('search') === chosen.info.engName);
    const row = table.getByRole('row', { name: chosen.info.hebName || chosen.name });
    await row.waitFor({ state: 'visible' });
    await row.getByRole('button', { name: 'עריכה' }).click();
    await page.waitForURL((url) => url.searchParams.get('editPharmProduct') === String(made.id));
    const editForm = page.getByRole('dialog', { name: 'עריכת מוצר' });
    const save = editForm.getByRole('button', { name: 'שמירה' });
    await save.waitFor({ state: 'visible' });
    expect(await save.isDisabled()).toBe(true); // nothing changed yet
    const newPrice = Math.round((chosen.estimatedPrice! + 7.5) * 100) / 100;
    await editForm.getByLabel('מחיר (₪)').fill(String(newPrice));
    expect(await save.isDisabled()).toBe(false);
    const saved = page.waitForResponse((res) => res.url().endsWith(`/api/business/${PHARM}/products`) && res.request().method() === 'PATCH');
    await save.click();
    expect((await saved).status()).toBe(200);
    const savedAt = Date.now();
    let seen: ComparisonOffer | undefined;
    while (Date.now() - savedAt <= WITHIN_MS) {
      seen = (await api<ComparisonResponse>(`/api/products/${chosen.slug}/pharm-products`)).offers.find((o) => o.pharm.slug === PHARM);
      if (seen?.totalPrice === newPrice) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen?.totalPrice).toBe(newPrice);
    await page.getByRole('status').filter({ hasText: 'המוצר נשמר בהצלחה' }).waitFor({ state: 'visible' });
    await editForm.waitFor({ state: 'hidden' });
    // The list was refetched: the row shows the new price.
    await row.getByText(new RegExp(`₪${String(newPrice).replace('.', '\\.')}`)).waitFor({ state: 'visible' });

    // Bump, with its confirmation: the row is highlighted.
    await row.getByRole('button', { name: 'הקפצה' }).click();
    const confirmBump = page.getByRole('alertdialog', { name: BusinessMessages.confirmBump });
    await confirmBump.waitFor({ state: 'visible' });
    await confirmBump.getByRole('button', { name: 'הקפצה' }).click();
    await page.locator('tr.bo-row-bumped').waitFor({ state: 'visible' });
    expect((await offerOf())!.bumpedAt).not.toBeNull();
    await screenshotBothWidths(page, 'business-products');

    // Delete, with its confirmation: gone from the list and from the comparison.
    await row.getByRole('button', { name: 'מחיקה' }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: BusinessMessages.confirmDelete });
    await confirmDelete.waitFor({ state: 'visible' });
    await confirmDelete.getByRole('button', { name: 'מחיקה' }).click();
    await page.getByRole('status').filter({ hasText: 'המוצר נמחק' }).waitFor({ state: 'visible' });
    await page.getByText('לא נמצא מוצר').waitFor({ state: 'visible' });
    expect(await offerOf()).toBeUndefined();
    expect((await api<ComparisonResponse>(`/api/products/${chosen.slug}/pharm-products`)).offers.find((o) => o.pharm.slug === PHARM)).toBeUndefined();
  });
});
