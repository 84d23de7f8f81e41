import { ANALYTICS_EVENTS, COUPON_STATUS_MESSAGES, DOCUMENT_MAX_BYTES, Messages, Subjects, type CheckoutPublicKey } from '@mc/contracts';
import { connectNats, rpc, waitFor } from '@mc/kit/testing';
import Redis from 'ioredis';
import { api, fromMailbox, gatewayUrl, CLIENT_HEADERS } from './http';
import { encryptIdNumber, signedInUser } from './patients';

// Checkout, orders, documents and analytics through the gateway, against the whole stack and the fixtures' seed:
// merkaz-tel-aviv (offer 2; coupons WELCOME10 new customers only, SAVE20, EXPIRED5) and layla-haifa (offer 8), both
// picked up; orders e-mailed to orders@<slug>.pharm.test (the local mailbox).

const send = (method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit => (body === undefined
  ? { method, headers }
  : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const VALID_ID = '123456782';
const MERKAZ = 'merkaz-tel-aviv';
const LAYLA = 'layla-haifa';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 3)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

function documentsForm(over: Partial<Record<'idDocument' | 'licenseDocument' | 'prescriptionDocument', Buffer | null>> = {}): FormData {
  const files = { idDocument: PNG, licenseDocument: PDF, prescriptionDocument: PDF, ...over };
  const form = new FormData();
  form.append('idNumber', VALID_ID);
  for (const [field, bytes] of Object.entries(files)) {
    if (bytes) form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${field}.pdf`);
  }
  return form;
}

const upload = (path: string, jwt: string, form: FormData) => api(path, { method: 'POST', body: form, headers: bearer(jwt) });

describe('checkout and orders through the gateway', () => {
  let key: CheckoutPublicKey;
  let alice: { jwt: string; email: string };
  let bob: { jwt: string; email: string };

  const orderForm = (over: Record<string, unknown> = {}) => ({
    firstName: 'נועה', lastName: 'לוי', phone: '050-1234567', email: alice.email, agreeTOU: true, agreeDisclaimer: true,
    selectedPickup: [MERKAZ, LAYLA], encryptedPii: encryptIdNumber(key, VALID_ID), ...over,
  });
  const fillCart = (jwt: string) => api('/api/cart', send('PUT', { cartItems: [{ pharmProductId: 2, amount: 1 }, { pharmProductId: 8, amount: 1 }] }, bearer(jwt)));

  beforeAll(async () => {
    alice = await signedInUser('alice');
    bob = await signedInUser('bob');
  }, 60_000);

  it('answers the public key, cacheable for a few minutes, with no token', async () => {
    const res = await api('/api/checkout/public-key');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ keyId: expect.any(String), publicKey: expect.any(String), algorithm: 'RSA-OAEP-256' });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    key = res.body;
  });

  it('is for signed-in users only (401 for no token and a bad one)', async () => {
    const routes: [string, RequestInit][] = [
      ['/api/checkout/coupon', send('POST', { couponCode: 'SAVE20' })],
      ['/api/checkout/quote', send('POST', {})],
      ['/api/orders', send('POST', {})],
      ['/api/orders/batches/8f0c6c1e-9d4e-4b8a-9a57-1d2b3c4d5e6f', send('GET')],
      ['/api/user/orders', send('GET')],
    ];
    for (const [path, init] of routes) {
      expect(await api(path, init)).toMatchObject({ status: 401, body: { message: Messages.signInRequired } });
      expect((await api(path, { ...init, headers: { ...init.headers, ...bearer('a.b.c') } })).status).toBe(401);
    }
    expect((await upload('/api/user/orders/1/documents', '', documentsForm())).status).toBe(401);
  });

  it("answers each coupon's status with spec 8's message; a malformed code is a 400", async () => {
    const check = async (couponCode: string) => (await api('/api/checkout/coupon', send('POST', { couponCode }, bearer(bob.jwt))));
    const valid = await check('SAVE20');
    expect(valid).toMatchObject({ status: 200, body: { validationStatus: 'VALID', message: COUPON_STATUS_MESSAGES.VALID, pharm: { slug: MERKAZ } } });
    expect(valid.headers.get('cache-control')).toBe('no-store');
    expect((await check('EXPIRED5')).body).toMatchObject({ validationStatus: 'EXPIRED', message: COUPON_STATUS_MESSAGES.EXPIRED });
    expect((await check('NOSUCHCODE1')).body).toMatchObject({ validationStatus: 'NOT_FOUND', message: COUPON_STATUS_MESSAGES.NOT_FOUND });
    expect((await check('WELCOME10')).body).toMatchObject({ validationStatus: 'VALID' });
    expect(await check('not a code!')).toMatchObject({ status: 400, body: { message: Messages.couponPattern } });
  });

  it('stops a user guessing coupons after 30 checks a minute (429)', async () => {
    const guesser = await signedInUser('guesser');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await api('/api/checkout/coupon', send('POST', { couponCode: `GUESS${i}` }, bearer(guesser.jwt)))).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  }, 60_000);

  it('quotes the cart, places one batch, refuses the identical order with 409, and shows the batch to its owner only', async () => {
    expect((await fillCart(alice.jwt)).status).toBe(200);
    const quote = await api('/api/checkout/quote', send('POST', { couponCodes: ['SAVE20'], selectedPickup: [MERKAZ, LAYLA] }, bearer(alice.jwt)));
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ pharmsCount: 2, couponCodes: ['SAVE20'] });
    expect(quote.body.pharmsQuotes.map((q: { pharmSlug: string }) => q.pharmSlug).sort()).toEqual([LAYLA, MERKAZ]);

    const created = await api('/api/orders', send('POST', orderForm({ couponCodes: ['SAVE20'] }), bearer(alice.jwt)));
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect(created.body.orders).toHaveLength(2);
    const { uid } = created.body;

    // The cart is emptied once the batch is placed; fill it again to place the same order again.
    await waitFor('the ordered lines to leave the cart', async () => (await api('/api/cart', send('GET', undefined, bearer(alice.jwt)))).body.items.length === 0, { timeoutMs: 15_000 });
    await fillCart(alice.jwt);
    expect(await api('/api/orders', send('POST', orderForm({ couponCodes: ['SAVE20'] }), bearer(alice.jwt)))).toMatchObject({ status: 409, body: { message: Messages.identicalOrder } });

    const mine = await api(`/api/orders/batches/${uid}`, send('GET', undefined, bearer(alice.jwt)));
    expect(mine).toMatchObject({ status: 200, body: { uid } });
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect((await api(`/api/orders/batches/${uid}`, send('GET', undefined, bearer(bob.jwt)))).status).toBe(404);

    const list = await api('/api/user/orders?page=1', send('GET', undefined, bearer(alice.jwt)));
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining(created.body.orders.map((o: { id: number }) => o.id)));
    expect((await api('/api/user/orders?page=x', send('GET', undefined, bearer(alice.jwt)))).status).toBe(400);
    expect((await api('/api/user/orders', send('GET', undefined, bearer(bob.jwt)))).body.orders).toEqual([]);
    // One order by its number (the messages' links): the owner's alone; another's is not there; a bad one is 400.
    const one = created.body.orders[0].id;
    expect((await api(`/api/user/orders?order=${one}`, send('GET', undefined, bearer(alice.jwt)))).body).toMatchObject({ total: 1, orders: [{ id: one }] });
    expect((await api(`/api/user/orders?order=${one}`, send('GET', undefined, bearer(bob.jwt)))).body).toMatchObject({ total: 0, orders: [] });
    expect((await api('/api/user/orders?order=x', send('GET', undefined, bearer(alice.jwt)))).status).toBe(400);

    // The pharmacy hears of its new order; the patient gets one confirmation.
    const merkazOrder = created.body.orders.find((o: { pharm: { slug: string } }) => o.pharm.slug === MERKAZ);
    await fromMailbox('the new order at merkaz', (a) => (a.includes(`orders@${MERKAZ}.pharm.test`) && a.includes(`#${merkazOrder.id}`) ? true : undefined), 30_000);
    await fromMailbox("the patient's confirmation", (a) => (a.includes(alice.email) && a.includes(`#${merkazOrder.id}`) ? true : undefined), 30_000);
    // New customers only: alice has ordered at merkaz now.
    expect((await api('/api/checkout/coupon', send('POST', { couponCode: 'WELCOME10' }, bearer(alice.jwt)))).body).toMatchObject({ validationStatus: 'NOT_ALLOWED' });
    // SAVE20 (₪20 off) is used up only if it lowered the price: merkaz's own MERKAZ_OIL20 takes the same ₪20 off offer 2,
    // so the order's discounts tell which of the two did.
    const lowered = (merkazOrder.discounts as { code: string }[]).some((d) => d.code === 'SAVE20');
    expect((await api('/api/checkout/coupon', send('POST', { couponCode: 'SAVE20' }, bearer(alice.jwt)))).body)
      .toMatchObject({ validationStatus: lowered ? 'ALREADY_USED' : 'VALID' });
  }, 90_000);

  describe('documents', () => {
    let uid: string;
    let patient: { jwt: string; email: string };
    let orderIds: number[];

    beforeAll(async () => {
      const user = await signedInUser('docs');
      patient = user;
      await fillCart(user.jwt);
      const created = await api('/api/orders', send('POST', orderForm({ email: user.email }), bearer(user.jwt)));
      expect(created.status).toBe(201);
      uid = created.body.uid;
      orderIds = created.body.orders.map((o: { id: number }) => o.id);
      // Order opens a placed order itself; documents are taken for open or pending orders.
      await waitFor('the orders to open', async () => (await api(`/api/orders/batches/${uid}`, send('GET', undefined, bearer(user.jwt)))).body.orders.every((o: { status: string }) => o.status === 'open'), { timeoutMs: 20_000 });
    }, 60_000);

    it("refuses a missing document, a text file named .pdf and one of 3,000,000 bytes with spec 5's messages", async () => {
      const path = `/api/orders/batches/${uid}/documents`;
      expect(await upload(path, patient.jwt, documentsForm({ licenseDocument: null }))).toMatchObject({ status: 400, body: { message: Messages.documentLicenseRequired } });
      expect(await upload(path, patient.jwt, documentsForm({ idDocument: null, licenseDocument: null, prescriptionDocument: null }))).toMatchObject({ status: 400, body: { message: Messages.documentIdRequired } });
      expect(await upload(path, patient.jwt, documentsForm({ prescriptionDocument: Buffer.from('a plain text file, renamed .pdf') }))).toMatchObject({ status: 400, body: { message: Messages.documentWrongType } });
      const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES - PDF.length, 32)]);
      expect(await upload(path, patient.jwt, documentsForm({ idDocument: big }))).toMatchObject({ status: 400, body: { message: Messages.documentTooLarge } });
    });

    it("refuses another user's batch", async () => {
      expect([404, 409]).toContain((await upload(`/api/orders/batches/${uid}/documents`, bob.jwt, documentsForm())).status);
    });

    it('forwards the three documents to each pharmacy (names only in the mailbox, nothing left in Redis); a second upload is a 409', async () => {
      const near = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES - 1 - PDF.length, 32)]);
      const res = await upload(`/api/orders/batches/${uid}/documents`, patient.jwt, documentsForm({ licenseDocument: near, prescriptionDocument: near }));
      expect(res).toMatchObject({ status: 202, body: { message: Messages.documentsSubmitted } });
      const nc = await connectNats();
      try {
        for (const orderId of orderIds) {
          const mail = await waitFor(`the documents of order ${orderId}`, async () =>
            (await rpc(nc, Subjects.notifications.mailboxList, {})).messages.find((m) => m.subject === `מסמכים להזמנה #${orderId}`), { timeoutMs: 30_000 });
          expect(mail!.attachments?.map((a) => a.filename)).toEqual(['idDocument.png', 'licenseDocument.pdf', 'prescriptionDocument.pdf']);
          expect(mail!.attachments?.[1].size).toBe(near.length);
          expect(mail!.body).not.toContain(VALID_ID);
        }
      } finally {
        await nc.close();
      }
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      try {
        await waitFor('the sealed documents to be deleted', async () => (await redis.keys('documents-transit:*')).length === 0, { timeoutMs: 15_000 });
      } finally {
        redis.disconnect();
      }
      await waitFor('order to record the delivery', async () =>
        (await api(`/api/orders/batches/${uid}`, send('GET', undefined, bearer(patient.jwt)))).body.orders.every((o: { documents: string }) => o.documents === 'delivered'), { timeoutMs: 20_000 });
      expect((await upload(`/api/user/orders/${orderIds[0]}/documents`, patient.jwt, documentsForm())).status).toBe(409);
    }, 90_000);

    it('refuses multipart on routes that do not take it', async () => {
      const res = await fetch(`${gatewayUrl()}/api/contact`, { method: 'POST', body: documentsForm(), headers: CLIENT_HEADERS });
      expect(res.status).toBe(415);
    });
  });

  it("fills an empty profile phone with the checkout's phone, and never overwrites one (issue 26)", async () => {
    const phoneOf = async (jwt: string) => (await api('/api/user', send('GET', undefined, bearer(jwt)))).body.user.phone;
    const carol = await signedInUser('carol');
    const dan = await signedInUser('dan');
    expect(await phoneOf(carol.jwt)).toBeNull();
    expect((await api('/api/user', send('PATCH', { firstName: 'דן', lastName: 'לוי', phone: '052-1111111' }, bearer(dan.jwt)))).status).toBe(200);
    for (const who of [carol, dan]) {
      expect((await fillCart(who.jwt)).status).toBe(200);
      expect((await api('/api/orders', send('POST', orderForm({ email: who.email, phone: '050-2222222' }), bearer(who.jwt)))).status).toBe(201);
    }
    expect(await phoneOf(carol.jwt)).toBe('050-2222222');
    expect(await phoneOf(dan.jwt)).toBe('052-1111111');
  }, 60_000);

  it('counts begin_checkout, purchase and the error, not-found and scroll-depth events per day, and refuses anything else', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      const before = Number((await redis.get(`analytics:${day}:purchase`)) ?? 0);
      expect((await api('/api/analytics', send('POST', { event: 'purchase' }))).status).toBe(204);
      expect((await api('/api/analytics', send('POST', { event: 'begin_checkout' }))).status).toBe(204);
      for (const event of ['error_page', 'not_found_page', 'scroll_half', 'scroll_end']) {
        expect((await api('/api/analytics', send('POST', { event }))).status).toBe(204);
      }
      expect(Number(await redis.get(`analytics:${day}:purchase`))).toBe(before + 1);
      expect(await redis.ttl(`analytics:${day}:purchase`)).toBeGreaterThan(399 * 24 * 3600);
      expect((await api('/api/analytics', send('POST', { event: 'page_view' }))).status).toBe(400);
      expect((await api('/api/analytics', send('POST', { event: 'purchase', userId: 7 }))).status).toBe(400);
      // Nothing but the counters: no key names a user or an address.
      expect((await redis.keys(`analytics:${day}:*`)).sort()).toEqual(ANALYTICS_EVENTS.map((event) => `analytics:${day}:${event}`).sort());
      // Operators read the counts; no one else does.
      const admin = (await api('/api/auth/signin', send('POST', { email: 'admin@medcanna.local', password: 'demo-admin' }))).body.jwt;
      const read = await api('/api/analytics?days=2', send('GET', undefined, bearer(admin)));
      expect(read.status).toBe(200);
      expect(read.body.days[0]).toEqual({
        day, begin_checkout: expect.any(Number), purchase: before + 1,
        error_page: expect.any(Number), not_found_page: expect.any(Number), scroll_half: expect.any(Number), scroll_end: expect.any(Number),
      });
      expect(read.body.days).toHaveLength(2);
      expect((await api('/api/analytics', send('GET', undefined, bearer(bob.jwt)))).status).toBe(403);
      expect((await api('/api/analytics', send('GET'))).status).toBe(401);
      expect((await api('/api/analytics?days=401', send('GET', undefined, bearer(admin)))).status).toBe(400);
    } finally {
      redis.disconnect();
    }
  });
});
