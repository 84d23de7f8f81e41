import { DEFAULT_PHARM_PRODUCT, Subjects, type RequestSubject } from '@mc/contracts';
import { connectNats, rpcUntyped } from '@mc/kit/testing';
import type { NatsConnection } from 'nats';
import { api } from './http';

/**
 * Issue 15's authorization matrix: every back-office endpoint, asked by anonymous, a patient, another pharmacy's
 * owner, cannabis-company staff, the owner and an admin, through the gateway and directly over NATS. The services
 * decide (ARCHITECTURE.md "The caller and authorization"): 401 without a caller, 403 for a caller who manages no
 * business, 404 for a business the caller is not a member of, and the answer itself for the owner and any admin.
 */

type Json = any;
type Caller = 'anonymous' | 'patient' | 'otherOwner' | 'companyStaff' | 'owner' | 'admin';

const BUSINESS = 'merkaz-tel-aviv';
const ACCOUNTS: Record<Exclude<Caller, 'anonymous'>, { email: string; password: string }> = {
  patient: { email: 'patient@medcanna.local', password: 'demo-patient' },
  otherOwner: { email: 'pharmacist2@medcanna.local', password: 'demo-pharmacist2' },
  companyStaff: { email: 'company@medcanna.local', password: 'demo-company' },
  owner: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' },
  admin: { email: 'admin@medcanna.local', password: 'demo-admin' },
};
const REFUSED: Record<Exclude<Caller, 'owner' | 'admin'>, number> = { anonymous: 401, patient: 403, otherOwner: 404, companyStaff: 404 };

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Under /api/business/{businessId}. */
  path: string;
  subject: RequestSubject;
  /** The NATS payload besides `businessId` (the gateway builds the same from the path and body). */
  payload: Json;
}

const LATER = new Date(Date.now() + 30 * 86_400_000).toISOString();
const discountBody = (code: string) => ({
  code, name: 'בדיקת הרשאות', type: 'all-products', amountType: 'percent', amount: 5, published: false, allowMultiple: false,
  newCustomersOnly: false, startDate: new Date().toISOString(), endDate: LATER, pharmProductIds: [],
});
const announcementBody = { name: 'בדיקת הרשאות', content: 'הכרזת בדיקה', published: false, startDate: new Date().toISOString(), endDate: LATER };
const shipmentBody = (locationId: number) => ({
  name: 'בדיקת הרשאות', published: false, addresses: [{ locationId }], pricings: [{ quantityType: 'min-total-price', quantity: 0, amountType: 'fixed', amount: 30 }],
});

/** Every back-office endpoint of API.md, with a payload it would take (refusals come before any lookup or validation). */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '', subject: Subjects.pharm.businessGet, payload: {} },
  { method: 'PATCH', path: '', subject: Subjects.pharm.businessUpdate, payload: { name: 'x', phoneNumber: '03-5551234' } },
  { method: 'PUT', path: '/opening-hours', subject: Subjects.pharm.businessHoursUpdate, payload: { openingHours: [] } },
  { method: 'GET', path: '/orders', subject: Subjects.order.businessOrders, payload: {} },
  { method: 'PATCH', path: '/orders', subject: Subjects.order.businessStatusUpdate, payload: { orders: [] } },
  { method: 'POST', path: '/orders/1/id-number', subject: Subjects.order.businessIdNumber, payload: { orderId: 1 } },
  { method: 'GET', path: '/products', subject: Subjects.pharm.businessProducts, payload: {} },
  { method: 'GET', path: '/products/1', subject: Subjects.pharm.businessProductGet, payload: { id: 1 } },
  { method: 'POST', path: '/products', subject: Subjects.pharm.businessProductCreate, payload: { ...DEFAULT_PHARM_PRODUCT, productSlug: 'no-such-product' } },
  { method: 'PATCH', path: '/products', subject: Subjects.pharm.businessProductsUpdate, payload: { pharmProducts: [{ id: 1, ...DEFAULT_PHARM_PRODUCT }] } },
  { method: 'DELETE', path: '/products/1', subject: Subjects.pharm.businessProductRemove, payload: { id: 1 } },
  { method: 'POST', path: '/products/1/bump', subject: Subjects.pharm.businessProductBump, payload: { id: 1 } },
  { method: 'GET', path: '/products/1/history', subject: Subjects.pharm.businessProductHistory, payload: { id: 1 } },
  { method: 'GET', path: '/product-options', subject: Subjects.pharm.businessProductOptions, payload: {} },
  { method: 'GET', path: '/discount-product-options', subject: Subjects.pharm.businessDiscountProductOptions, payload: {} },
  { method: 'GET', path: '/discounts', subject: Subjects.pharm.businessDiscounts, payload: {} },
  { method: 'GET', path: '/discounts/NOPE', subject: Subjects.pharm.businessDiscountGet, payload: { code: 'NOPE' } },
  { method: 'POST', path: '/discounts', subject: Subjects.pharm.businessDiscountCreate, payload: discountBody('AUTHZ_NEVER') },
  { method: 'PATCH', path: '/discounts/NOPE', subject: Subjects.pharm.businessDiscountUpdate, payload: { ...discountBody('NOPE'), currentCode: 'NOPE' } },
  { method: 'DELETE', path: '/discounts/NOPE', subject: Subjects.pharm.businessDiscountRemove, payload: { code: 'NOPE' } },
  { method: 'GET', path: '/announcements', subject: Subjects.pharm.businessAnnouncements, payload: {} },
  { method: 'GET', path: '/announcements/1', subject: Subjects.pharm.businessAnnouncementGet, payload: { id: 1 } },
  { method: 'POST', path: '/announcements', subject: Subjects.pharm.businessAnnouncementCreate, payload: announcementBody },
  { method: 'PATCH', path: '/announcements/1', subject: Subjects.pharm.businessAnnouncementUpdate, payload: { ...announcementBody, id: 1 } },
  { method: 'DELETE', path: '/announcements/1', subject: Subjects.pharm.businessAnnouncementRemove, payload: { id: 1 } },
  { method: 'GET', path: '/shipments', subject: Subjects.shippingQuote.businessShipments, payload: {} },
  { method: 'GET', path: '/shipments/1', subject: Subjects.shippingQuote.businessShipmentGet, payload: { id: 1 } },
  { method: 'POST', path: '/shipments', subject: Subjects.shippingQuote.businessShipmentCreate, payload: shipmentBody(1) },
  { method: 'PATCH', path: '/shipments/1', subject: Subjects.shippingQuote.businessShipmentUpdate, payload: { ...shipmentBody(1), id: 1 } },
  { method: 'DELETE', path: '/shipments/1', subject: Subjects.shippingQuote.businessShipmentRemove, payload: { id: 1 } },
];

