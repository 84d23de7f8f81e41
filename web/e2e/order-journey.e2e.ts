/**
 * Issue 14's browser journey, as a new patient goes through it: a guest fills a cart from two pharmacies (פארם הים,
 * yam-eilat, delivering all the country from 300 ₪; מרכז, merkaz-tel-aviv, picked up), signs in from the cart,
 * applies the new-customers coupon WELCOME10 (merkaz), fills the order's details, asks for delivery from yam-eilat to
 * a new address found with the address search and pickup at merkaz, sees yam-eilat's ShippingMinPricing reject (one
 * item of 219 ₪), clears it through the reject's 'add products' way out (a second product from the pharmacy's page),
 * places the order (each pharmacy with notes of its own), lands on /order/completed, sends the three documents and
 * finds both orders in /user/orders.
 * The local mailbox then holds each pharmacy's new order and its documents (the three files named) and the
 * patient's confirmation naming both orders.
 */
import { Messages, type OrdersBatch, type PharmProduct } from '@mc/contracts';
import type { Page } from 'playwright-core';
import { myOrderRows, signInInDialog } from './account-steps';
import { fromMailbox, GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';
import { api, inStockOffers, newAccount } from './api';
import { sendDocuments } from './documents';

const YAM = 'yam-eilat';
const MERKAZ = 'merkaz-tel-aviv';
const ID_NUMBER = '039337423';

const productCard = (page: Page, offer: PharmProduct) =>
  page.locator('.pharm-product-card').filter({ has: page.locator(`a[href="/pharms/${offer.pharm.slug}/products/${offer.pharmProductId}"]`) });

/** At a phone's 390 px nothing pushes the page sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { width, scrollWidth } = await page.evaluate(() => ({ width: document.documentElement.clientWidth, scrollWidth: document.documentElement.scrollWidth }));
  expect({ what, scrollWidth }).toEqual({ what, scrollWidth: width });
}

/**
 * Tabs through the page from its title until `last` has the focus: answers the names of the controls the keyboard
 * reached, each of them inside the page's width (a control pushed off the side could not be seen when focused).
 */
async function tabUntil(page: Page, last: string): Promise<string[]> {
  // A click on the page's title puts the keyboard's starting point at the top of the content.
  await page.locator('h1').first().click();
  const reached: string[] = [];
  for (let i = 0; i < 120 && reached.at(-1) !== last; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
      const box = el.getBoundingClientRect();
      return {
        name: (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim(),
        left: box.left,
        right: box.right,
        width: document.documentElement.clientWidth,
      };
    });
    if (!focused) continue;
    expect({ name: focused.name, inside: focused.left >= 0 && focused.right <= focused.width + 1 }).toEqual({ name: focused.name, inside: true });
    reached.push(focused.name);
  }
  return reached;
}

