/**
 * Issue 30 in the browser: the operator's console end to end. The admin onboards a pharmacy (hidden from patients) and
 * invites its owner by e-mail; the owner follows the invitation, signs up, activates and adds an offer in the back office;
 * the admin makes the pharmacy live and a patient finds the offer on the product page; the admin suspends it and it
 * leaves every public answer within a second; the admin blocks the patient, whose next call is refused and whose
 * sign-in shows 'המשתמש נחסם. אנא פנה למנהל המערכת.'; every step is on the record. Three people, three browser
 * contexts. Then the console's pages at 390 and 1280 px: no sideways overflow, axe clean.
 */
import { Messages, type AuditPage, type BusinessProductInfo, type ComparisonResponse, type ManagedUsersPage } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { signInFromHeader } from './account-steps';
import { api, newAccount } from './api';
import { seriousViolations } from './axe';
import { DESKTOP, fromMailbox, GATEWAY_URL, screenshotBothWidths, useBrowser, WIDTHS } from './browser';
import { horizontalOverflow } from './overflow';

const ADMIN = { email: 'admin@medcanna.local', password: 'demo-admin' };
/** Spec: a change reaches the public pages within a second. */
const WITHIN_MS = 1000;
const run = Date.now().toString(36);
const SLUG = `console-${run}`;
const PHARM_NAME = `בית המרקחת החדש של הקונסולה לבדיקות מקצה לקצה ${run}`;
const OWNER = { email: `owner-${run}@example.co.il`, password: 'owner secret 1' };
const PATIENT = { email: `patient-${run}@example.co.il`, password: 'patient secret 1' };

/** Polls `check` until it holds or `ms` pass; answers how long it took (or throws naming `what`). */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${what} did not happen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectClean(page: Page, what: string) {
  expect({ what, violations: await seriousViolations(page) }).toEqual({ what, violations: [] });
  expect({ what, overflow: await horizontalOverflow(page) }).toEqual({ what, overflow: [] });
}

const adminToken = () => api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: ADMIN }).then((r) => r.jwt);

