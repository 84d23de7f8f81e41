/**
 * Issue 29 in the browser, on the demo data (greenmed is its largest company, with two years of stock history): staff of
 * greenmed open their company from the user menu, see its figures, set a product's supply state and find it on the
 * product page, read the stock with the market and the stock history, and download the stock report as CSV and Excel
 * (the files parse, with the rows the page shows); staff of שדות הגליל (no report flag) see no report; a patient is
 * signed out and sent home. At 390 and 1280 px, axe clean. Each width edits its own product, put back afterwards.
 */
import type { CompanyPage, CompanyStockPage, StockReportPage } from '@mc/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { signInFromHeader } from './account-steps';
import { api } from './api';
import { seriousViolations } from './axe';
import { useBrowser, waitHydrated, WIDTHS } from './browser';
import { useDemoStack } from './demo-stack';

const demo = useDemoStack();
const COMPANY = 'greenmed';
const STAFF = { email: 'greenmed@medcanna.local', password: 'demo-greenmed' };

/** The day `days` from today in Israel: YYYY-MM-DD, and its parts. */
function israelDay(days: number) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000));
  return { day, dd: day.slice(8, 10), mm: day.slice(5, 7), yyyy: day.slice(0, 4) };
}

/** The staff's session, signed in once (sign-ins are limited per account). */
let session: Promise<string> | undefined;

/** The company's answers as its staff get them (the access token of the company, then the call). */
async function asStaff<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  session ??= api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: STAFF, base: demo.baseUrl }).then((r) => r.jwt);
  const access = await api<{ jwt: string }>(`/api/businesses/company:${COMPANY}/access`, { method: 'POST', token: await session, base: demo.baseUrl });
  return api<T>(`/api/manage/cannabis-company/${COMPANY}${path}`, { ...init, token: access.jwt, base: demo.baseUrl });
}

async function expectAxeClean(page: Page, what: string) {
  expect({ what, violations: await seriousViolations(page) }).toEqual({ what, violations: [] });
}

