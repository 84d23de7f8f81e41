/**
 * Browser test of what a patient finds after ordering: an order placed (through the API, as /order does) at two
 * pharmacies for pickup, /order/completed with one summary per pharmacy and the documents upload (the form's own
 * checks first, then the three files), and both orders in /user/orders with their dialog and no second upload;
 * the latest orders on /user.
 */
import { Messages, type OrdersBatch } from '@mc/contracts';
import { myOrderRows } from './account-steps';
import { GATEWAY_URL, screenshotBothWidths, useBrowser } from './browser';
import { api, encryptIdNumber, inStockOffers, newAccount } from './api';
import { sendDocuments } from './documents';

describe('web: after ordering, /order/completed and /user/orders', () => {
  const web = useBrowser();
  const email = `e2e-orders-web-${Date.now()}@example.co.il`;
  const password = 'a good secret';
  let jwt: string;
  let batch: OrdersBatch;

  beforeAll(async () => {
    const [first, second] = await Promise.all([inStockOffers('merkaz-tel-aviv'), inStockOffers('layla-haifa')]).then(([a, b]) => [a[0], b[0]]);
    jwt = await newAccount(email, password);
    await api('/api/cart', { method: 'PUT', token: jwt, body: { cartItems: [{ pharmProductId: first.id, amount: 1 }, { pharmProductId: second.id, amount: 2 }] } });
    batch = await api<OrdersBatch>('/api/orders', {
      method: 'POST',
      token: jwt,
      body: {
        firstName: 'רות',
        lastName: 'כהן',
        phone: '052-7654321',
        email,
        agreeTOU: true,
        agreeDisclaimer: true,
        selectedPickup: ['merkaz-tel-aviv', 'layla-haifa'],
        encryptedPii: await encryptIdNumber('000000018', jwt),
      },
    });
    expect(batch.orders).toHaveLength(2);
  });

  it('shows the order received, uploads the documents, and lists both orders', async () => {
    const { page } = web;
    await page.context().addCookies([{ name: 'token', value: jwt, url: GATEWAY_URL }]);

    // Without the batch /order leaves in the tab, the page has nothing to show: /cart.
    await page.goto(`${GATEWAY_URL}/order/completed`, { waitUntil: 'networkidle' });
    await page.waitForURL((url) => url.pathname === '/cart');

    await page.evaluate((uid) => sessionStorage.setItem('mc.lastOrderBatch', uid), batch.uid);
    await page.goto(`${GATEWAY_URL}/order/completed`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'ההזמנה התקבלה' }).waitFor({ state: 'visible' });
    await page.getByRole('note').getByText('בית המרקחת יבדוק אותה ויאשר אותה', { exact: false }).waitFor({ state: 'visible' });
    for (const order of batch.orders) {
      const summary = page.getByRole('article', { name: `הזמנה מספר ${order.id}` });
      await summary.getByRole('heading', { name: order.pharm.name }).waitFor({ state: 'visible' });
      await summary.getByText('איסוף עצמי מבית המרקחת').waitFor({ state: 'visible' });
    }
    await screenshotBothWidths(page, 'order-completed');

    // The form's own checks come first: nothing chosen, then a file that is not an image or a PDF.
    await page.getByRole('button', { name: 'שליחת המסמכים' }).click();
    await page.getByText(Messages.documentIdRequired).waitFor({ state: 'visible' });
    await page.getByLabel('תעודת זהות').setInputFiles({ name: 'id.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
    await page.getByText(Messages.documentWrongType).waitFor({ state: 'visible' });
    await sendDocuments(page);

    const rows = await myOrderRows(page, batch.orders);
    for (const [i, order] of batch.orders.entries()) {
      // Documents are on their way or delivered: no second upload.
      expect(await rows[i].getByRole('button', { name: `צירוף מסמכים להזמנה ${order.id}` }).count()).toBe(0);
    }
    await screenshotBothWidths(page, 'user-orders');

    const [first] = batch.orders;
    await page.getByRole('button', { name: `צפייה בהזמנה ${first.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `הזמנה מספר ${first.id}` });
    await dialog.getByRole('rowheader', { name: first.items[0].name }).waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: 'סגירה' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'חיפוש הזמנה' }).fill(String(first.id));
    // The router keeps a search that looks like a number as a JSON string in the address (?search=%2212%22).
    const searched = (url: URL) => url.searchParams.get('search')?.replace(/^"(.*)"$/, '$1');
    await page.waitForURL((url) => searched(url) === String(first.id));
    await page.getByRole('rowheader', { name: String(batch.orders[1].id), exact: true }).waitFor({ state: 'detached' });

    await page.goto(`${GATEWAY_URL}/user`, { waitUntil: 'networkidle' });
    const recent = page.getByRole('region', { name: 'הזמנות אחרונות' });
    for (const order of batch.orders) await recent.getByText(`הזמנה מספר ${order.id}`).waitFor({ state: 'visible' });
  }, 60_000);
});
