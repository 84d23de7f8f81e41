import { AlertMessages, Subjects } from '@mc/contracts';
import { connectNats, rpcUntyped } from '@mc/kit/testing';
import type { NatsConnection } from 'nats';
import { api } from './http';

/**
 * Issue 31 through the gateway and over NATS: the price chart is anyone's; the alerts are each patient's own (the
 * service takes the caller from the verified token, never from the body); the unsubscribe takes only a signed token;
 * the back office's offer history is its pharmacy's alone (the back-office matrix covers it too).
 */
type Json = any;
const PATIENT = { email: 'patient@medcanna.local', password: 'demo-patient' };
const OWNER = { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' };
const PRODUCT = 'dr-green-t20-c4';
const tokens: Record<string, string> = {};
let nc: NatsConnection;

const call = (who: string | undefined, method: string, path: string, body?: Json) => api(path, {
  method,
  headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  body: body === undefined ? undefined : JSON.stringify(body),
});

beforeAll(async () => {
  nc = await connectNats();
  for (const [who, account] of Object.entries({ patient: PATIENT, owner: OWNER })) {
    const res = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(res.status).toBe(200);
    tokens[who] = res.body.jwt;
  }
});

afterAll(async () => {
  await nc?.close();
});

describe('price history and alerts through the gateway', () => {
  it("answers anyone a product's chart of 30, 90 or 365 days, and 400 for another period", async () => {
    for (const days of [30, 90, 365]) {
      const res = await call(undefined, 'GET', `/api/products/${PRODUCT}/price-history?days=${days}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ slug: PRODUCT, days });
      expect(res.body.points.length).toBeGreaterThan(days === 30 ? 20 : 60);
      for (const p of res.body.points) expect(p.lowest).toBeGreaterThan(0);
    }
    expect(await call(undefined, 'GET', `/api/products/${PRODUCT}/price-history?days=7`)).toMatchObject({ status: 400, body: { message: AlertMessages.invalidPeriod } });
    expect((await call(undefined, 'GET', '/api/products/no-such-product/price-history?days=30')).status).toBe(404);
  });

  it("keeps a patient's alerts to that patient, whatever the body says", async () => {
    expect((await call(undefined, 'GET', '/api/user/alerts')).status).toBe(401);
    expect((await call(undefined, 'POST', '/api/user/alerts', { productSlug: PRODUCT, kind: 'stock' })).status).toBe(401);
    const created = await call('patient', 'POST', '/api/user/alerts', { productSlug: PRODUCT, kind: 'price', below: 80, userId: 1 });
    expect(created).toMatchObject({ status: 200, body: { productSlug: PRODUCT, kind: 'price', below: 80 } });
    expect((await call('patient', 'GET', '/api/user/alerts')).body.alerts.map((a: Json) => a.id)).toContain(created.body.id);
    expect((await call('owner', 'GET', '/api/user/alerts')).body.alerts.map((a: Json) => a.id)).not.toContain(created.body.id);
    expect(await call('owner', 'DELETE', `/api/user/alerts/${created.body.id}`)).toMatchObject({ status: 404, body: { message: AlertMessages.notFound } });
    expect(await call('patient', 'POST', '/api/user/alerts', { productSlug: PRODUCT, kind: 'price', below: -3 })).toMatchObject({ status: 400, body: { message: AlertMessages.invalidBelow } });
    expect((await call('patient', 'DELETE', `/api/user/alerts/${created.body.id}`)).status).toBe(200);
    expect((await call('patient', 'DELETE', '/api/user/alerts/abc')).status).toBe(400);
  });

  it("places an alert near one of the caller's saved addresses, and never near another's", async () => {
    const before = (await call('owner', 'GET', '/api/user')).body.addresses.map((a: Json) => a.id);
    const added = await call('owner', 'POST', '/api/user/addresses', { address: 'דיזנגוף, תל אביב-יפו', houseNumber: '50' });
    expect(added.status).toBe(200);
    const address = added.body.addresses.find((a: Json) => !before.includes(a.id));
    try {
      const alert = await call('owner', 'POST', '/api/user/alerts', { productSlug: PRODUCT, kind: 'stock', addressId: address.id, radiusKm: 10 });
      expect(alert).toMatchObject({ status: 200, body: { near: true, radiusKm: 10 } });
      expect(await call('patient', 'POST', '/api/user/alerts', { productSlug: PRODUCT, kind: 'stock', addressId: address.id, radiusKm: 10 })).toMatchObject({ status: 404, body: { message: 'הכתובת לא נמצאה' } });
      await call('owner', 'DELETE', `/api/user/alerts/${alert.body.id}`);
    } finally {
      await call('owner', 'DELETE', `/api/user/addresses/${address.id}`);
    }
  });

  it('unsubscribes only with a signed token', async () => {
    expect(await call(undefined, 'POST', '/api/alerts/unsubscribe', { token: 'nonsense' })).toMatchObject({ status: 400, body: { message: AlertMessages.invalidLink } });
    const alert = (await call('patient', 'POST', '/api/user/alerts', { productSlug: PRODUCT, kind: 'stock' })).body;
    const forged = `${alert.id}.${'A'.repeat(43)}`;
    expect(await call(undefined, 'POST', `/api/alerts/unsubscribe?token=${encodeURIComponent(forged)}`)).toMatchObject({ status: 403, body: { message: AlertMessages.invalidLink } });
    expect((await call('patient', 'GET', '/api/user/alerts')).body.alerts.map((a: Json) => a.id)).toContain(alert.id);
    await call('patient', 'DELETE', `/api/user/alerts/${alert.id}`);
  });

  it('over NATS: the alerts need a signed-in caller (which processes may ask: the bus permissions test)', async () => {
    await expect(rpcUntyped(nc, Subjects.pharm.alertList, {})).rejects.toMatchObject({ status: 401 });
    await expect(rpcUntyped(nc, Subjects.pharm.alertCreate, { productSlug: PRODUCT, kind: 'stock' })).rejects.toMatchObject({ status: 401 });
    await expect(rpcUntyped(nc, Subjects.pharm.alertDelete, { id: 1 })).rejects.toMatchObject({ status: 401 });
  });
});