/** A download started by pressing `button`: its file name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await started;
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

describe.each(WIDTHS)('web: a cannabis company at $width px (issue 29)', (viewport) => {
  const web = useBrowser({ viewport });
  /** Each width its own product of the company (the first and the second of the stock page). */
  const productIndex = viewport.width < 600 ? 0 : 1;
  let productId: number | undefined;

  afterAll(async () => {
    if (productId !== undefined) await asStaff('/stock', { method: 'PATCH', body: { productId, state: 'available' } });
  });

  it('greenmed staff open the company from the menu, set a supply state the product page shows, read stock and history, download the report', async () => {
    const { page } = web;
    const expected = await asStaff<CompanyPage>('');
    await signInFromHeader(page, STAFF.email, STAFF.password, demo.baseUrl);
    await page.getByRole('button', { name: 'תפריט החשבון' }).click();
    await page.getByRole('link', { name: /גרינמד/ }).click();
    await page.waitForURL(new RegExp(`/manage/cannabis-company/${COMPANY}$`));
    const figures = page.locator('.bo-stats');
    await figures.waitFor({ state: 'visible' });
    const stat = (label: string) => figures.locator('.bo-stat').filter({ hasText: label }).locator('.bo-stat-value');
    expect((await stat('מוצרים בקטלוג').textContent())?.replace(/\D/g, '')).toBe(String(expected.company.productsCount));
    expect((await stat('בתי מרקחת עם מלאי').textContent())?.replace(/\D/g, '')).toBe(String(expected.figures.pharmaciesStocking));
    expect(await page.getByRole('link', { name: 'דוח מלאי' }).count()).toBe(1);
    await expectAxeClean(page, 'company page');

    // Stock: the product's supply state, saved, and then on the product page.
    const stock = await asStaff<CompanyStockPage>('/stock');
    const product = stock.products[productIndex];
    productId = product.id;
    await page.getByRole('link', { name: 'מלאי', exact: true }).click();
    const editor = page.getByRole('form', { name: `מצב האספקה של החברה: ${product.name}` });
    await waitHydrated(editor);
    await editor.getByRole('button', { name: /מצב אספקה/ }).click();
    await page.getByRole('option', { name: 'מחסור' }).click();
    const until = israelDay(20 + productIndex);
    await editor.getByRole('spinbutton').first().click();
    await page.keyboard.type(`${until.dd}${until.mm}${until.yyyy}`);
    await editor.getByLabel('יחידות שניתן לספק (לא חובה)').fill('120');
    await editor.getByRole('button', { name: 'שמירת מצב האספקה' }).click();
    await editor.getByRole('status').filter({ hasText: 'מצב האספקה נשמר' }).waitFor();
    await page.getByRole('button', { name: 'לפי מחוז' }).nth(productIndex).click();
    await page.getByRole('region', { name: `${product.name}: השוק לפי מחוז` }).waitFor();
    const saved = (await asStaff<CompanyStockPage>('/stock')).products[productIndex].supply;
    expect(saved).toMatchObject({ state: 'short', until: until.day, units: 120 });
    await expectAxeClean(page, 'stock page');

    const notice = `היצרן מדווח על מחסור עד ${until.dd}/${until.mm}`;
    for (let attempt = 0; ; attempt++) {
      await page.goto(`${demo.baseUrl}/products/${product.slug}`, { waitUntil: 'networkidle' });
      if (await page.getByText(notice).count()) break;
      if (attempt === 10) throw new Error(`the product page does not say '${notice}'`);
      await page.waitForTimeout(300);
    }

    // Stock history: the chart and the days of the last 30, and the company's own edit.
    await page.goto(`${demo.baseUrl}/manage/cannabis-company/${COMPANY}/stock-history`, { waitUntil: 'networkidle' });
    await page.getByRole('img', { name: /בתי מרקחת עם מלאי/ }).waitFor();
    const days = page.getByRole('table', { name: 'המלאי יום אחר יום' });
    expect(await days.getByRole('row').count()).toBeGreaterThanOrEqual(30);
    // React Aria's tables are grids (rows that take the keyboard).
    await page.getByRole('grid', { name: 'עדכוני מצב האספקה שדיווחה החברה' }).getByRole('row').filter({ hasText: product.name }).first().waitFor();
    await expectAxeClean(page, 'stock history');

    // The stock report: the page, and the same rows in the CSV and the Excel file.
    await page.getByRole('link', { name: 'דוח מלאי' }).click();
    const table = page.getByRole('grid', { name: 'הצעות מוצרי החברה בבתי המרקחת' });
    await table.waitFor();
    const report = await asStaff<StockReportPage>('/stock-report');
    const csv = await download(page, 'הורדה כ-CSV');
    expect(csv.name).toMatch(/^stock-report-greenmed-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(csv.bytes.toString('utf8'), { bom: true }) as string[][];
    expect(rows.length - 1).toBe(report.total);
    for (const [i, row] of report.rows.slice(0, 10).entries()) {
      expect(rows[i + 1].slice(0, 5)).toEqual([row.productName, row.pharmName, row.city, row.district, row.inStock ? 'כן' : 'לא']);
    }
    const firstShown = await table.getByRole('row').nth(1).textContent();
    expect(firstShown).toContain(report.rows[0].pharmName);
    expect(firstShown).toContain(report.rows[0].productName);
    const xlsx = await download(page, 'הורדה כ-Excel');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    expect(sheet.rowCount - 1).toBe(report.total);
    expect(sheet.getRow(2).getCell(2).value).toBe(report.rows[0].pharmName);
    await expectAxeClean(page, 'stock report');
  }, 180_000);

  it('staff of a company without the report flag see no report link, and the report answers not found; a patient is signed out and sent home', async () => {
    const { page } = web;
    await signInFromHeader(page, 'company@medcanna.local', 'demo-company', demo.baseUrl);
    await page.goto(`${demo.baseUrl}/manage/cannabis-company/galil-fields`, { waitUntil: 'networkidle' });
    await page.locator('.bo-stats').waitFor();
    expect(await page.getByRole('link', { name: 'מלאי', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'דוח מלאי' }).count()).toBe(0);
    await page.goto(`${demo.baseUrl}/manage/cannabis-company/galil-fields/stock-report`, { waitUntil: 'networkidle' });
    await page.getByText('הדוח אינו זמין לחברה זו').waitFor();
    await expectAxeClean(page, 'no report');

    await page.getByRole('button', { name: 'תפריט החשבון' }).click();
    await page.getByRole('button', { name: 'התנתקות' }).click();
    await page.getByRole('button', { name: 'התחברות' }).waitFor();
    await signInFromHeader(page, 'patient@medcanna.local', 'demo-patient', demo.baseUrl);
    await page.goto(`${demo.baseUrl}/manage/cannabis-company/${COMPANY}`);
    await page.waitForURL(`${demo.baseUrl}/`);
    await page.getByRole('button', { name: 'התחברות' }).waitFor();
  }, 120_000);
});
