/**
 * Browser test of the back office's announcements, run by the root Jest e2e config against the whole stack: the
 * owner of merkaz-tel-aviv (pharmacist@medcanna.local) makes an announcement, sees it on the public pharmacy page,
 * unpublishes it and sees it gone, then deletes it. Whatever it made is removed after it.
 */
import { BusinessMessages, type BusinessAnnouncementsPage } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { api } from './api';
import { DESKTOP, GATEWAY_URL, screenshotBothWidths, useBrowser, WIDTHS } from './browser';

const PHARM = 'merkaz-tel-aviv';
const MANAGE = `${GATEWAY_URL}/business/${PHARM}/announcements`;

/** Every announcement the public pharmacy page turns through (one is shown at a time). */
async function publicAnnouncements(page: Page): Promise<string[]> {
  await page.goto(`${GATEWAY_URL}/pharms/${PHARM}`, { waitUntil: 'networkidle' });
  await page.locator('h1').waitFor({ state: 'visible' });
  const section = page.getByRole('region', { name: 'הודעות בית המרקחת' });
  if (!(await section.count())) return [];
  const seen: string[] = [];
  const text = section.locator('.announcement-text');
  const next = section.getByRole('button', { name: 'ההודעה הבאה' });
  for (;;) {
    const shown = (await text.textContent())?.trim() ?? '';
    if (seen.includes(shown) || !(await next.count())) return seen.includes(shown) ? seen : [...seen, shown];
    seen.push(shown);
    await next.click();
  }
}

describe('web: announcements in the back office', () => {
  const web = useBrowser({ viewport: DESKTOP });
  const tag = `e2e-${Date.now().toString(36)}`;
  const name = `הכרזה ${tag}`;
  const content = `מבצע סוף שבוע ${tag}`;
  let jwt: string;

  beforeAll(async () => {
    ({ jwt } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } }));
  });

  afterAll(async () => {
    const { announcements } = await api<BusinessAnnouncementsPage>(`/api/business/${PHARM}/announcements`, { token: jwt });
    for (const a of announcements.filter((x) => x.name.includes(tag))) {
      await api(`/api/business/${PHARM}/announcements/${a.id}`, { method: 'DELETE', token: jwt });
    }
  });

  const signedIn = async () => {
    await web.page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    return web.page;
  };

  it('creates an announcement, with spec §5 in the form, and the public page shows it', async () => {
    const page = await signedIn();
    await page.goto(MANAGE, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 2, name: 'הכרזות' }).waitFor({ state: 'visible' });

    await page.getByRole('button', { name: 'הכרזה חדשה' }).click();
    const dialog = page.getByRole('dialog', { name: 'יצירת הכרזה' });
    await dialog.waitFor({ state: 'visible' });
    // An owner does not choose the type (admins only); nothing changed yet, so nothing to save.
    expect(await dialog.getByText('סוג ההכרזה').count()).toBe(0);
    const save = dialog.getByRole('button', { name: 'שמירה' });
    expect(await save.isDisabled()).toBe(true);

    // Spec §5 in the form: a name is required, content is at most 90 characters (counted as typed).
    const nameField = dialog.getByLabel('שם ההכרזה');
    const contentField = dialog.getByLabel('תוכן ההכרזה');
    await contentField.fill('א'.repeat(91));
    await dialog.getByText('91/90').waitFor({ state: 'visible' });
    await save.click();
    await screenshotBothWidths(page, 'business-announcement-dialog');
    await dialog.getByText(BusinessMessages.announcementNameRequired).waitFor({ state: 'visible' });
    await dialog.getByText(BusinessMessages.announcementContentTooLong).waitFor({ state: 'visible' });

    await nameField.fill(name);
    await contentField.fill(content);
    await dialog.getByText(`${content.length}/90`).waitFor({ state: 'visible' });
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').getByText('ההכרזה נשמרה').waitFor({ state: 'visible' });
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor({ state: 'visible' });
    await row.getByText('מפורסמת', { exact: true }).waitFor({ state: 'visible' });

    await screenshotBothWidths(page, 'business-announcements');

    expect(await publicAnnouncements(page)).toContain(content);
  });

  it('unpublishes it in the edit dialog (?editPharmAnnouncement), and the public page no longer shows it', async () => {
    const page = await signedIn();
    await page.goto(MANAGE, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `עריכה: ${name}` }).click();
    await page.waitForURL(/editPharmAnnouncement=\d+/);
    const edit = page.getByRole('dialog', { name: 'עריכת הכרזה' });
    await edit.getByLabel('שם ההכרזה').waitFor({ state: 'visible' });
    expect(await edit.getByLabel('שם ההכרזה').inputValue()).toBe(name);
    const published = edit.getByRole('checkbox', { name: 'מפורסמת' });
    expect(await published.isChecked()).toBe(true);
    await edit.getByText('מפורסמת', { exact: true }).click();
    expect(await published.isChecked()).toBe(false);
    await edit.getByRole('button', { name: 'שמירה' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => !url.search.includes('editPharmAnnouncement'));
    await page.getByRole('row', { name: new RegExp(name) }).getByText('לא מפורסמת').waitFor({ state: 'visible' });

    expect(await publicAnnouncements(page)).not.toContain(content);
  });

  it('deletes it after the confirmation', async () => {
    const page = await signedIn();
    await page.goto(MANAGE, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `מחיקה: ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: BusinessMessages.confirmDelete });
    await confirm.waitFor({ state: 'visible' });
    await confirm.getByRole('button', { name: 'מחיקה' }).click();
    await page.getByRole('status').getByText('ההכרזה נמחקה').waitFor({ state: 'visible' });
    await page.getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' });
  });
});

describe.each(WIDTHS)('web: an ended announcement in the back office at $width px (issue 26)', (viewport) => {
  const web = useBrowser({ viewport });
  const tag = `e2e-ended-${viewport.width}-${Date.now().toString(36)}`;
  let jwt: string;

  beforeAll(async () => {
    ({ jwt } = await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' } }));
    const day = 24 * 3600_000;
    // Published, but its end passed yesterday: the public page no longer shows it.
    await api(`/api/business/${PHARM}/announcements`, {
      method: 'POST',
      token: jwt,
      body: { name: `הכרזה ${tag}`, content: `נגמר ${tag}`, published: true, startDate: new Date(Date.now() - 10 * day).toISOString(), endDate: new Date(Date.now() - day).toISOString() },
    });
  });

  afterAll(async () => {
    const { announcements } = await api<BusinessAnnouncementsPage>(`/api/business/${PHARM}/announcements`, { token: jwt });
    for (const a of announcements.filter((x) => x.name.includes(tag))) {
      await api(`/api/business/${PHARM}/announcements/${a.id}`, { method: 'DELETE', token: jwt });
    }
  });

  it("says 'הסתיימה', not 'מפורסמת'", async () => {
    const { page } = web;
    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);
    await page.goto(MANAGE, { waitUntil: 'networkidle' });
    const row = page.getByRole('row', { name: new RegExp(tag) });
    await row.waitFor({ state: 'visible' });
    await row.getByText('הסתיימה', { exact: true }).waitFor({ state: 'visible' });
    expect(await row.getByText('מפורסמת', { exact: true }).count()).toBe(0);
    expect(await publicAnnouncements(page)).not.toContain(`נגמר ${tag}`);
  });
});