describe("web: the operator's console (issue 30)", () => {
  const web = useBrowser({ viewport: DESKTOP });

  it('onboards a pharmacy, its invited owner adds an offer, live then suspended, a patient blocked, all on the record', async () => {
    const admin = web.page;
    const owner = await web.newPage({ viewport: DESKTOP });
    const patient = await web.newPage({ viewport: DESKTOP });
    const patientToken = await newAccount(PATIENT.email, PATIENT.password, { firstName: 'גלית', lastName: 'מטופלת' });

    // 1. The admin onboards the pharmacy: the address from the address search, hidden until live.
    await signInFromHeader(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`${GATEWAY_URL}/manage/pharm`, { waitUntil: 'networkidle' });
    await admin.getByRole('link', { name: 'הוספת בית מרקחת' }).click();
    await admin.waitForURL((url) => url.pathname === '/manage/pharm/new');
    await admin.getByLabel('שם בית המרקחת').fill(PHARM_NAME);
    await admin.getByLabel('כתובת בדף (באנגלית)').fill(SLUG);
    await admin.getByLabel('מספר רישיון').fill('12-34567');
    await admin.getByLabel(/^טלפון/).fill('04-8123456');
    await admin.getByRole('combobox', { name: /^כתובת/ }).fill('הרצל 12, חיפה');
    await admin.getByRole('option', { name: 'הרצל 12, חיפה' }).first().click();
    await admin.getByRole('button', { name: 'יצירת בית המרקחת' }).click();
    await admin.waitForURL((url) => url.pathname === `/manage/pharm/${SLUG}`);
    await admin.getByRole('heading', { level: 1, name: PHARM_NAME }).waitFor({ state: 'visible' });
    expect((await fetch(`${GATEWAY_URL}/api/pharms/${SLUG}`, { headers: { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': 'mc-local-web-key' } })).status).toBe(404);

    // 2. Its owner by e-mail: no account yet, so an invitation.
    await admin.getByLabel('דוא״ל של המשתמש').fill(OWNER.email);
    await admin.getByRole('button', { name: 'הוספת חבר' }).click();
    await admin.getByText(`נשלחה הזמנה אל ${OWNER.email}`).waitFor({ state: 'visible' });
    await admin.getByRole('row', { name: new RegExp(OWNER.email) }).getByText('הוזמן').waitFor({ state: 'visible' });

    // 3. The owner: the invitation in the mailbox, sign-up with that address, the activation link, the back office.
    await fromMailbox(owner, `the invitation to ${OWNER.email}`, { has: [OWNER.email, PHARM_NAME], match: /href="([^"]+)"/ });
    await owner.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'התחברות' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByRole('button', { name: 'אין לך חשבון? להרשמה' }).click();
    await dialog.getByLabel('שם פרטי').fill('אלון');
    await dialog.getByLabel('שם משפחה').fill('בעלים');
    await dialog.getByLabel('דוא״ל').fill(OWNER.email);
    await dialog.getByLabel('סיסמה').fill(OWNER.password);
    await dialog.getByRole('checkbox', { name: /תנאי השימוש/ }).check();
    await dialog.getByRole('button', { name: 'הרשמה' }).click();
    await dialog.getByText('שלחנו אליך הודעת דוא״ל').waitFor({ state: 'visible' });
    const activation = await fromMailbox(owner, `the activation e-mail to ${OWNER.email}`, { has: [OWNER.email], match: /href="([^"]*\/auth\/verify-email[^"]*)"/ });
    // The e-mail links to the public address (PUBLIC_URL): the same link on this stack's own address keeps one cookie jar.
    await owner.goto(activation.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, GATEWAY_URL));
    await owner.waitForURL((url) => url.pathname === '/');
    await owner.getByRole('button', { name: 'תפריט החשבון' }).click();
    await owner.getByRole('link', { name: PHARM_NAME }).click();
    await owner.waitForURL((url) => url.pathname === `/business/${SLUG}`);
    await owner.getByText('בית המרקחת בהקמה ואינו מוצג עדיין למטופלים').waitFor({ state: 'visible' });

    const ownerToken = (await api<{ jwt: string }>('/api/auth/signin', { method: 'POST', body: OWNER })).jwt;
    const options = await api<{ products: BusinessProductInfo[] }>(`/api/business/${SLUG}/product-options`, { token: ownerToken });
    const chosen = options.products.find((p) => p.estimatedPrice !== null && p.info.engName.trim().length > 3)!;
    await owner.goto(`${GATEWAY_URL}/business/${SLUG}/products`, { waitUntil: 'networkidle' });
    await owner.getByRole('button', { name: 'הוספת מוצר' }).click();
    const picker = owner.getByRole('dialog', { name: 'בחירת מוצר מהקטלוג' });
    await picker.getByRole('searchbox').fill(chosen.info.engName);
    const option = picker.getByRole('row', { name: chosen.info.hebName || chosen.name }).first();
    await option.getByRole('button', { name: 'בחירה' }).click();
    const createForm = owner.getByRole('dialog', { name: 'הוספת מוצר' });
    await createForm.getByLabel('מחיר (₪)').fill('123');
    await createForm.getByRole('button', { name: 'שמירה' }).click();
    await owner.getByRole('status').filter({ hasText: 'המוצר נוסף בהצלחה' }).waitFor({ state: 'visible' });
    const offered = async () => (await api<ComparisonResponse>(`/api/products/${chosen.slug}/pharm-products`)).offers.some((o) => o.pharm.slug === SLUG);
    expect(await offered()).toBe(false); // still onboarding: nobody sees it

    // 4. The admin makes it live; the patient finds the offer on the product page.
    await admin.reload({ waitUntil: 'networkidle' });
    await admin.getByRole('button', { name: 'הפעלה' }).click();
    await admin.getByText('מצב בית המרקחת עודכן: פעיל').waitFor({ state: 'visible' });
    await within(WITHIN_MS, 'the live pharmacy on the comparison', offered);
    await patient.context().addCookies([{ name: 'token', value: patientToken, url: GATEWAY_URL }]);
    await patient.goto(`${GATEWAY_URL}/products/${chosen.slug}`, { waitUntil: 'networkidle' });
    await patient.getByText(PHARM_NAME).first().waitFor({ state: 'visible' });

    // 5. Suspended: gone from the pharmacy page, the comparison, the pharmacy list and the search within a second.
    await admin.getByRole('button', { name: 'השהיה' }).click();
    const confirm = admin.getByRole('alertdialog');
    const suspended = admin.waitForResponse((res) => res.url().endsWith(`/api/manage/pharms/${SLUG}`) && res.request().method() === 'PATCH');
    await confirm.getByRole('button', { name: 'השהיית בית המרקחת' }).click();
    expect((await suspended).status()).toBe(200);
    const gone = async () => {
      const [page, comparison, list, search] = await Promise.all([
        fetch(`${GATEWAY_URL}/api/pharms/${SLUG}`, { headers: { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': 'mc-local-web-key' } }).then((r) => r.status),
        offered(),
        api<{ pharms: { slug: string }[] }>(`/api/pharms?search=${encodeURIComponent(PHARM_NAME)}`).then((r) => r.pharms.some((p) => p.slug === SLUG)),
        api<{ pharms?: { slug: string }[] }>(`/api/search?text=${encodeURIComponent(PHARM_NAME.slice(0, 30))}`).then((r) => (r.pharms ?? []).some((p) => p.slug === SLUG)),
      ]);
      return page === 404 && !comparison && !list && !search;
    };
    await within(WITHIN_MS, 'the suspended pharmacy leaving every public answer', gone);
    await patient.reload({ waitUntil: 'networkidle' });
    expect(await patient.getByText(PHARM_NAME).count()).toBe(0);
    await admin.getByText('המצב כעת: מושהה').waitFor({ state: 'visible' });

    // 6. The admin blocks the patient: the next call is refused, and sign-in shows the spec's message.
    await admin.goto(`${GATEWAY_URL}/manage/user`, { waitUntil: 'networkidle' });
    await admin.getByRole('searchbox', { name: 'חיפוש משתמש' }).fill(PATIENT.email);
    await admin.waitForURL((url) => url.searchParams.get('search') === PATIENT.email);
    await admin.getByRole('link', { name: 'גלית מטופלת' }).click();
    await admin.getByRole('button', { name: 'חסימת המשתמש' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'כן, לחסום' }).click();
    await admin.getByText('חסום').first().waitFor({ state: 'visible' });
    await within(2000, "the patient's token refused", async () => (await fetch(`${GATEWAY_URL}/api/user`, {
      headers: { 'x-app-id': 'web', 'x-app-version': '0.1.0', 'x-api-key': 'mc-local-web-key', authorization: `Bearer ${patientToken}` },
    })).status === 401);
    await patient.context().clearCookies();
    await patient.goto(`${GATEWAY_URL}/`, { waitUntil: 'networkidle' });
    await patient.getByRole('button', { name: 'התחברות' }).click();
    const signIn = patient.getByRole('dialog');
    await signIn.getByLabel('דוא״ל').fill(PATIENT.email);
    await signIn.getByLabel('סיסמה').fill(PATIENT.password);
    await signIn.getByRole('button', { name: 'התחברות' }).click();
    await signIn.getByText(Messages.userDisabled).waitFor({ state: 'visible' });

    // 7. The admin opens the pharmacy's back office (on the record too), and the record holds every step, searchable.
    await admin.goto(`${GATEWAY_URL}/manage/pharm/${SLUG}`, { waitUntil: 'networkidle' });
    await admin.getByRole('link', { name: 'למשרד האחורי' }).click();
    await admin.getByText('בית המרקחת מושהה ואינו מוצג למטופלים').waitFor({ state: 'visible' });
    const token = await adminToken();
    const record = async (search: string) => (await api<AuditPage>(`/api/manage/audit?search=${encodeURIComponent(search)}`, { token })).entries.map((e) => e.action);
    await within(5000, "the back office's opening on the record", async () => (await record(SLUG)).includes('business.opened'));
    expect(await record(SLUG)).toEqual(expect.arrayContaining(['pharm.onboarded', 'member.invited', 'member.added', 'pharm.state-changed', 'business.opened']));
    expect((await record(SLUG)).filter((a) => a === 'pharm.state-changed')).toHaveLength(2);
    expect(await record(PATIENT.email)).toContain('user.blocked');
    await admin.goto(`${GATEWAY_URL}/manage/audit?search=${SLUG}`, { waitUntil: 'networkidle' });
    for (const label of ['הוספת בית מרקחת', 'הזמנת חבר לעסק', 'שינוי מצב בית מרקחת']) await admin.locator('table').getByText(label, { exact: true }).first().waitFor({ state: 'visible' });
    await screenshotBothWidths(admin, 'manage-audit');

    const { users } = await api<ManagedUsersPage>(`/api/manage/users?search=${encodeURIComponent(OWNER.email)}`, { token });
    const ownerAccount = await api<{ memberships: { slug: string }[]; role: string }>(`/api/manage/users/${users[0].id}`, { token });
    expect(ownerAccount).toMatchObject({ role: 'business_owner', memberships: [expect.objectContaining({ slug: SLUG })] });
  }, 120_000);
});

describe.each(WIDTHS)("web: the console's pages at $width px", (viewport) => {
  const web = useBrowser({ viewport });

  it('lists pharmacies, users and the record without overflow, axe clean', async () => {
    const { page } = web;
    await page.context().addCookies([{ name: 'token', value: await adminToken(), url: GATEWAY_URL }]);
    for (const [path, heading] of [['/manage/pharm', 'ניהול בתי מרקחת'], ['/manage/pharm/merkaz-tel-aviv', 'בית מרקחת מרכז העיר'], ['/manage/pharm/new', 'הוספת בית מרקחת'], ['/manage/user', 'ניהול משתמשים'], ['/manage/audit', 'יומן פעולות']]) {
      await page.goto(`${GATEWAY_URL}${path}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ state: 'visible' });
      await expectClean(page, `${path} at ${viewport.width}`);
    }
    const { users } = await api<ManagedUsersPage>('/api/manage/users?search=patient%40medcanna.local', { token: await adminToken() });
    await page.goto(`${GATEWAY_URL}/manage/user/${users[0].id}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'נועה לוי' }).waitFor({ state: 'visible' });
    await expectClean(page, `the user page at ${viewport.width}`);
  });
});
