import { BusinessMessages, Messages, type BusinessShipment, type Location } from '@mc/contracts';
import { api, fromMailbox } from './http';

// The back office's shipments through the gateway (API.md "Back office"), against the whole stack and the fixtures:
// merkaz-tel-aviv delivers to Tel Aviv's district only, so an address in Be'er Sheva is ShipmentNoMatch until its
// owner adds a shipment there. Every shipment made here is removed afterAll.

const send = (method: string, body?: unknown, jwt?: string): RequestInit => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
});
const signIn = async (email: string, password: string): Promise<string> => (await api('/api/auth/signin', send('POST', { email, password }))).body.jwt;
const MERKAZ = 'merkaz-tel-aviv';
const BASE = `/api/business/${MERKAZ}/shipments`;
const BEER_SHEVA = { address: 'שדרות רגר 10, באר שבע', houseNumber: '10' };

describe('business shipments through the gateway', () => {
  let owner: string;
  let patient: string;
  let beerSheva: number;
  const made: number[] = [];

  beforeAll(async () => {
    owner = await signIn('pharmacist@medcanna.local', 'demo-pharmacist');
    const email = `e2e-shipments-${Date.now()}@example.co.il`;
    expect((await api('/api/auth/signup', send('POST', { firstName: 'נועה', lastName: 'לוי', email, password: 'a good secret', agreeTOU: true }))).status).toBe(200);
    const token = decodeURIComponent(await fromMailbox(`an activation e-mail to ${email}`, (a) => (a.includes(email) && a.includes('/auth/verify-email') ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined)));
    expect((await api('/api/auth/activate', send('POST', { activationToken: token }))).status).toBe(200);
    patient = await signIn(email, 'a good secret');
    const { locations } = (await api('/api/locations')).body as { locations: Location[] };
    beerSheva = locations.find((l) => l.type === 'city' && l.displayText === 'באר שבע')!.id;
  });

  afterAll(async () => {
    for (const id of made) await api(`${BASE}/${id}`, send('DELETE', undefined, owner));
  });

  const form = (over: Record<string, unknown> = {}) => ({
    name: 'באר שבע e2e', published: true, addresses: [{ locationId: beerSheva }],
    pricings: [{ quantityType: 'min-total-price', quantity: 0, amountType: 'fixed', amount: 18.5 }], ...over,
  });
  const merkazShipping = async () => {
    const cart = await api('/api/cart', send('PUT', { cartItems: [{ pharmProductId: 2, amount: 1 }] }, patient));
    expect(cart.status).toBe(200);
    const quote = await api('/api/checkout/quote', send('POST', { shippingAddress: BEER_SHEVA }, patient));
    expect(quote.status).toBe(200);
    return quote.body.pharmsQuotes.find((q: { pharmSlug: string }) => q.pharmSlug === MERKAZ).shipping;
  };

  it('refuses anonymous (401), a patient (403), another pharmacy’s owner and a company’s staff (404); admits an admin', async () => {
    expect((await api(BASE)).status).toBe(401);
    expect((await api(BASE, send('GET', undefined, patient))).status).toBe(403);
    const other = await signIn('pharmacist2@medcanna.local', 'demo-pharmacist2');
    expect(await api(BASE, send('GET', undefined, other))).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    expect((await api(BASE, send('POST', form(), other))).status).toBe(404);
    const company = await signIn('company@medcanna.local', 'demo-company');
    expect(await api('/api/business/galil-fields/shipments', send('GET', undefined, company))).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    const admin = await signIn('admin@medcanna.local', 'demo-admin');
    expect(await api(BASE, send('GET', undefined, admin))).toMatchObject({ status: 200, body: { perPage: 20, currentPage: 1 } });
    expect((await api('/api/business/galil-fields/shipments', send('GET', undefined, admin))).status).toBe(404);
  });

  it('validates with the spec’s Hebrew', async () => {
    expect(await api(BASE, send('POST', form({ name: '' }), owner))).toMatchObject({ status: 400, body: { message: BusinessMessages.shipmentNameRequired } });
    expect(await api(BASE, send('POST', form({ addresses: [] }), owner))).toMatchObject({ status: 400, body: { message: BusinessMessages.required } });
    expect(await api(BASE, send('POST', form({ pricings: [{ quantityType: 'min-items-count', amountType: 'fixed', amount: 1 }] }), owner))).toMatchObject({ status: 400, body: { message: BusinessMessages.required } });
    expect(await api(BASE, send('POST', undefined, owner))).toMatchObject({ status: 400 });
    expect((await api(`${BASE}/abc`, send('GET', undefined, owner))).status).toBe(400);
    expect(await api(`${BASE}/999999999`, send('GET', undefined, owner))).toMatchObject({ status: 404, body: { message: BusinessMessages.shipmentNotFound } });
  });

  it('an owner’s new shipment area prices the next quote; its change and its removal too', async () => {
    expect(await merkazShipping()).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });

    const created = await api(BASE, send('POST', form(), owner));
    expect(created.status).toBe(201);
    const shipment = created.body.shipment as BusinessShipment;
    made.push(shipment.id);
    expect(shipment).toMatchObject({ name: 'באר שבע e2e', addresses: [{ locationId: beerSheva, location: { displayText: 'באר שבע', type: 'city' } }], pricings: [{ amount: 18.5 }] });
    expect(await merkazShipping()).toEqual({ status: 'matched', price: 18.5 });

    const listed = await api(BASE, send('GET', undefined, owner));
    expect(listed.body.shipments.map((s: BusinessShipment) => s.id)).toContain(shipment.id);
    expect((await api(`${BASE}/${shipment.id}`, send('GET', undefined, owner))).body).toEqual({ shipment });

    const updated = await api(`${BASE}/${shipment.id}`, send('PATCH', form({ pricings: [{ quantityType: 'min-items-count', quantity: 1, amountType: 'fixed', amount: 0 }] }), owner));
    expect(updated).toMatchObject({ status: 200, body: { shipment: { id: shipment.id, pricings: [{ quantityType: 'min-items-count', quantity: 1, amount: 0 }] } } });
    expect(await merkazShipping()).toEqual({ status: 'matched', price: 0 });

    expect(await api(`${BASE}/${shipment.id}`, send('DELETE', undefined, owner))).toMatchObject({ status: 200, body: { ok: true } });
    made.pop();
    expect(await merkazShipping()).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
    expect((await api(`${BASE}/${shipment.id}`, send('GET', undefined, owner))).status).toBe(404);
  });
});
