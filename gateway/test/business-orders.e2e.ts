import { BUSINESS_PAGE_SIZE, BusinessMessages, Messages, type BusinessOrdersPage, type CheckoutPublicKey } from '@mc/contracts';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { api, fromMailbox } from './http';

// The back office's order routes through the gateway, against the whole stack and the demo accounts: a new patient's
// order at merkaz-tel-aviv (pharmacist@medcanna.local's pharmacy), read, searched, moved and its ID number read.

const send = (method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit => (body === undefined
  ? { method, headers }
  : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const MERKAZ = 'merkaz-tel-aviv';
const LAYLA = 'layla-haifa';
const VALID_ID = '123456782';

const signIn = async (email: string, password: string): Promise<string> => (await api('/api/auth/signin', send('POST', { email, password }))).body.jwt;

async function newPatient(): Promise<{ jwt: string; email: string }> {
  const email = `e2e-bo-orders-${Date.now()}@example.co.il`;
  expect((await api('/api/auth/signup', send('POST', { firstName: 'עדי', lastName: 'שמש', email, password: 'a good secret', agreeTOU: true }))).status).toBe(200);
  const pick = (a: string) => (a.includes(email) && a.includes('/auth/verify-email') ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined);
  const token = decodeURIComponent(await fromMailbox(`an activation e-mail to ${email}`, pick));
  expect((await api('/api/auth/activate', send('POST', { activationToken: token }))).status).toBe(200);
  return { jwt: await signIn(email, 'a good secret'), email };
}

describe('gateway: /api/business/{businessId}/orders', () => {
  const phoneDigits = `053${String(Date.now()).slice(-7)}`;
  let orderId: number;
  let owner: string;
  let otherOwner: string;
  let admin: string;
  let patient: string;

  beforeAll(async () => {
    const p = await newPatient();
    patient = p.jwt;
    const offers = (await api(`/api/pharms/${MERKAZ}/products?sortBy=price`)).body.pharmProducts.filter((o: { inStock: boolean }) => o.inStock);
    expect((await api('/api/cart', send('PUT', { cartItems: [{ pharmProductId: offers[0].id, amount: 1 }] }, bearer(patient)))).status).toBe(200);
    const key: CheckoutPublicKey = (await api('/api/checkout/public-key')).body;
    const ciphertext = publicEncrypt(
      { key: createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify({ idNumber: VALID_ID })),
    ).toString('base64');
    const placed = await api('/api/orders', send('POST', {
      firstName: 'עדי', lastName: 'שמש', phone: `${phoneDigits.slice(0, 3)}-${phoneDigits.slice(3)}`, email: p.email, agreeTOU: true, agreeDisclaimer: true,
      selectedPickup: [MERKAZ], encryptedPii: { keyId: key.keyId, ciphertext },
    }, bearer(patient)));
    expect(placed.status).toBe(201);
    orderId = placed.body.orders[0].id;
    [owner, otherOwner, admin] = await Promise.all([
      signIn('pharmacist@medcanna.local', 'demo-pharmacist'),
      signIn('pharmacist2@medcanna.local', 'demo-pharmacist2'),
      signIn('admin@medcanna.local', 'demo-admin'),
    ]);
  });

  it('lists the pharmacy\'s orders for its owner and an admin, searched by phone, and refuses everyone else', async () => {
    const list = await api(`/api/business/${MERKAZ}/orders?search=${phoneDigits}`, send('GET', undefined, bearer(owner)));
    expect(list.status).toBe(200);
    const page = list.body as BusinessOrdersPage;
    expect(page).toMatchObject({ total: 1, perPage: BUSINESS_PAGE_SIZE.orders, currentPage: 1 });
    expect(page.orders[0]).toMatchObject({ id: orderId, firstName: 'עדי', hasIdNumber: true, pickup: true });
    expect(list.headers.get('cache-control')).toContain('no-store');
    const dashed = await api(`/api/business/${MERKAZ}/orders?search=${phoneDigits.slice(0, 3)}-${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}&page=1`, send('GET', undefined, bearer(admin)));
    expect(dashed.body.orders.map((o: { id: number }) => o.id)).toEqual([orderId]);

    expect((await api(`/api/business/${MERKAZ}/orders`)).status).toBe(401);
    expect((await api(`/api/business/${MERKAZ}/orders`, send('GET', undefined, bearer(patient)))).status).toBe(403);
    const other = await api(`/api/business/${MERKAZ}/orders`, send('GET', undefined, bearer(otherOwner)));
    expect(other).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    expect((await api('/api/business/no-such-pharmacy-e2e/orders', send('GET', undefined, bearer(admin)))).status).toBe(404);
    expect((await api(`/api/business/${MERKAZ}/orders?page=abc`, send('GET', undefined, bearer(owner)))).status).toBe(400);
    expect((await api(`/api/business/${LAYLA}/orders?search=${phoneDigits}`, send('GET', undefined, bearer(otherOwner)))).body.total).toBe(0);
  });

  it('reads the ID number by POST, never cached; another pharmacy\'s owner gets 404', async () => {
    const read = await api(`/api/business/${MERKAZ}/orders/${orderId}/id-number`, send('POST', undefined, bearer(owner)));
    expect(read).toMatchObject({ status: 200, body: { idNumber: VALID_ID } });
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect((await api(`/api/business/${LAYLA}/orders/${orderId}/id-number`, send('POST', undefined, bearer(otherOwner)))).status).toBe(404);
    expect((await api(`/api/business/${MERKAZ}/orders/${orderId}/id-number`, send('POST', undefined, bearer(otherOwner)))).status).toBe(404);
    expect((await api(`/api/business/${MERKAZ}/orders/${orderId}/id-number`, send('GET', undefined, bearer(owner)))).status).toBe(404);
    expect((await api(`/api/business/${MERKAZ}/orders/abc/id-number`, send('POST', undefined, bearer(owner)))).status).toBe(400);
  });

  it('moves the status (pending, then complete), then refuses any other with 409; statuses the owner may not set are 400', async () => {
    const patch = (jwt: string, body: unknown, businessId = MERKAZ) => api(`/api/business/${businessId}/orders`, send('PATCH', body, bearer(jwt)));
    expect((await patch(owner, { orders: [{ orderId, status: 'open' }] })).status).toBe(400);
    expect((await patch(owner, { orders: 'all' })).status).toBe(400);
    expect((await patch(otherOwner, { orders: [{ orderId, status: 'pending' }] }, LAYLA)).status).toBe(404);
    expect(await patch(owner, { orders: [{ orderId, status: 'pending' }] })).toMatchObject({ status: 200, body: { orders: [{ orderId, status: 'pending' }] } });
    expect(await patch(admin, { orders: [{ orderId, status: 'complete' }] })).toMatchObject({ status: 200, body: { orders: [{ orderId, status: 'complete' }] } });
    expect(await patch(owner, { orders: [{ orderId, status: 'canceled' }] })).toMatchObject({ status: 409, body: { message: BusinessMessages.orderLocked } });
    const after = await api(`/api/business/${MERKAZ}/orders?search=${orderId}`, send('GET', undefined, bearer(owner)));
    expect(after.body.orders[0]).toMatchObject({ id: orderId, status: 'complete' });
  });
});
