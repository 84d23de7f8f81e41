import { BusinessMessages, DiscountMessages, Messages, type BusinessDiscount, type DiscountProductOptionsPage } from '@mc/contracts';
import { api } from './http';

// The back office's discounts through the gateway, against the whole stack (coupons on: APP_ENV=test). Codes are unique
// across pharmacies: this suite's are E2EGD_ plus a run id, removed when it ends. Coupons off: security-defaults.e2e.ts.

const MERKAZ = 'merkaz-tel-aviv';
const LAYLA = 'layla-haifa';
const RUN = Date.now().toString(36).toUpperCase();
const code = (name: string) => `E2EGD_${name}_${RUN}`;
const send = (method: string, jwt?: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const signIn = async (email: string, password: string): Promise<string> => {
  const res = await api('/api/auth/signin', send('POST', undefined, { email, password }));
  expect(res.status).toBe(200);
  return res.body.jwt;
};
const fields = (over: Record<string, unknown> = {}) => ({
  name: 'הנחת בדיקה', code: code('ALL'), type: 'all-products', amountType: 'percent', amount: 10, published: true, allowMultiple: false,
  newCustomersOnly: false, startDate: new Date().toISOString(), endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(), pharmProductIds: [], ...over,
});

describe('the back office’s discounts (/api/business/{businessId}/discounts)', () => {
  let owner: string;
  let owner2: string;
  let admin: string;
  let patient: string;
  let company: string;
  const made: string[] = [];

  beforeAll(async () => {
    [owner, owner2, admin, patient, company] = await Promise.all([
      signIn('pharmacist@medcanna.local', 'demo-pharmacist'), signIn('pharmacist2@medcanna.local', 'demo-pharmacist2'),
      signIn('admin@medcanna.local', 'demo-admin'), signIn('patient@medcanna.local', 'demo-patient'), signIn('company@medcanna.local', 'demo-company'),
    ]);
  });
  afterAll(async () => {
    for (const c of made) await api(`/api/business/${MERKAZ}/discounts/${c}`, send('DELETE', admin));
  });

  it('answers 401 signed out, 403 to a patient, 404 to another pharmacy’s owner and to a company’s staff', async () => {
    for (const [method, path, body] of [
      ['GET', 'discounts'], ['GET', 'discounts/ANY'], ['POST', 'discounts', fields({ code: code('AUTHZ') })], ['PATCH', 'discounts/ANY', fields()],
      ['DELETE', 'discounts/ANY'], ['GET', 'discount-product-options'],
    ] as [string, string, unknown?][]) {
      expect((await api(`/api/business/${MERKAZ}/${path}`, send(method, undefined, body))).status).toBe(401);
      expect((await api(`/api/business/${MERKAZ}/${path}`, send(method, patient, body))).status).toBe(403);
      expect(await api(`/api/business/${MERKAZ}/${path}`, send(method, owner2, body))).toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    }
    expect((await api('/api/business/galil-fields/discounts', send('GET', company))).status).toBe(404);
  });

  it('creates, reads, lists, changes the code of, and removes a discount as the owner; an admin may too', async () => {
    const options = await api(`/api/business/${MERKAZ}/discount-product-options?page=1`, send('GET', owner));
    expect(options.status).toBe(200);
    const page = options.body as DiscountProductOptionsPage;
    expect(page.total).toBeGreaterThan(0);
    const offer = page.pharmProducts[0];
    expect(offer).toEqual({ id: expect.any(Number), name: expect.any(String), originalPrice: expect.any(Number) });

    const created = await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, fields({ code: code('SOME'), type: 'specific-products', amountType: 'fixed', amount: 7.5, pharmProductIds: [offer.id] })));
    expect(created.status).toBe(201);
    made.push(code('SOME'));
    expect(created.body.discount).toMatchObject({ code: code('SOME'), amount: 7.5, amountType: 'fixed', pharmProducts: [offer] });

    expect((await api(`/api/business/${MERKAZ}/discounts/${code('SOME').toLowerCase()}`, send('GET', owner))).body.discount).toMatchObject({ code: code('SOME') });
    const list = await api(`/api/business/${MERKAZ}/discounts?page=1`, send('GET', admin));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ perPage: 20, currentPage: 1 });
    expect((list.body.discounts as BusinessDiscount[]).some((d) => d.code === code('SOME'))).toBe(true);

    const changed = await api(`/api/business/${MERKAZ}/discounts/${code('SOME')}`, send('PATCH', admin, fields({ code: code('SOME2'), type: 'specific-products', pharmProductIds: [offer.id] })));
    expect(changed.status).toBe(200);
    made.push(code('SOME2'));
    expect(changed.body.discount).toMatchObject({ code: code('SOME2'), amountType: 'percent', amount: 10 });
    expect((await api(`/api/business/${MERKAZ}/discounts/${code('SOME')}`, send('GET', owner))).status).toBe(404);

    expect(await api(`/api/business/${MERKAZ}/discounts/${code('SOME2')}`, send('DELETE', owner))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await api(`/api/business/${MERKAZ}/discounts/${code('SOME2')}`, send('GET', owner))).toMatchObject({ status: 404, body: { message: DiscountMessages.notFound } });
  });

  it('refuses §5’s faults with their Hebrew (400), a taken code (409), another pharmacy’s offer (400), malformed pages', async () => {
    expect(await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, fields({ name: '' })))).toMatchObject({ status: 400, body: { message: BusinessMessages.discountNameRequired } });
    expect(await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, fields({ amount: 0 })))).toMatchObject({ status: 400, body: { message: BusinessMessages.amountTooSmall } });
    expect(await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, fields({ type: 'specific-products' })))).toMatchObject({ status: 400, body: { message: BusinessMessages.required } });
    expect(await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, fields({ type: 'coupon', code: 'לא' })))).toMatchObject({ status: 400, body: { message: BusinessMessages.couponCodeInvalid } });
    expect((await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, 'not json'))).status).toBe(400);
    const laylaOffer = ((await api(`/api/business/${LAYLA}/discount-product-options`, send('GET', owner2))).body as DiscountProductOptionsPage).pharmProducts[0];
    expect(await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, fields({ code: code('OTHER'), type: 'specific-products', pharmProductIds: [laylaOffer.id] }))))
      .toMatchObject({ status: 400, body: { message: DiscountMessages.productNotOffered } });

    expect((await api(`/api/business/${MERKAZ}/discounts`, send('POST', owner, fields({ code: code('DUP') })))).status).toBe(201);
    made.push(code('DUP'));
    // Unique across pharmacies whatever the case: layla-haifa's owner cannot take it either.
    expect(await api(`/api/business/${LAYLA}/discounts`, send('POST', owner2, fields({ code: code('DUP').toLowerCase() }))))
      .toMatchObject({ status: 409, body: { message: BusinessMessages.codeTaken } });
    for (const bad of ['0', 'x', '1.5', '99999999999']) expect((await api(`/api/business/${MERKAZ}/discounts?page=${bad}`, send('GET', owner))).status).toBe(400);
    expect((await api(`/api/business/${MERKAZ}/discount-product-options?search=${'x'.repeat(101)}`, send('GET', owner))).status).toBe(400);
  });
});
