import {
  BUSINESS_PAGE_SIZE, ErrorCodes, Events, Messages, Subjects, type BusinessOrder, type CheckoutPublicKey, type CreateOrderDto, type CustomerOrder,
} from '@mc/contracts';
import { rpcUntyped, waitFor } from '@mc/kit/testing';
import { encryptIdNumber, freshUserId, restock, rpcOn, useOrderStack, userOf, type Offer } from './support';

const VALID_ID = '123456782';

describe('order service: the back office order table (order.business.list), statuses and ID numbers', () => {
  const s = useOrderStack();
  const call = rpcOn(s.nc);
  const run = Date.now().toString(36).toUpperCase();
  let key: CheckoutPublicKey;
  let a: Offer[];
  let b: Offer[];
  /** A synthetic pharmacy of this run with 25 orders made in SQL (paging), its slug known to order by its orders. */
  const synthetic = `it-bo-${run.toLowerCase()}`;

  const place = async (who: { as: { caller: string } }, offer: Offer, details: Partial<CreateOrderDto>) => {
    await call(Subjects.cart.cartStore, { cartItems: [{ pharmProductId: offer.id, amount: 1 }] }, who.as);
    const batch = await call(Subjects.order.orderCreate, {
      firstName: 'ישראל', lastName: 'ישראלי', phone: '050-1234567', email: 'patient@example.com', agreeTOU: true, agreeDisclaimer: true,
      selectedPickup: [offer.pharmSlug], encryptedPii: encryptIdNumber(key, VALID_ID), ...details,
    } as CreateOrderDto, who.as);
    return batch.orders[0];
  };

  beforeAll(async () => {
    ({ a, b } = s.offers());
    key = await call(Subjects.order.publicKey, {});
    // Earlier runs' synthetic pharmacies go (this database is the order suites' own).
    await s.pg().query(`DELETE FROM "order".orders WHERE pharm_slug LIKE 'it-bo-%'`);
    await s.pg().query(`DELETE FROM "order".batches WHERE fingerprint LIKE 'it-bo-%'`);
    await s.pg().query(`INSERT INTO "order".batches (uid, user_id, fingerprint, created_at) VALUES (gen_random_uuid(), 1, $1, now())`, [synthetic]);
    await s.pg().query(`
      INSERT INTO "order".orders (batch_uid, user_id, pharm_slug, pharm_name, status, first_name, last_name, phone, email, pickup,
        items_total, list_total, discounts_total, shipping_price, total, created_at, updated_at)
      SELECT b.uid, 1, $1, 'בית מרקחת בדיקה', 'open', 'לקוח', 'מספר ' || n, '052-000' || lpad(n::text, 4, '0'), 'c' || n || '@example.com', true,
        1000 * n, 1000 * n, 0, 0, 1000 * n, now() - make_interval(hours => n), now() - make_interval(hours => n)
      FROM generate_series(1, 25) n, "order".batches b WHERE b.fingerprint = $1`, [synthetic]);
  });
  beforeEach(() => restock(s.pg(), [...a, ...b]));

  it('pages a pharmacy\'s orders newest first, 20 a page, with the total; past the last page none', async () => {
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${synthetic}`] });
    const first = await call(Subjects.order.businessOrders, { businessId: synthetic }, owner.as);
    expect(first).toMatchObject({ total: 25, perPage: BUSINESS_PAGE_SIZE.orders, currentPage: 1 });
    expect(first.orders).toHaveLength(20);
    expect(first.orders.map((o) => o.lastName).slice(0, 3)).toEqual(['מספר 1', 'מספר 2', 'מספר 3']);
    const second = await call(Subjects.order.businessOrders, { businessId: synthetic, page: 2 }, owner.as);
    expect(second.orders.map((o) => o.lastName)).toEqual(['מספר 21', 'מספר 22', 'מספר 23', 'מספר 24', 'מספר 25']);
    expect(await call(Subjects.order.businessOrders, { businessId: synthetic, page: 3 }, owner.as)).toMatchObject({ orders: [], total: 25, currentPage: 3 });
    // The page arrives as the query string's text too.
    expect((await rpcUntyped(s.nc(), Subjects.order.businessOrders, { businessId: synthetic, page: '2' }, owner.as) as { currentPage: number }).currentPage).toBe(2);
    await expect(rpcUntyped(s.nc(), Subjects.order.businessOrders, { businessId: synthetic, page: 0 }, owner.as)).rejects.toMatchObject({ status: 400 });
    await expect(rpcUntyped(s.nc(), Subjects.order.businessOrders, { businessId: synthetic, search: 'x'.repeat(101) }, owner.as)).rejects.toMatchObject({ status: 400 });
  });

  it("shows every order of a pharmacy with the money its patient sees: its lines after discounts plus shipping, to the agora", async () => {
    // Layla's LAYLA_NIGHT3 (3% off everything) lowers every line of these orders.
    const patient = userOf(s.identity, freshUserId());
    await place(patient, b[0], {});
    await call(Subjects.cart.cartStore, { cartItems: [{ pharmProductId: b[0].id, amount: 2 }, { pharmProductId: b[1].id, amount: 1 }] }, patient.as);
    await call(Subjects.order.orderCreate, {
      firstName: 'ישראל', lastName: 'ישראלי', phone: '050-1234567', email: 'patient@example.com', agreeTOU: true, agreeDisclaimer: true,
      selectedPickup: [b[0].pharmSlug], encryptedPii: encryptIdNumber(key, VALID_ID),
    } as CreateOrderDto, patient.as);
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${b[0].pharmSlug}`] });
    const agorot = (shekels: number) => Math.round(shekels * 100);
    const money = (o: CustomerOrder | BusinessOrder) => [o.id, o.cartCostTotalPrice, o.cartCostDiscountsTotalAmount, o.shippingCostTotalPrice, o.totalPrice];

    // Every order the pharmacy has (all pages): each total is its lines after discounts plus shipping.
    const everyOrder: BusinessOrder[] = [];
    for (let page = 1; ; page++) {
      const { orders } = await call(Subjects.order.businessOrders, { businessId: b[0].pharmSlug, page }, owner.as);
      if (!orders.length) break;
      everyOrder.push(...orders);
    }
    expect(everyOrder.length).toBeGreaterThanOrEqual(2);
    for (const o of everyOrder) {
      expect([o.id, agorot(o.cartCostTotalPrice)]).toEqual([o.id, o.items.reduce((sum, i) => sum + agorot(i.price) * i.amount, 0)]);
      expect([o.id, agorot(o.totalPrice)]).toEqual([o.id, agorot(o.cartCostTotalPrice) + agorot(o.shippingCostTotalPrice)]);
    }
    // The patient's list says the same of each of theirs, discounts included.
    const mine = (await call(Subjects.order.userOrders, {}, patient.as)).orders;
    expect(mine).toHaveLength(2);
    expect(mine.every((o) => o.cartCostDiscountsTotalAmount > 0)).toBe(true);
    const seen = new Map(everyOrder.map((o) => [o.id, o]));
    expect(mine.map(money)).toEqual(mine.map((o) => money(seen.get(o.id)!)));
  });

  it('searches by first or last name (Hebrew, final letters, either order), phone with or without dashes, e-mail, or order id', async () => {
    const tag = `${run}${Math.floor(Math.random() * 1e6)}`;
    const digits = `054${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const email = `bo-${tag.toLowerCase()}@example.com`;
    const dana = await place(userOf(s.identity, freshUserId()), a[0], { firstName: 'דנה', lastName: `כהן${tag}`, phone: `${digits.slice(0, 3)}-${digits.slice(3)}`, email, notes: 'להשאיר ליד הדלת' });
    const other = await place(userOf(s.identity, freshUserId()), a[0], { firstName: 'יוסף', lastName: `לוין${tag}` });
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`] });
    const ids = async (search: string) => (await call(Subjects.order.businessOrders, { businessId: a[0].pharmSlug, search }, owner.as)).orders.map((o) => o.id);

    expect(await ids(`כהן${tag}`)).toEqual([dana.id]);
    expect(await ids(`דנה כהן${tag}`)).toEqual([dana.id]);
    expect(await ids(`כהן${tag} דנה`)).toEqual([dana.id]);
    expect(await ids(tag)).toEqual([other.id, dana.id]);
    // A final letter typed as its regular form, and the other way round.
    expect(await ids(`לוינ${tag}`)).toEqual([other.id]);
    expect(await ids('יוסף').then((found) => found.includes(other.id))).toBe(true);
    expect(await ids(digits)).toEqual([dana.id]);
    expect(await ids(`${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`)).toEqual([dana.id]);
    expect(await ids(email.toUpperCase())).toEqual([dana.id]);
    // An id of three digits or more also finds the phones holding those digits (the search box's rule): the order is among them.
    expect(await ids(String(dana.id))).toContain(dana.id);
    expect(await ids(`${tag}%`)).toEqual([]);
    expect(await ids('zz-nothing-like-it')).toEqual([]);

    // Another pharmacy's owner finds none of them under their own pharmacy.
    const ownerB = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${b[0].pharmSlug}`] });
    expect((await call(Subjects.order.businessOrders, { businessId: b[0].pharmSlug, search: tag }, ownerB.as)).total).toBe(0);
    // (Its own orders whose phones hold the id's digits are found there, as the rule above says; never dana's order.)
    const underB = await call(Subjects.order.businessOrders, { businessId: b[0].pharmSlug, search: String(dana.id) }, ownerB.as);
    expect(underB.orders.map((o) => o.id)).not.toContain(dana.id);
    expect(underB.orders.every((o) => o.phone.replace(/\D/g, '').includes(String(dana.id)))).toBe(true);

    // Spec 3's order as the pharmacy sees it: contact, items, totals, hasIdNumber; never the ID number itself.
    const [row] = (await call(Subjects.order.businessOrders, { businessId: a[0].pharmSlug, search: String(dana.id) }, owner.as)).orders;
    expect(row).toMatchObject({
      id: dana.id, firstName: 'דנה', phone: `${digits.slice(0, 3)}-${digits.slice(3)}`, email, pickup: true, address: null, notes: 'להשאיר ליד הדלת',
      hasIdNumber: true, productsCount: 1, items: [{ pharmProductId: a[0].id, amount: 1 }], documents: 'none',
    });
    expect(row.cartCostDiscountsOriginalPrice).toBeGreaterThanOrEqual(row.cartCostTotalPrice);
    expect(row.totalPrice).toBe(row.cartCostTotalPrice + row.shippingCostTotalPrice);
    expect(row).not.toHaveProperty('pharm');
    expect(JSON.stringify(row)).not.toContain(VALID_ID);
  });

  it('answers 401 anonymous, 403 a user who manages no business, 404 another business or anything not a pharmacy, 200 owner and admin', async () => {
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`] });
    const admin = userOf(s.identity, freshUserId(), { role: 'admin' });
    const company = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: ['company:galil-fields'] });
    const user = userOf(s.identity, freshUserId());
    const list = (businessId: string, as?: { caller: string }) => rpcUntyped(s.nc(), Subjects.order.businessOrders, { businessId }, as);
    await expect(list(a[0].pharmSlug)).rejects.toMatchObject({ status: 401 });
    await expect(list(a[0].pharmSlug, user.as)).rejects.toMatchObject({ status: 403 });
    await expect(list(b[0].pharmSlug, owner.as)).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    await expect(list('galil-fields', company.as)).rejects.toMatchObject({ status: 404, code: ErrorCodes.notFound, message: Messages.businessNotFound });
    await expect(list(`no-such-pharm-${run.toLowerCase()}`, admin.as)).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    await expect(rpcUntyped(s.nc(), Subjects.order.businessStatusUpdate, { businessId: `no-such-pharm-${run.toLowerCase()}`, orders: [] }, admin.as)).rejects.toMatchObject({ status: 404 });
    expect(await list(a[0].pharmSlug, owner.as)).toMatchObject({ currentPage: 1 });
    expect(await list(b[0].pharmSlug, admin.as)).toMatchObject({ currentPage: 1 });
    // A pharmacy with no orders yet is still a pharmacy (pharm says so): an empty table, not 404.
    const { rows } = await s.pg().query(`SELECT slug FROM pharm.pharmacies WHERE slug NOT IN (SELECT DISTINCT pharm_slug FROM "order".orders) ORDER BY slug LIMIT 1`);
    if (rows.length) expect(await list(rows[0].slug, admin.as)).toMatchObject({ orders: [], total: 0 });
  });

  it('moves statuses all or none: a final order refuses with 409 and leaves the others of the call unchanged; admins may move them', async () => {
    const u = userOf(s.identity, freshUserId());
    const first = await place(u, a[0], { notes: `first ${run}` });
    const second = await place(userOf(s.identity, freshUserId()), a[1], { notes: `second ${run}` });
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`] });
    const admin = userOf(s.identity, freshUserId(), { role: 'admin' });
    const status = async (id: number) => (await s.pg().query('SELECT status FROM "order".orders WHERE id = $1', [id])).rows[0].status;
    await waitFor('open', async () => (await status(first.id)) === 'open' && (await status(second.id)) === 'open');

    expect(await call(Subjects.order.businessStatusUpdate, { businessId: a[0].pharmSlug, orders: [{ orderId: first.id, status: 'complete' }] }, admin.as))
      .toEqual({ orders: [{ orderId: first.id, status: 'complete' }] });
    const update = (orders: { orderId: number | string; status: string }[]) => rpcUntyped(s.nc(), Subjects.order.businessStatusUpdate, { businessId: a[0].pharmSlug, orders }, owner.as);
    await expect(update([{ orderId: second.id, status: 'pending' }, { orderId: first.id, status: 'canceled' }]))
      .rejects.toMatchObject({ status: 409, message: Messages.orderStatusLocked });
    expect(await status(second.id)).toBe('open');
    // Its own status again changes nothing, even when final.
    expect(await update([{ orderId: first.id, status: 'complete' }, { orderId: second.id, status: 'pending' }]))
      .toEqual({ orders: [{ orderId: first.id, status: 'complete' }, { orderId: second.id, status: 'pending' }] });
    await expect(update([{ orderId: second.id, status: 'new' }])).rejects.toMatchObject({ status: 400 });
    await expect(update([{ orderId: 'x', status: 'pending' }])).rejects.toMatchObject({ status: 400 });
    const moves = await s.pg().query(`SELECT count(*)::int AS n FROM "order".outbox WHERE subject = $1 AND (envelope->'data'->>'orderId')::int = $2`, [Events.order.statusChanged, first.id]);
    expect(moves.rows[0].n).toBe(2); // open, complete
    const byAdmin = await s.pg().query(`SELECT by_user_id FROM "order".status_history WHERE order_id = $1 AND "to" = 'complete'`, [first.id]);
    expect(byAdmin.rows).toEqual([{ by_user_id: admin.userId }]);
  });

  it("reads the ID number for the pharmacy's owner and an admin, each reading recorded; another pharmacy's order is 404", async () => {
    const order = await place(userOf(s.identity, freshUserId()), a[0], { notes: `id ${run}` });
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`, `pharmacy:${b[0].pharmSlug}`] });
    const admin = userOf(s.identity, freshUserId(), { role: 'admin' });
    expect(await call(Subjects.order.businessIdNumber, { businessId: a[0].pharmSlug, orderId: order.id }, owner.as)).toEqual({ idNumber: VALID_ID });
    expect(await call(Subjects.order.businessIdNumber, { businessId: a[0].pharmSlug, orderId: order.id }, admin.as)).toEqual({ idNumber: VALID_ID });
    await expect(call(Subjects.order.businessIdNumber, { businessId: b[0].pharmSlug, orderId: order.id }, owner.as)).rejects.toMatchObject({ status: 404, message: Messages.orderNotFound });
    await expect(call(Subjects.order.businessIdNumber, { businessId: `no-such-pharm-${run.toLowerCase()}`, orderId: order.id }, admin.as)).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    const reads = await s.pg().query('SELECT user_id FROM "order".id_number_reads WHERE order_id = $1 ORDER BY id', [order.id]);
    expect(reads.rows).toEqual([{ user_id: owner.userId }, { user_id: admin.userId }]);
  });

  it("gives each pharmacy's order its own notes from one checkout, and shows each pharmacy only its own (issue 26)", async () => {
    const who = userOf(s.identity, freshUserId());
    await call(Subjects.cart.cartStore, { cartItems: [{ pharmProductId: a[0].id, amount: 1 }, { pharmProductId: b[0].id, amount: 1 }] }, who.as);
    const batch = await call(Subjects.order.orderCreate, {
      firstName: 'ישראל', lastName: 'ישראלי', phone: '050-1234567', email: 'patient@example.com', agreeTOU: true, agreeDisclaimer: true,
      selectedPickup: [a[0].pharmSlug, b[0].pharmSlug], encryptedPii: encryptIdNumber(key, VALID_ID),
      pharmNotes: [{ pharmSlug: a[0].pharmSlug, notes: `לאסוף אחרי 17:00 ${run}` }, { pharmSlug: b[0].pharmSlug, notes: '  ' }],
    } as CreateOrderDto, who.as);
    const atA = batch.orders.find((o) => o.pharm.slug === a[0].pharmSlug)!;
    const atB = batch.orders.find((o) => o.pharm.slug === b[0].pharmSlug)!;
    expect([atA.notes, atB.notes]).toEqual([`לאסוף אחרי 17:00 ${run}`, null]);
    for (const [order, notes] of [[atA, `לאסוף אחרי 17:00 ${run}`], [atB, null]] as const) {
      const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${order.pharm.slug}`] });
      const { orders } = await call(Subjects.order.businessOrders, { businessId: order.pharm.slug, search: String(order.id) }, owner.as);
      expect(orders.find((o) => o.id === order.id)?.notes ?? null).toBe(notes);
    }
    // The patient's list narrowed to one order (the links of the messages): theirs alone.
    expect((await call(Subjects.order.userOrders, { order: atB.id }, who.as)).orders.map((o) => o.id)).toEqual([atB.id]);
    expect((await call(Subjects.order.userOrders, { order: atB.id }, userOf(s.identity, freshUserId()).as)).orders).toEqual([]);
    // Notes too long for one pharmacy: the spec's message.
    await call(Subjects.cart.cartStore, { cartItems: [{ pharmProductId: a[1].id, amount: 1 }] }, who.as);
    await expect(call(Subjects.order.orderCreate, {
      firstName: 'ישראל', lastName: 'ישראלי', phone: '050-1234567', email: 'patient@example.com', agreeTOU: true, agreeDisclaimer: true,
      selectedPickup: [a[1].pharmSlug], encryptedPii: encryptIdNumber(key, VALID_ID), pharmNotes: [{ pharmSlug: a[1].pharmSlug, notes: 'א'.repeat(301) }],
    } as CreateOrderDto, who.as)).rejects.toMatchObject({ status: 400, message: Messages.notesTooLong });
  });
});
