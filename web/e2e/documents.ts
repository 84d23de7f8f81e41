/** The three documents of an order as a patient attaches them in the browser. */
import { Messages } from '@mc/contracts';
import type { Page } from 'playwright-core';

// A small real PNG (1×1) and a small real PDF, as a patient's scans would be (the gateway checks their content).
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Chooses an ID card (PNG), a licence and a prescription (PDF) in the page's documents form. */
export async function chooseDocuments(page: Page): Promise<void> {
  await page.getByLabel('תעודת זהות').setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('רישיון קנאביס').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByLabel('מרשם בתוקף').setInputFiles({ name: 'prescription.pdf', mimeType: 'application/pdf', buffer: PDF });
}

/** Chooses the three documents, sends them, and waits for the form's thanks. */
export async function sendDocuments(page: Page): Promise<void> {
  await chooseDocuments(page);
  await page.getByRole('button', { name: 'שליחת המסמכים' }).click();
  await page.getByText(Messages.documentsSubmitted).waitFor({ state: 'visible', timeout: 15_000 });
}
