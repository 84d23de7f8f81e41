import { BusinessMessages, DEFAULT_PHARM_PRODUCT, Messages, type BusinessPharmProduct, type BusinessProductInfo, type ComparisonOffer } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { api } from './http';

const json = (method: string, body: unknown, token?: string) => ({
  method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
});
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const signIn = async (email: string, password: string): Promise<string> => {
  const res = await api('/api/auth/signin', json('POST', { email, password }));
  expect(res.status).toBe(200);
  return res.body.jwt;
};

const PHARM = 'merkaz-tel-aviv';
const base = `/api/business/${PHARM}`;

/**
 * The back office's products through the gateway (API.md "Back office"): who may call each route, the list and picker,
 * create → edit → bump → remove of an offer made here for the test (the seeded offers other suites assert on are left
 * alone), and the public comparison following each change.
 */
describe('gateway: /api/business/{businessId}/products', () => {
  let owner: string;
  let otherOwner: string;
  let admin: string;
  let patient: string;
  let company: string;
  let chosen: BusinessProductInfo;
  let created: BusinessPharmProduct | undefined;

  beforeAll(async () => {
    [owner, otherOwner, admin, patient, company] = await Promise.all([
      signIn('pharmacist@medcanna.local', 'demo-pharmacist'), signIn('pharmacist2@medcanna.local', 'demo-pharmacist2'),
      signIn('admin@medcanna.local', 'demo-admin'), signIn('patient@medcanna.local', 'demo-patient'), signIn('company@medcanna.local', 'demo-company'),
    ]);
    const options = await api(`${base}/product-options`, bearer(owner));
    expect(options.status).toBe(200);
    // The last catalogue product with a price the pharmacy does not offer (the browser test takes the first).
    chosen = [...(options.body.products as BusinessProductInfo[])].reverse().find((p) => p.estimatedPrice !== null)!;
    expect(chosen).toBeDefined();
  });

  afterAll(async () => {
    if (created) await api(`${base}/products/${created.id}`, { method: 'DELETE', ...bearer(owner) });
  });

  const routes = (id: number): [string, string, unknown?][] => [
    ['GET', `${base}/products`],
    ['GET', `${base}/products/${id}`],
    ['GET', `${base}/product-options`],
    ['POST', `${base}/products`, { ...DEFAULT_PHARM_PRODUCT, productSlug: 'no-such-product' }],
    ['PATCH', `${base}/products`, { pharmProducts: [{ ...DEFAULT_PHARM_PRODUCT, id }] }],
    ['DELETE', `${base}/products/${id}`],
    ['POST', `${base}/products/${id}/bump`],
  ];
  const send = (method: string, path: string, body: unknown, token?: string) =>
    api(path, body === undefined ? { method, ...(token ? bearer(token) : {}) } : json(method, body, token));

  it('answers 401 anonymous, 403 a patient, 404 another pharmacy’s owner and a company’s staff, on every route', async () => {
    const { body } = await api(`${base}/products`, bearer(owner));
    const anyId = (body.pharmProducts as BusinessPharmProduct[])[0].id;
    for (const [method, path, payload] of routes(anyId)) {
      expect([method, path, (await send(method, path, payload)).status]).toEqual([method, path, 401]);
      expect([method, path, (await send(method, path, payload, patient)).status]).toEqual([method, path, 403]);
      const other = await send(method, path, payload, otherOwner);
      expect([method, path, other.status, other.body.message]).toEqual([method, path, 404, Messages.businessNotFound]);
      expect([method, path, (await send(method, path, payload, company)).status]).toEqual([method, path, 404]);
    }
    // The offer asked about is untouched.
    expect((await api(`${base}/products/${anyId}`, bearer(owner))).status).toBe(200);
  });

  it('lists the pharmacy’s offers for its owner and an admin, grouped by dosage, and 404 for a business that is no pharmacy', async () => {
    const mine = await api(`${base}/products`, bearer(owner));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toContain('no-store');
    expect(mine.body).toMatchObject({ perPage: 50, currentPage: 1, total: expect.any(Number) });
    const dosages = (mine.body.pharmProducts as BusinessPharmProduct[]).map((o) => o.product.info.thccbdDosage);
    // Each dosage's rows are together (a heading each on screen).
    const seen = dosages.filter((d, i) => i === 0 || d !== dosages[i - 1]);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await api(`${base}/products`, bearer(admin))).body.total).toBe(mine.body.total);
    expect(await api('/api/business/galil-fields/products', bearer(company))).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    expect(await api('/api/business/galil-fields/products', bearer(admin))).toMatchObject({ status: 404 });
    expect((await api(`${base}/products?page=abc`, bearer(owner))).status).toBe(400);
    expect((await api(`${base}/products/abc`, bearer(owner))).body).toMatchObject({ statusCode: 400, message: Messages.invalidUrl });
  });

  it('creates an offer from the picker with the default product, refuses it twice, edits, bumps and removes it; the comparison follows', async () => {
    const comparison = async () =>
      ((await api(`/api/products/${chosen.slug}/pharm-products`)).body.offers as ComparisonOffer[]).find((o) => o.pharm.slug === PHARM);
    // Issue 15: a change shows on the public comparison within a second (the gateway may answer from its 300 ms cache meanwhile).
    const comparisonWithin1s = (until: (offer: ComparisonOffer | undefined) => boolean) =>
      waitFor('the public comparison', comparison, { until, timeoutMs: 1_000, intervalMs: 100 });

    expect(await api(`${base}/products`, json('POST', { ...DEFAULT_PHARM_PRODUCT, productSlug: chosen.slug, price: -1 }, owner)))
      .toMatchObject({ status: 400, body: { message: BusinessMessages.priceInvalid } });
    expect(await api(`${base}/products`, json('POST', { ...DEFAULT_PHARM_PRODUCT, productSlug: chosen.slug, price: '' }, owner)))
      .toMatchObject({ status: 400, body: { message: BusinessMessages.priceRequired } });
    expect(await api(`${base}/products`, json('POST', { ...DEFAULT_PHARM_PRODUCT, productSlug: chosen.slug, alwaysInStock: false, amount: null }, owner)))
      .toMatchObject({ status: 400, body: { message: BusinessMessages.stockRequired } });

    const made = await api(`${base}/products`, json('POST', { ...DEFAULT_PHARM_PRODUCT, productSlug: chosen.slug }, owner));
    expect(made.status).toBe(201);
    created = made.body.pharmProduct as BusinessPharmProduct;
    expect(created).toMatchObject({ price: 0, totalPrice: chosen.estimatedPrice, alwaysInStock: true, published: true, product: { slug: chosen.slug } });
    expect(await comparisonWithin1s((o) => o?.id === created?.id)).toMatchObject({ id: created.id, totalPrice: chosen.estimatedPrice });
    expect(await api(`${base}/products`, json('POST', { ...DEFAULT_PHARM_PRODUCT, productSlug: chosen.slug }, owner)))
      .toMatchObject({ status: 409, body: { message: BusinessMessages.productAlreadyOffered } });
    expect(((await api(`${base}/product-options?search=${encodeURIComponent(chosen.info.engName)}`, bearer(owner))).body.products as BusinessProductInfo[])
      .map((p) => p.slug)).not.toContain(chosen.slug);

    const edit = { ...DEFAULT_PHARM_PRODUCT, id: created.id, price: 123.45, alwaysInStock: false, amount: 4, expiresAt: '2027-02-28' };
    const saved = await api(`${base}/products`, json('PATCH', { pharmProducts: [edit] }, admin));
    expect(saved).toMatchObject({ status: 200, body: { pharmProducts: [{ id: created.id, price: 123.45, totalPrice: 123.45, amount: 4, expiresAt: '2027-02-28' }] } });
    expect(await comparisonWithin1s((o) => o?.totalPrice === 123.45)).toMatchObject({ totalPrice: 123.45 });
    // Out of stock: gone from the comparison (it lists offers in stock).
    await api(`${base}/products`, json('PATCH', { pharmProducts: [{ ...edit, amount: 0 }] }, owner));
    expect(await comparisonWithin1s((o) => o === undefined)).toBeUndefined();

    const bumped = await api(`${base}/products/${created.id}/bump`, { method: 'POST', ...bearer(owner) });
    expect(bumped).toMatchObject({ status: 200, body: { pharmProduct: { id: created.id, bumpedAt: expect.any(String) } } });

    expect(await api(`${base}/products/${created.id}`, { method: 'DELETE', ...bearer(owner) })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await api(`${base}/products/${created.id}`, bearer(owner))).status).toBe(404);
    created = undefined;
  });
});