/** The body the gateway takes for an endpoint: the payload without what its path carries. */
function bodyOf(endpoint: Endpoint): Json {
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE' || endpoint.path.endsWith('/bump') || endpoint.path.endsWith('/id-number')) return undefined;
  const { id: _id, currentCode: _code, ...body } = endpoint.payload;
  return body;
}

const tokens: Partial<Record<Caller, string>> = {};
let nc: NatsConnection;

async function call(who: Caller, method: string, path: string, body?: unknown, business = BUSINESS) {
  const token = tokens[who];
  return api(`/api/business/${business}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The status a NATS request ends with: 200 for an answer, the service's error status otherwise. */
async function natsStatus(who: Caller, subject: string, payload: Json): Promise<number> {
  try {
    await rpcUntyped(nc, subject, payload, { caller: tokens[who] });
    return 200;
  } catch (err) {
    return (err as { status?: number }).status ?? 500;
  }
}

beforeAll(async () => {
  nc = await connectNats();
  for (const [who, account] of Object.entries(ACCOUNTS)) {
    const signIn = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(signIn.status).toBe(200);
    tokens[who as Caller] = signIn.body.jwt;
  }
});

afterAll(async () => {
  await nc?.close();
});

describe('the back office refuses whoever may not run the business', () => {
  const refused = Object.entries(REFUSED) as [Exclude<Caller, 'owner' | 'admin'>, number][];

  it.each(refused)('%s: every endpoint through the gateway answers %i, with nothing of the business in it', async (who, status) => {
    for (const endpoint of ENDPOINTS) {
      const res = await call(who, endpoint.method, endpoint.path, bodyOf(endpoint));
      expect({ endpoint: `${endpoint.method} ${endpoint.path}`, status: res.status }).toEqual({ endpoint: `${endpoint.method} ${endpoint.path}`, status });
      expect(JSON.stringify(res.body)).not.toContain('בית מרקחת מרכז העיר');
    }
  });

  it.each(refused)('%s: every subject over NATS answers %i', async (who, status) => {
    for (const endpoint of ENDPOINTS) {
      const got = await natsStatus(who, endpoint.subject, { businessId: BUSINESS, ...endpoint.payload });
      expect({ subject: endpoint.subject, status: got }).toEqual({ subject: endpoint.subject, status });
    }
  });

  it('answers 404 for a business that is not a pharmacy, even to its own staff and to admins', async () => {
    for (const [who, business] of [['companyStaff', 'galil-fields'], ['admin', 'galil-fields'], ['admin', 'no-such-pharmacy'], ['owner', 'galil-fields']] as const) {
      for (const path of ['', '/orders', '/products', '/discounts', '/announcements', '/shipments']) {
        expect({ who, business, path, status: (await call(who, 'GET', path, undefined, business)).status }).toEqual({ who, business, path, status: 404 });
      }
    }
  });
});

describe.each(['owner', 'admin'] as const)('the back office lets the %s run the business', (who) => {
  it('reads every list and the dashboard, through the gateway and over NATS', async () => {
    for (const path of ['', '/orders', '/products', '/product-options', '/discount-product-options', '/discounts', '/announcements', '/shipments']) {
      const res = await call(who, 'GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    for (const subject of [
      Subjects.pharm.businessGet, Subjects.order.businessOrders, Subjects.order.businessStats, Subjects.pharm.businessProducts,
      Subjects.pharm.businessDiscounts, Subjects.pharm.businessAnnouncements, Subjects.shippingQuote.businessShipments,
    ]) {
      expect({ subject, status: await natsStatus(who, subject, { businessId: BUSINESS }) }).toEqual({ subject, status: 200 });
    }
  });

  it('saves the details and hours as they are, and an empty status change', async () => {
    const { business, openingHours } = (await call(who, 'GET', '')).body;
    const details = { name: business.name, phoneNumber: business.phoneNumber, whatsappNumber: business.whatsappNumber, wazeAddress: business.wazeAddress };
    expect((await call(who, 'PATCH', '', details)).status).toBe(200);
    const slots = Object.entries(openingHours as Record<string, { opensAt: string; closesAt: string }[]>)
      .flatMap(([dayOfWeek, day]) => day.map((slot) => ({ dayOfWeek, ...slot })));
    expect((await call(who, 'PUT', '/opening-hours', { openingHours: slots })).status).toBe(200);
    expect((await call(who, 'PATCH', '/orders', { orders: [] })).status).toBe(200);
  });

  it('creates, reads, changes, bumps and removes a product', async () => {
    const options = (await call(who, 'GET', '/product-options')).body;
    const productSlug = options.products[0].slug;
    const created = await call(who, 'POST', '/products', { ...DEFAULT_PHARM_PRODUCT, published: false, productSlug });
    expect(created.status).toBeLessThan(300);
    const id = created.body.pharmProduct.id;
    try {
      expect((await call(who, 'GET', `/products/${id}`)).status).toBe(200);
      const edit = { id, ...DEFAULT_PHARM_PRODUCT, published: false, alwaysInStock: false, amount: 3 };
      expect((await call(who, 'PATCH', '/products', { pharmProducts: [edit] })).status).toBe(200);
      expect((await call(who, 'POST', `/products/${id}/bump`)).status).toBeLessThan(300);
    } finally {
      expect((await call(who, 'DELETE', `/products/${id}`)).status).toBe(200);
    }
  });

  it('creates, reads, changes and removes a discount', async () => {
    const code = `AUTHZ_${who.toUpperCase()}_${Date.now().toString(36).toUpperCase()}`;
    expect((await call(who, 'POST', '/discounts', discountBody(code))).status).toBeLessThan(300);
    try {
      expect((await call(who, 'GET', `/discounts/${code}`)).status).toBe(200);
      expect((await call(who, 'PATCH', `/discounts/${code}`, { ...discountBody(code), amount: 7 })).status).toBe(200);
    } finally {
      expect((await call(who, 'DELETE', `/discounts/${code}`)).status).toBe(200);
    }
  });

  it('creates, reads, changes and removes an announcement', async () => {
    const created = await call(who, 'POST', '/announcements', announcementBody);
    expect(created.status).toBeLessThan(300);
    const id = created.body.announcement.id;
    try {
      expect((await call(who, 'GET', `/announcements/${id}`)).status).toBe(200);
      expect((await call(who, 'PATCH', `/announcements/${id}`, { ...announcementBody, content: 'הכרזה אחרת' })).status).toBe(200);
    } finally {
      expect((await call(who, 'DELETE', `/announcements/${id}`)).status).toBe(200);
    }
  });

  it('creates, reads, changes and removes a shipment', async () => {
    const { locations } = (await api('/api/locations')).body;
    const city = locations.find((l: Json) => l.type === 'city');
    const created = await call(who, 'POST', '/shipments', shipmentBody(city.id));
    expect(created.status).toBeLessThan(300);
    const id = created.body.shipment.id;
    try {
      expect((await call(who, 'GET', `/shipments/${id}`)).status).toBe(200);
      expect((await call(who, 'PATCH', `/shipments/${id}`, { ...shipmentBody(city.id), name: 'בדיקה אחרת' })).status).toBe(200);
    } finally {
      expect((await call(who, 'DELETE', `/shipments/${id}`)).status).toBe(200);
    }
  });
});
