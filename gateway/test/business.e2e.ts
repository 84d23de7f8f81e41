import {
  BusinessMessages, DEFAULT_PHARM_PRODUCT, Messages, type BusinessCard, type BusinessInfo, type BusinessPharmProduct, type BusinessProductInfo, type OpeningHours,
} from '@mc/contracts';
import { confirmedHoursAgo } from '../../deploy/local/e2e-database';
import { api } from './http';

const json = (body: unknown, jwt?: string, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
  body: JSON.stringify(body),
});
const bearer = (jwt: string): RequestInit => ({ headers: { authorization: `Bearer ${jwt}` } });
const signIn = async (email: string, password: string): Promise<string> => {
  const res = await api('/api/auth/signin', json({ email, password }));
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status}`);
  return res.body.jwt;
};

/** The dashboard's three routes through the running stack, on the seeded pharmacy merkaz-tel-aviv (restored afterwards). */
describe('the back office dashboard: /api/business/{businessId}', () => {
  const SLUG = 'merkaz-tel-aviv';
  let owner: string;
  let otherOwner: string;
  let admin: string;
  let patient: string;
  let before: BusinessInfo;

  beforeAll(async () => {
    [owner, otherOwner, admin, patient] = await Promise.all([
      signIn('pharmacist@medcanna.local', 'demo-pharmacist'),
      signIn('pharmacist2@medcanna.local', 'demo-pharmacist2'),
      signIn('admin@medcanna.local', 'demo-admin'),
      signIn('patient@medcanna.local', 'demo-patient'),
    ]);
    before = (await api(`/api/business/${SLUG}`, bearer(owner))).body;
  });

  afterAll(async () => {
    const { business, openingHours } = before;
    await api(`/api/business/${SLUG}`, json({
      name: business.name, phoneNumber: business.phoneNumber, whatsappNumber: business.whatsappNumber, wazeAddress: business.wazeAddress,
    }, owner, 'PATCH'));
    const slots = Object.entries(openingHours).flatMap(([day, list]) => list.map((s) => ({ dayOfWeek: day, ...s })));
    await api(`/api/business/${SLUG}/opening-hours`, json({ openingHours: slots }, owner, 'PUT'));
  });

  it("answers the owner the pharmacy's dashboard: card, hours, figures, open orders and out-of-stock products", async () => {
    const res = await api(`/api/business/${SLUG}`, bearer(owner));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store|private/);
    const info = res.body as BusinessInfo;
    expect(info.business).toMatchObject({ slug: SLUG, address: expect.any(String), city: expect.any(String) });
    expect(Object.keys(info.openingHours).every((d) => /^[0-6]$/.test(d))).toBe(true);
    const { today, week, month, all } = info.stats.ordersTotals;
    expect(today.count).toBeLessThanOrEqual(week.count);
    expect(week.count).toBeLessThanOrEqual(month.count);
    expect(month.count).toBeLessThanOrEqual(all.count);
    expect(info.stats.customersTotals.totalCount).toBeLessThanOrEqual(all.count);
    expect(info.stats.productsTotals.totalCount).toBeGreaterThan(0);
    expect(info.openOrders.every((o) => ['new', 'open', 'pending'].includes(o.status))).toBe(true);
    expect(info.stockoutProducts.every((p) => !p.inStock && p.published)).toBe(true);
  });

  it('lists the offers stale or due for a confirm (staleProducts) to the owner only, and a confirm takes one off', async () => {
    const { body: { products } } = await api(`/api/business/${SLUG}/product-options`, bearer(owner)) as { body: { products: BusinessProductInfo[] } };
    const made = await api(`/api/business/${SLUG}/products`, json({ ...DEFAULT_PHARM_PRODUCT, productSlug: products[0].slug }, owner));
    expect(made.status).toBe(201);
    const offer = made.body.pharmProduct as BusinessPharmProduct;
    try {
      await confirmedHoursAgo([offer.id], 100);
      const info = (await api(`/api/business/${SLUG}`, bearer(owner))).body as BusinessInfo;
      expect(info.staleProducts.find((p) => p.id === offer.id)).toMatchObject({
        stale: true, published: true, product: { slug: products[0].slug, name: products[0].name }, totalPrice: expect.any(Number),
        confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(info.staleProducts.every((p) => p.published && Date.parse(p.confirmedAt) <= Date.now() - 48 * 3_600_000)).toBe(true);
      const other = await api(`/api/business/${SLUG}`, bearer(otherOwner));
      expect(other).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
      expect(other.body).not.toHaveProperty('staleProducts');

      expect((await api(`/api/business/${SLUG}/products/${offer.id}/confirm`, json({}, owner))).status).toBeLessThan(300);
      const after = (await api(`/api/business/${SLUG}`, bearer(owner))).body as BusinessInfo;
      expect(after.staleProducts.some((p) => p.id === offer.id)).toBe(false);
    } finally {
      await api(`/api/business/${SLUG}/products/${offer.id}`, { method: 'DELETE', ...bearer(owner) });
    }
  });

  it('refuses the anonymous (401), a patient (403) and the owner of another pharmacy (404); an admin may open it', async () => {
    for (const [method, path, body] of [
      ['GET', '', undefined], ['PATCH', '', { name: 'x', phoneNumber: '03-5550000' }], ['PUT', '/opening-hours', { openingHours: [] }],
    ] as const) {
      const init = (jwt?: string): RequestInit => (body ? json(body, jwt, method) : { method, ...(jwt ? bearer(jwt) : {}) });
      expect((await api(`/api/business/${SLUG}${path}`, init())).status).toBe(401);
      expect((await api(`/api/business/${SLUG}${path}`, init(patient))).status).toBe(403);
      expect(await api(`/api/business/${SLUG}${path}`, init(otherOwner))).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    }
    expect(await api(`/api/business/${SLUG}`, bearer(admin))).toMatchObject({ status: 200, body: { business: { slug: SLUG } } });
    expect(await api('/api/business/no-such-pharmacy', bearer(admin))).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    expect((await api('/api/business/galil-fields', bearer(admin))).status).toBe(404);
  });

  it('tells a partner-synced pharmacy its partner code, and every offer its product’s partner id and lock (issue 28)', async () => {
    expect((await api(`/api/business/${SLUG}`, bearer(owner))).body).toMatchObject({ partnerCode: null, partnerFeedAt: null });
    const yam = await api('/api/business/yam-eilat', bearer(admin));
    expect(yam).toMatchObject({ status: 200, body: { partnerCode: 'PH-1800' } });
    expect(yam.body.partnerFeedAt === null || !Number.isNaN(Date.parse(yam.body.partnerFeedAt))).toBe(true);

    const offersOf = async (slug: string, jwt: string) => (await api(`/api/business/${slug}/products`, bearer(jwt))).body.pharmProducts as BusinessPharmProduct[];
    const synced = await offersOf('yam-eilat', admin);
    expect(synced.map((o) => o.id).sort((a, b) => a - b)).toEqual([10, 11, 12]);
    expect(synced.every((o) => o.isYarpaLocked && /^YRP-\d{6}$/.test(o.product.yarpaProductId ?? ''))).toBe(true);
    expect(synced.find((o) => o.product.slug === 'dr-green-t20-c4')!.product.yarpaProductId).toBe('YRP-204729');
    const own = await offersOf(SLUG, owner);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((o) => !o.isYarpaLocked && /^YRP-\d{6}$/.test(o.product.yarpaProductId ?? ''))).toBe(true);
    // The public product tells it too.
    expect((await api('/api/products/dr-green-t20-c4')).body.product.yarpaProductId).toBe('YRP-204729');
  });

  it('saves the contact details (never the address) and the public page shows them', async () => {
    const name = `${before.business.name} (בדיקה)`;
    const res = await api(`/api/business/${SLUG}`, json({ name, phoneNumber: '0351234567', whatsappNumber: '', wazeAddress: 'דיזנגוף 50', address: 'elsewhere' }, owner, 'PATCH'));
    expect(res.status).toBe(200);
    expect(res.body as BusinessCard).toMatchObject({ name, phoneNumber: '0351234567', whatsappNumber: null, wazeAddress: 'דיזנגוף 50', address: before.business.address });
    const shown = await api(`/api/pharms/${SLUG}`);
    expect([name, before.business.name]).toContain(shown.body.pharm.name); // the gateway's read cache may hold it for a second
    expect(await api(`/api/business/${SLUG}`, json({ name: '', phoneNumber: '' }, owner, 'PATCH')))
      .toMatchObject({ status: 400, body: { message: BusinessMessages.required } });
    expect((await api(`/api/business/${SLUG}`, bearer(owner))).body.business.name).toBe(name);
  });

  it("replaces the opening hours from the flat list, and refuses a slot without its times ('שדה חובה')", async () => {
    const res = await api(`/api/business/${SLUG}/opening-hours`, json({
      openingHours: [{ dayOfWeek: '5', opensAt: '08:00:00', closesAt: '13:00:00' }, { dayOfWeek: '4', opensAt: '22:00', closesAt: '02:00' }],
    }, owner, 'PUT'));
    expect(res).toMatchObject({ status: 200, body: { openingHours: { 4: [{ opensAt: '22:00', closesAt: '02:00' }], 5: [{ opensAt: '08:00', closesAt: '13:00' }] } } });
    expect(Object.keys(res.body.openingHours as OpeningHours)).toEqual(['4', '5']);
    expect(await api(`/api/business/${SLUG}/opening-hours`, json({ openingHours: [{ dayOfWeek: '1', opensAt: '', closesAt: '10:00' }] }, owner, 'PUT')))
      .toMatchObject({ status: 400, body: { message: BusinessMessages.required } });
    expect((await api(`/api/business/${SLUG}/opening-hours`, json({ openingHours: 'always' }, owner, 'PUT'))).status).toBe(400);
  });
});