describe('web: the order journey of a new patient (issue 14)', () => {
  const web = useBrowser();
  const email = `e2e-journey-${Date.now()}@example.co.il`;
  const password = 'a good secret';
  let jwt: string;
  let yamFirst: PharmProduct;
  let yamSecond: PharmProduct;
  let merkazOffer: PharmProduct;

  beforeAll(async () => {
    const [yam, merkaz] = await Promise.all([inStockOffers(YAM), inStockOffers(MERKAZ)]);
    // yam-eilat's dr-green-t20-c4 (219 ₪) alone is under its 300 ₪ minimum; its balance-t10-c10 (215 ₪ as seeded;
    // another suite may have lowered it) clears it, the two staying under the 800 ₪ of free delivery (35 ₪ below it).
    yamFirst = yam.find((o) => o.product.slug === 'dr-green-t20-c4')!;
    yamSecond = yam.find((o) => o.product.slug === 'balance-t10-c10')!;
    merkazOffer = merkaz[0];
    expect(yamFirst.totalPrice).toBeLessThan(300);
    expect(yamFirst.totalPrice + yamSecond.totalPrice).toBeGreaterThanOrEqual(300);
    expect(yamFirst.totalPrice + yamSecond.totalPrice).toBeLessThan(800);
    jwt = await newAccount(email, password, { firstName: 'מאיה', lastName: 'פרץ' });
  });

  /** Step 1 of /order: the name and e-mail come from the account; the phone, the ID number and the two agreements. */
  async function fillDetails(page: Page) {
    await page.getByRole('heading', { name: '1. פרטים אישיים' }).waitFor({ state: 'visible' });
    expect(await page.getByLabel('דוא״ל').inputValue()).toBe(email);
    expect(await page.getByLabel('שם פרטי').inputValue()).toBe('מאיה');
    await page.getByLabel('טלפון').fill('0521234567');
    await page.getByLabel('מספר תעודת זהות').fill(ID_NUMBER);
    // The ID number opens a phone's number keypad; each pharmacy's order gets notes of its own.
    expect(await page.getByLabel('מספר תעודת זהות').getAttribute('inputmode')).toBe('numeric');
    await page.getByLabel(`הערות להזמנה מ${yamFirst.pharm.name} (לא חובה)`).fill('לצלצל באינטרקום');
    await page.getByLabel(`הערות להזמנה מ${merkazOffer.pharm.name} (לא חובה)`).fill('אאסוף אחרי 17:00');
    await page.getByLabel(/לתנאי השימוש של האתר/).check();
    await page.getByLabel('אני מוותר/ת על ייעוץ רוקחי לפני ההזמנה').check();
    await page.getByRole('button', { name: 'המשך', exact: true }).click();
    await page.getByRole('heading', { name: '2. איסוף או משלוח' }).waitFor({ state: 'visible' });
  }

  /** Step 2: pickup at merkaz; delivery from yam-eilat to a new address chosen from the address search's suggestions. */
  async function chooseShipment(page: Page) {
    await page.getByRole('group', { name: `הזמנה מ${merkazOffer.pharm.name}` }).getByLabel('איסוף עצמי').check();
    await page.getByRole('group', { name: `הזמנה מ${yamFirst.pharm.name}` }).getByLabel('משלוח', { exact: true }).check();
    const field = page.getByRole('combobox', { name: 'כתובת (רחוב ועיר)' });
    await field.pressSequentially('יפו 20 ירוש', { delay: 40 });
    await page.getByRole('listbox', { name: 'כתובות מוצעות' }).getByRole('option', { name: 'יפו 20, ירושלים' }).click();
    expect(await field.inputValue()).toBe('יפו 20, ירושלים');
    expect(await page.getByLabel('מספר בית').inputValue()).toBe('20');
    await page.getByLabel('קומה').fill('2');
  }

  it('a guest fills a cart, signs in, applies a coupon, orders with delivery and pickup, sends the documents, and finds the orders', async () => {
    const { page } = web;
    const yam = () => page.getByRole('group', { name: `הזמנה מ${yamFirst.pharm.name}` });

    // A guest fills a cart from two pharmacies.
    await page.goto(`${GATEWAY_URL}/pharms/${YAM}/products/${yamFirst.id}`, { waitUntil: 'networkidle' });
    await page.locator('.add-to-cart-button').click();
    await page.locator('.add-to-cart-button.is-added').waitFor({ state: 'visible' });
    await page.goto(`${GATEWAY_URL}/pharms/${MERKAZ}/products/${merkazOffer.id}`, { waitUntil: 'networkidle' });
    await page.locator('.add-to-cart-button').click();
    await page.locator('.add-to-cart-button.is-added').waitFor({ state: 'visible' });
    await page.locator('header a.cart-link').click();
    await page.waitForURL(/\/cart$/);
    await page.locator('section.cart-group').nth(1).waitFor({ state: 'visible' });

    // Continue to order: the sign-in dialog; signed in, still on /cart with the same two pharmacies.
    await page.getByRole('button', { name: 'המשך להזמנה' }).click();
    const dialog = page.getByRole('dialog');
    await signInInDialog(dialog, email, password);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/cart');
    // The cookie's items went to the server cart, and the cookie was emptied.
    await page.waitForFunction(() => !document.cookie.split('; ').some((c) => c.startsWith('cart=')));
    expect(await page.locator('header a.cart-link').getAttribute('aria-label')).toBe('סל הקניות, 2 פריטים');

    // The coupon box (signed in): WELCOME10, merkaz's coupon for new customers.
    await page.getByLabel('קוד קופון').fill('WELCOME10');
    await page.getByRole('button', { name: 'הפעלה' }).click();
    await page.getByRole('status').filter({ hasText: Messages.couponValid }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'הסרת הקופון WELCOME10' }).waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'journey-cart-coupon');

    // /order: details, then delivery from yam-eilat to a new address and pickup at merkaz.
    await page.getByRole('button', { name: 'המשך להזמנה' }).click();
    await page.waitForURL(/\/order$/);
    await fillDetails(page);
    await chooseShipment(page);

    // One item of 219 ₪ is under yam-eilat's minimum for delivery: the reject and its ways out.
    const reject = yam().getByRole('alert');
    await reject.getByText(`ל${yamFirst.pharm.name} יש מינימום הזמנה במשלוח`, { exact: false }).waitFor({ state: 'visible' });
    expect(await reject.textContent()).toContain('300');
    await reject.getByRole('button', { name: 'בחירת איסוף עצמי' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'ביצוע הזמנה' }).isDisabled()).toBe(true);
    // A delivery refused has no price: the summary does not call it free.
    expect(await page.getByRole('complementary', { name: 'סיכום הזמנה' }).getByText('משלוח חינם').count()).toBe(0);
    await screenshotBothWidths(page, 'journey-min-pricing');

    // Its 'add products' way out: the pharmacy's page (leaving the filled form is confirmed), a second product.
    page.once('dialog', (prompt) => void prompt.accept());
    await reject.getByRole('link', { name: 'הוספת מוצרים מבית המרקחת' }).click();
    await page.waitForURL((url) => url.pathname === `/pharms/${YAM}`);
    const card = productCard(page, yamSecond);
    await card.locator('.add-to-cart-button').click();
    await card.locator('.add-to-cart-button.is-added').waitFor({ state: 'visible' });

    // Back through the cart (the coupon still applied) to /order: now yam-eilat delivers, at 35 ₪.
    await page.locator('header a.cart-link').click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('button', { name: 'הסרת הקופון WELCOME10' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'המשך להזמנה' }).click();
    await page.waitForURL(/\/order$/);
    await fillDetails(page);
    await chooseShipment(page);
    await yam().getByText('דמי משלוח').waitFor({ state: 'visible' });
    expect(await yam().textContent()).toContain('35');
    await page.getByRole('group', { name: `הזמנה מ${merkazOffer.pharm.name}` }).getByText('איסוף עצמי מבית המרקחת').waitFor({ state: 'visible' });
    await expectNoSidewaysScroll(page, '/order');
    expect(await tabUntil(page, 'ביצוע הזמנה')).toEqual(expect.arrayContaining(['עריכת הפרטים האישיים', 'איסוף עצמי', 'משלוח', 'כתובת (רחוב ועיר)', 'קומה', 'ביצוע הזמנה']));
    const place = page.getByRole('button', { name: 'ביצוע הזמנה' });
    await place.and(page.locator(':enabled')).waitFor({ state: 'visible' });
    await screenshotBothWidths(page, 'journey-order-ready');
    await place.click();

    // /order/completed: one summary per pharmacy.
    await page.waitForURL(/\/order\/completed\?batch=[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'ההזמנה התקבלה' }).waitFor({ state: 'visible' });
    const uid = await page.evaluate(() => sessionStorage.getItem('mc.lastOrderBatch'));
    const batch = await api<OrdersBatch>(`/api/orders/batches/${uid}`, { token: jwt });
    const yamOrder = batch.orders.find((o) => o.pharm.slug === YAM)!;
    const merkazOrder = batch.orders.find((o) => o.pharm.slug === MERKAZ)!;
    expect(batch.orders).toHaveLength(2);
    expect(yamOrder).toMatchObject({ pickup: false, productsCount: 2, shippingCostTotalPrice: 35, address: { address: 'יפו 20, ירושלים', houseNumber: '20', floor: 2 } });
    expect(merkazOrder).toMatchObject({ pickup: true, productsCount: 1, shippingCostTotalPrice: 0, discounts: [expect.objectContaining({ code: 'WELCOME10' })] });
    expect(merkazOrder.cartCostDiscountsTotalAmount).toBeGreaterThan(0);
    expect([yamOrder.notes, merkazOrder.notes]).toEqual(['לצלצל באינטרקום', 'אאסוף אחרי 17:00']);
    for (const order of batch.orders) {
      await page.getByRole('article', { name: `הזמנה מספר ${order.id}`, exact: true }).getByRole('heading', { name: order.pharm.name }).waitFor({ state: 'visible' });
    }
    await page.getByRole('article', { name: `הזמנה מספר ${yamOrder.id}`, exact: true }).getByText('משלוח לכתובת: יפו 20, ירושלים, קומה 2').waitFor({ state: 'visible' });
    await page.getByRole('article', { name: `הזמנה מספר ${merkazOrder.id}`, exact: true }).getByText('WELCOME10', { exact: false }).waitFor({ state: 'visible' });
    await expectNoSidewaysScroll(page, '/order/completed');
    expect(await tabUntil(page, 'שליחת המסמכים')).toEqual(expect.arrayContaining(['תעודת זהות', 'רישיון קנאביס', 'מרשם בתוקף', 'שליחת המסמכים']));
    await screenshotBothWidths(page, 'journey-completed');

    // The documents: an ID card (PNG), a licence and a prescription (PDF).
    await sendDocuments(page);

    // Both orders in /user/orders.
    await myOrderRows(page, batch.orders);
    await screenshotBothWidths(page, 'journey-user-orders');

    // The mailbox: each pharmacy its new order and its documents, the patient the confirmation of both.
    for (const order of [yamOrder, merkazOrder]) {
      const to = `אל: orders@${order.pharm.slug}.pharm.test`;
      await fromMailbox(page, `the new order #${order.id} at ${order.pharm.slug}`, { has: [`<h2>הזמנה חדשה #${order.id}</h2>`, to], match: /(הזמנה חדשה)/ }, 30_000);
      const files = await fromMailbox(page, `the documents of #${order.id} at ${order.pharm.slug}`, {
        has: [`<h2>מסמכים להזמנה #${order.id}</h2>`, to],
        match: /קבצים מצורפים: (.*?)<\/p>/,
      }, 30_000);
      expect(files.replace(/<\/?bdi>/g, '').split(', ')).toEqual(['idDocument.png', 'licenseDocument.pdf', 'prescriptionDocument.pdf']);
    }
    const confirmation = await fromMailbox(page, "the patient's confirmation", { has: [`אל: ${email}`], match: /<h2>ההזמנה שלך התקבלה \(([^)]*)\)<\/h2>/ }, 30_000);
    expect(confirmation.split(', ').sort()).toEqual([`#${merkazOrder.id}`, `#${yamOrder.id}`].sort());
  }, 120_000);
});
