import { Messages, notEnoughStockMessage, type CheckoutPublicKey, type CreateOrderDto, type OrdersBatch } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { encryptIdNumber, freshUserId, restock, rpcOn, Subjects, useOrderStack, userOf, type Offer } from './support';

const VALID_ID = '123456782';
const DAY = 24 * 3600_000;

/**
 * Issue 25, item 5: the order takes only what exists (pharm reserves the units atomically, gives them back when the
 * order fails or is canceled), and coupons do what they say (an invalid one asked for refuses the order, one that
 * lowered nothing is not used up, new-customers-only judged under the user's lock).
 */
describe('order service: stock taken at checkout, and coupons', () => {
  const s = useOrderStack();
  const call = rpcOn(s.nc);
  const run = Date.now().toString(36).toUpperCase();
  const code = (name: string) => `SC${run}${name}`;
  let key: CheckoutPublicKey;
  let a: Offer[];
  let b: Offer[];

  type User = ReturnType<typeof userOf>;
  const storeCart = (u: User, lines: [Offer, number][]) =>
    call(Subjects.cart.cartStore, { cartItems: lines.map(([o, amount]) => ({ pharmProductId: o.id, amount })) }, u.as);
  const form = (pickup: string, over: Partial<CreateOrderDto> = {}): CreateOrderDto => ({
    firstName: 'ישראל', lastName: 'ישראלי', phone: '050-1234567', email: 'patient@example.com', agreeTOU: true, agreeDisclaimer: true,
    selectedPickup: [pickup], encryptedPii: encryptIdNumber(key, VALID_ID), ...over,
  } as CreateOrderDto);
  /** A fresh user with the lines in their cart, ordering them for pickup. */
  const buyer = async (lines: [Offer, number][]) => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u, lines);
    return u;
  };
  const order = (u: User, pickup: string, over: Partial<CreateOrderDto> = {}) => call(Subjects.order.orderCreate, form(pickup, over), u.as);
  const stock = async (o: Offer) =>
    (await s.pg().query<{ amount: number | null; in_stock: boolean }>('SELECT amount, in_stock FROM pharm.pharm_products WHERE id = $1', [o.id])).rows[0];
  const setStock = (o: Offer, amount: number | null, alwaysInStock = false) =>
    s.pg().query('UPDATE pharm.pharm_products SET amount = $2, in_stock = true, always_in_stock = $3, published = true WHERE id = $1', [o.id, amount, alwaysInStock]);
  const productName = async (o: Offer) =>
    (await call(Subjects.pharm.checkoutOffers, { pharmProductIds: [o.id] })).offers[0].productName;
  const batchesOf = async (u: User) => (await s.pg().query('SELECT count(*)::int AS n FROM "order".batches WHERE user_id = $1', [u.userId])).rows[0].n;
  const reservation = async (batchUid: string) =>
    (await s.pg().query<{ status: string }>('SELECT status FROM pharm.stock_reservations WHERE batch_uid = $1', [batchUid])).rows[0]?.status;
  const redemptions = async (u: User) =>
    (await s.pg().query<{ code: string }>('SELECT code FROM "order".coupon_redemptions WHERE user_id = $1 ORDER BY code', [u.userId])).rows.map((r) => r.code);
  const coupon = (name: string, pharmSlug: string, fields: { amountType?: string; amount?: number; newCustomersOnly?: boolean; endsAt?: Date } = {}) =>
    s.pg().query(
      `INSERT INTO pharm.discounts (pharm_id, code, name, type, amount_type, amount, published, new_customers_only, starts_at, ends_at)
       SELECT id, $2, $3, 'coupon', $4, $5, true, $6, $7, $8 FROM pharm.pharmacies WHERE slug = $1`,
      [pharmSlug, code(name), `קופון ${name}`, fields.amountType ?? 'percent', fields.amount ?? 10, fields.newCustomersOnly ?? false,
        new Date(Date.now() - 60 * DAY), fields.endsAt ?? new Date(Date.now() + 30 * DAY)],
    );
  const rejections = (results: PromiseSettledResult<unknown>[]) =>
    results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { status: number; message: string });

  beforeAll(async () => {
    ({ a, b } = s.offers());
    key = await call(Subjects.order.publicKey, {});
    await coupon('PCT', a[0].pharmSlug);
    await coupon('NOLOWER', a[0].pharmSlug, { amountType: 'price', amount: 9_999_999 });
    await coupon('OLD', a[0].pharmSlug, { endsAt: new Date(Date.now() - DAY) });
    await coupon('NEWX', a[0].pharmSlug, { newCustomersOnly: true });
    await coupon('NEWY', a[0].pharmSlug, { newCustomersOnly: true });
  });
  let alwaysBefore: { id: number; always_in_stock: boolean }[] = [];
  beforeAll(async () => {
    alwaysBefore = (await s.pg().query('SELECT id, always_in_stock FROM pharm.pharm_products WHERE id = ANY($1::int[])', [[...a, ...b].map((o) => o.id)])).rows;
  });
  beforeEach(() => restock(s.pg(), [...a, ...b]));
  // (Each test: the stack's own afterAll, which ends the pool, runs before one of this suite's.)
  afterEach(async () => {
    for (const r of alwaysBefore) await s.pg().query('UPDATE pharm.pharm_products SET always_in_stock = $2 WHERE id = $1', [r.id, r.always_in_stock]);
  });

  it('accepts 10 of 12 and refuses the next 10 with the Hebrew message naming the product; nothing of the refused order is kept', async () => {
    await setStock(a[0], 12);
    const first = await order(await buyer([[a[0], 10]]), a[0].pharmSlug);
    expect(await stock(a[0])).toMatchObject({ amount: 2, in_stock: true });
    const second = await buyer([[a[0], 10]]);
    await expect(order(second, a[0].pharmSlug)).rejects.toMatchObject({ status: 409, message: notEnoughStockMessage(await productName(a[0]), 2) });
    expect(await batchesOf(second)).toBe(0);
    // The placed batch's event confirms its reservation without taking the units a second time.
    await waitFor('the reservation confirmed', () => reservation(first.uid), { until: (st) => st === 'confirmed' });
    expect(await stock(a[0])).toMatchObject({ amount: 2 });
    // Two units are still there for an order of two.
    await order(await buyer([[a[0], 2]]), a[0].pharmSlug);
    expect(await stock(a[0])).toMatchObject({ amount: 0, in_stock: false });
  });

  it('lets exactly one of four concurrent orders take the last units', async () => {
    await setStock(a[0], 3);
    const users = await Promise.all(Array.from({ length: 4 }, () => buyer([[a[0], 2]])));
    const results = await Promise.allSettled(users.map((u) => order(u, a[0].pharmSlug)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const name = await productName(a[0]);
    for (const reason of rejections(results)) expect(reason).toMatchObject({ status: 409, message: notEnoughStockMessage(name, 1) });
    expect(await stock(a[0])).toMatchObject({ amount: 1 });
  });

  it('takes every line or none across pharmacies, and does not limit an offer always in stock', async () => {
    await setStock(a[0], 5);
    await setStock(b[0], 1);
    await setStock(a[1], 1, true);
    const u = await buyer([[a[0], 3], [a[1], 7], [b[0], 2]]);
    await expect(order(u, a[0].pharmSlug, { selectedPickup: [a[0].pharmSlug, b[0].pharmSlug] }))
      .rejects.toMatchObject({ status: 409, message: notEnoughStockMessage(await productName(b[0]), 1) });
    expect(await stock(a[0])).toMatchObject({ amount: 5 });
    await storeCart(u, [[a[0], 3], [a[1], 7]]);
    await order(u, a[0].pharmSlug);
    expect(await stock(a[0])).toMatchObject({ amount: 2 });
    expect(await stock(a[1])).toMatchObject({ amount: 1, in_stock: true });
  });

  it('gives the units back when the order fails after taking them (no leak), and when it is canceled', async () => {
    await setStock(a[0], 10);
    const u = await buyer([[a[0], 4]]);
    // The batch cannot be written for this user (a failure after the reserve, inside order's transaction).
    const fn = `fail_${u.userId}`;
    await s.pg().query(`CREATE FUNCTION "order".${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.user_id = ${u.userId} THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await s.pg().query(`CREATE TRIGGER ${fn} BEFORE INSERT ON "order".orders FOR EACH ROW EXECUTE FUNCTION "order".${fn}()`);
    const releasedCount = async () => (await s.pg().query(`SELECT count(*)::int AS n FROM pharm.stock_reservations WHERE status = 'released'`)).rows[0].n;
    const releasedBefore = await releasedCount();
    try {
      await expect(order(u, a[0].pharmSlug)).rejects.toMatchObject({ status: 500 });
    } finally {
      await s.pg().query(`DROP TRIGGER ${fn} ON "order".orders`);
      await s.pg().query(`DROP FUNCTION "order".${fn}()`);
    }
    expect(await stock(a[0])).toMatchObject({ amount: 10, in_stock: true });
    expect(await batchesOf(u)).toBe(0);
    expect(await releasedCount()).toBe(releasedBefore + 1);

    // Placed, then canceled by the pharmacy: the units come back once.
    const batch = await order(u, a[0].pharmSlug);
    expect(await stock(a[0])).toMatchObject({ amount: 6 });
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`] });
    await call(Subjects.order.businessStatusUpdate, { businessId: a[0].pharmSlug, orders: [{ orderId: batch.orders[0].id, status: 'canceled' }] }, owner.as);
    await waitFor('the units back', () => stock(a[0]), { until: (st) => st.amount === 10 });
    await waitFor('the reservation confirmed', () => reservation(batch.uid), { until: (st) => st === 'confirmed' });
    expect(await stock(a[0])).toMatchObject({ amount: 10 });
  });

  it('refuses an order asking for a coupon that is not valid (409, the coupon’s message) and takes nothing', async () => {
    await setStock(a[0], 10);
    const u = await buyer([[a[0], 1]]);
    await expect(order(u, a[0].pharmSlug, { couponCodes: [code('OLD')] })).rejects.toMatchObject({ status: 409, message: Messages.couponExpired });
    await expect(order(u, a[0].pharmSlug, { couponCodes: [code('PCT'), code('NOSUCH')] })).rejects.toMatchObject({ status: 409, message: Messages.couponNotFound });
    expect(await batchesOf(u)).toBe(0);
    expect(await stock(a[0])).toMatchObject({ amount: 10 });
    // Used once: asked for again, it refuses the order rather than charging the full price.
    await order(u, a[0].pharmSlug, { couponCodes: [code('PCT')] });
    await storeCart(u, [[a[0], 2]]);
    await expect(order(u, a[0].pharmSlug, { couponCodes: [code('PCT')] })).rejects.toMatchObject({ status: 409, message: Messages.couponAlreadyUsed });
    expect(await batchesOf(u)).toBe(1);
    expect(await stock(a[0])).toMatchObject({ amount: 9 });
  });

  it('does not use up a coupon that lowered no price', async () => {
    const u = await buyer([[a[0], 1]]);
    const placed: OrdersBatch = await order(u, a[0].pharmSlug, { couponCodes: [code('NOLOWER')] });
    expect(placed.orders).toHaveLength(1);
    expect(await redemptions(u)).toEqual([]);
    expect((await call(Subjects.order.couponValidate, { couponCode: code('NOLOWER') }, u.as)).validationStatus).toBe('VALID');
    // One that did lower the price is used.
    await storeCart(u, [[a[0], 2]]);
    await order(u, a[0].pharmSlug, { couponCodes: [code('PCT')] });
    expect(await redemptions(u)).toEqual([code('PCT')]);
  });

  it('gives a new-customers coupon to one of two concurrent first orders only', async () => {
    const u = await buyer([[a[0], 1]]);
    const results = await Promise.allSettled([
      order(u, a[0].pharmSlug, { couponCodes: [code('NEWX')] }),
      order(u, a[0].pharmSlug, { couponCodes: [code('NEWY')] }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(rejections(results)).toEqual([expect.objectContaining({ status: 409, message: Messages.couponNewCustomersOnly })]);
    expect((await redemptions(u)).length).toBe(1);
    expect(await batchesOf(u)).toBe(1);
  });
});
