import { Messages, type PrescriptionProductsResponse, type PrescriptionResponse, type ProductListResponse } from '@mc/contracts';
import { api, fromMailbox } from './http';

const send = (method: string, body: unknown, headers: Record<string, string> = {}) =>
  ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

async function signedInPatient(name: string): Promise<string> {
  const email = `e2e-rx-${name}-${Date.now()}@example.co.il`;
  expect((await api('/api/auth/signup', send('POST', { firstName: 'נועה', lastName: 'לוי', email, password: 'a good secret', agreeTOU: true }))).status).toBe(200);
  const pick = (a: string) => (a.includes(email) && a.includes('/auth/verify-email') ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined);
  const activationToken = decodeURIComponent(await fromMailbox(`an activation e-mail to ${email}`, pick));
  expect((await api('/api/auth/activate', send('POST', { activationToken }))).status).toBe(200);
  return (await api('/api/auth/signin', send('POST', { email, password: 'a good secret' }))).body.jwt;
}

describe('my prescription through the gateway', () => {
  let jwt: string;
  let other: string;

  beforeAll(async () => {
    [jwt, other] = await Promise.all([signedInPatient('a'), signedInPatient('b')]);
  });

  it('is for signed-in users only (401 signed out or with a bad token)', async () => {
    for (const [method, path] of [['GET', '/api/user/prescription'], ['DELETE', '/api/user/prescription'], ['GET', '/api/user/prescription/products']]) {
      expect(await api(path, { method })).toMatchObject({ status: 401, body: { message: Messages.signInRequired } });
      expect((await api(path, { method, headers: bearer('a.b.c') })).status).toBe(401);
    }
    expect((await api('/api/user/prescription', send('PUT', { categories: ['T20/C4'], monthlyGrams: 30 }))).status).toBe(401);
  });

  it.each([
    ['no categories', { categories: [], monthlyGrams: 30 }, Messages.prescriptionCategoriesRequired],
    ['an unknown category', { categories: ['T20/C4', 'T99/C9'], monthlyGrams: 30 }, Messages.prescriptionCategoryInvalid],
    ['seven categories', { categories: ['T26/C1', 'T24/C1', 'T22/C1', 'T20/C4', 'T19/C1', 'T18/C3', 'T16/C2'], monthlyGrams: 30 }, Messages.prescriptionTooManyCategories],
    ['301 grams', { categories: ['T20/C4'], monthlyGrams: 301 }, Messages.prescriptionMonthlyGrams],
    ['grams that are not a number', { categories: ['T20/C4'], monthlyGrams: 'many' }, Messages.prescriptionMonthlyGrams],
  ])('refuses %s with 400 and the Hebrew message', async (_case, body, message) => {
    expect(await api('/api/user/prescription', send('PUT', body, bearer(jwt)))).toMatchObject({ status: 400, body: { statusCode: 400, message } });
  });

  it('saves, reads (no-store, only its owner), lists in-stock products of its categories, and deletes', async () => {
    expect(await api('/api/user/prescription', { headers: bearer(jwt) })).toMatchObject({ status: 200, body: { prescription: null } });
    expect(await api('/api/user/prescription/products', { headers: bearer(jwt) })).toMatchObject({ status: 200, body: { products: [] } });

    const saved = await api('/api/user/prescription', send('PUT', { categories: ['T10/C10', 'T20/C4'], monthlyGrams: 40 }, bearer(jwt)));
    expect(saved).toMatchObject({ status: 200, body: { prescription: { categories: ['T20/C4', 'T10/C10'], monthlyGrams: 40 } } });
    const read = await api('/api/user/prescription', { headers: bearer(jwt) });
    expect(read.body as PrescriptionResponse).toEqual(saved.body);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await api('/api/user/prescription', { headers: bearer(other) })).toMatchObject({ status: 200, body: { prescription: null } });

    const mine = (await api('/api/user/prescription/products?lat=32.0853&lng=34.7818', { headers: bearer(jwt) })).body as PrescriptionProductsResponse;
    const listed = (await api('/api/products?dosages=T20/C4,T10/C10&inStock=1')).body as ProductListResponse;
    expect(listed.products.length).toBeGreaterThan(0);
    expect(mine.products.length).toBeGreaterThan(0);
    for (const { product, nearest } of mine.products) {
      expect(['T20/C4', 'T10/C10']).toContain(product.info.thccbdDosage);
      expect(nearest).toMatchObject({ pharmSlug: expect.any(String), distance: expect.any(Number) });
    }
    const distances = mine.products.map((p) => p.nearest?.distance ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(mine.near).toBe('position');

    // Without a position: near the default address when there is one, else without distances.
    const nowhere = (await api('/api/user/prescription/products', { headers: bearer(jwt) })).body as PrescriptionProductsResponse;
    expect(nowhere.near).toBeNull();
    expect(nowhere.products.every((p) => p.nearest?.distance === null)).toBe(true);
    expect((await api('/api/user/addresses', send('POST', { address: 'הרצל, חיפה', houseNumber: '20', isDefault: true }, bearer(jwt)))).status).toBe(200);
    const nearHome = (await api('/api/user/prescription/products', { headers: bearer(jwt) })).body as PrescriptionProductsResponse;
    expect(nearHome.near).toBe('address');
    const fromHome = nearHome.products.map((p) => p.nearest?.distance ?? Infinity);
    expect(fromHome.every(Number.isFinite)).toBe(true);
    expect(fromHome).toEqual([...fromHome].sort((a, b) => a - b));
    // Haifa is not Tel Aviv: the nearest stock is measured from the address, not from the position asked before.
    expect(fromHome).not.toEqual(distances);

    expect(await api('/api/user/prescription', { method: 'DELETE', headers: bearer(jwt) })).toMatchObject({ status: 200, body: { prescription: null } });
    expect(await api('/api/user/prescription', { headers: bearer(jwt) })).toMatchObject({ status: 200, body: { prescription: null } });
    expect(await api('/api/user/prescription/products', { headers: bearer(jwt) })).toMatchObject({ status: 200, body: { products: [], near: null } });
  });
});
