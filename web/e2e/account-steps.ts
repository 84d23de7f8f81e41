/** Steps of a patient's account the browser tests take again and again. */
import type { Locator, Page } from 'playwright-core';
import { GATEWAY_URL } from './browser';

/** Opens the home page of `base`, signs in from the header's dialog, and waits for the account menu. */
export async function signInFromHeader(page: Page, email: string, password: string, base = GATEWAY_URL): Promise<void> {
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'התחברות' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('דוא״ל').fill(email);
  await dialog.getByLabel('סיסמה').fill(password);
  await dialog.getByRole('button', { name: 'התחברות' }).click();
  await page.getByRole('button', { name: 'תפריט החשבון' }).waitFor({ state: 'visible' });
}

/** Signs in with an e-mail and password in the open sign-in dialog, and waits for its success. */
export async function signInInDialog(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByLabel('דוא״ל').fill(email);
  await dialog.getByLabel('סיסמה').fill(password);
  await dialog.getByRole('button', { name: 'התחברות' }).click();
  await dialog.getByText('התחברת בהצלחה').waitFor({ state: 'visible' });
}

/** Follows the link to 'ההזמנות שלי' and answers the row of each order, once shown with its pharmacy's name. */
export async function myOrderRows(page: Page, orders: { id: number; pharm: { name: string } }[]): Promise<Locator[]> {
  await page.getByRole('link', { name: 'להזמנות שלי' }).click();
  await page.waitForURL((url) => url.pathname === '/user/orders');
  const rows: Locator[] = [];
  for (const order of orders) {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(order.id), exact: true }) });
    await row.getByText(order.pharm.name).waitFor({ state: 'visible' });
    rows.push(row);
  }
  return rows;
}
