import { ErrorCodes, Events, Messages, streamName, Subjects, USER_ORDERS_PER_PAGE, type CheckoutPublicKey, type CreateOrderDto, type CustomerOrder, type EventEnvelope, type OrderBatchPlacedEvent } from '@mc/contracts';
import { OutboxRelay } from '@mc/kit';
import { rpcUntyped, waitFor } from '@mc/kit/testing';
import { AckPolicy, DeliverPolicy, nanos, type NatsConnection } from 'nats';
import { countRows, encryptIdNumber, freshUserId, restock, rpcOn, useOrderStack, userOf, type Offer } from './support';

const VALID_ID = '123456782';
const TEL_AVIV = { address: 'דיזנגוף 50, תל אביב-יפו', houseNumber: '50' };
const DAY = 24 * 3600_000;

/** Every evt.order.batch.placed on the order stream for one batch (JetStream, after its dedup). */
async function placedOnStream(nc: NatsConnection, batchUid: string): Promise<number> {
  const jsm = await nc.jetstreamManager();
  const stream = streamName('order');
  const info = await jsm.consumers.add(stream, {
    ack_policy: AckPolicy.None, deliver_policy: DeliverPolicy.All, filter_subject: Events.order.batchPlaced, inactive_threshold: nanos(60_000),
  });
  let count = 0;
  let left = info.num_pending;
  const consumer = await nc.jetstream().consumers.get(stream, info.name);
  while (left > 0) {
    const batch = await consumer.fetch({ max_messages: Math.min(left, 500), expires: 5000 });
    let got = 0;
    for await (const m of batch) {
      got++;
      if (m.json<EventEnvelope<OrderBatchPlacedEvent>>().data.batchUid === batchUid) count++;
    }
    if (!got) break;
    left -= got;
  }
  await jsm.consumers.delete(stream, info.name);
  return count;
}

describe('order service: checkout, orders, statuses, ID numbers, documents', () => {
  const s = useOrderStack();
  const call = rpcOn(s.nc);
  const run = Date.now().toString(36).toUpperCase();
  const code = (name: string) => `OT${run}${name}`;
  let key: CheckoutPublicKey;
  let a: Offer[];
  let b: Offer[];

  const storeCart = (as: { caller: string }, lines: [Offer, number][]) =>
    call(Subjects.cart.cartStore, { cartItems: lines.map(([o, amount]) => ({ pharmProductId: o.id, amount })) }, as);
  const form = (over: Partial<CreateOrderDto> = {}): CreateOrderDto => ({
    firstName: 'ישראל', lastName: 'ישראלי', phone: '050-1234567', email: 'patient@example.com', agreeTOU: true, agreeDisclaimer: true,
    selectedPickup: [b[0].pharmSlug], shippingAddress: TEL_AVIV, encryptedPii: encryptIdNumber(key, VALID_ID), ...over,
  } as CreateOrderDto);
  const coupon = (name: string, pharmSlug: string, fields: { amountType?: string; amount?: number; newCustomersOnly?: boolean; published?: boolean; startsAt?: Date; endsAt?: Date } = {}) =>
    s.pg().query(
      `INSERT INTO pharm.discounts (pharm_id, code, name, type, amount_type, amount, published, new_customers_only, starts_at, ends_at)
       SELECT id, $2, $3, 'coupon', $4, $5, $6, $7, $8, $9 FROM pharm.pharmacies WHERE slug = $1`,
      [pharmSlug, code(name), `קופון ${name}`, fields.amountType ?? 'percent', fields.amount ?? 10, fields.published ?? true, fields.newCustomersOnly ?? false,
        fields.startsAt ?? new Date(Date.now() - DAY), fields.endsAt ?? new Date(Date.now() + 30 * DAY)],
    );
  const shipments = async (pharmSlug: string, pricings: { quantity: number; amount: number }[]) => {
    const pg = s.pg();
    const { rows } = await pg.query(`SELECT id FROM shipping_quote.locations WHERE type = 'country' ORDER BY id LIMIT 1`);
    await pg.query('DELETE FROM shipping_quote.shipments WHERE pharm_slug = $1', [pharmSlug]);
    await pg.query(
      `INSERT INTO shipping_quote.shipments (pharm_slug, name, published, quantity_type, pricings, location_ids) VALUES ($1, 'order-it', true, 'min-total-price', $2, $3)`,
      [pharmSlug, JSON.stringify(pricings), [rows[0].id]],
    );
  };

  beforeAll(async () => {
    ({ a, b } = s.offers());
    key = await call(Subjects.order.publicKey, {});
    // A delivers anywhere for 25 ₪; B only from 5,000 ₪ (so delivering B is refused with its minimum).
    await shipments(a[0].pharmSlug, [{ quantity: 0, amount: 2500 }]);
    await shipments(b[0].pharmSlug, [{ quantity: 500_000, amount: 0 }]);
    await coupon('PCT', a[0].pharmSlug, { amountType: 'percent', amount: 10 });
    await coupon('FIX', a[0].pharmSlug, { amountType: 'fixed', amount: 500 });
    await coupon('NEW', a[0].pharmSlug, { newCustomersOnly: true, amount: 5 });
    await coupon('OLD', a[0].pharmSlug, { startsAt: new Date(Date.now() - 60 * DAY), endsAt: new Date(Date.now() - DAY) });
    await coupon('SOON', a[0].pharmSlug, { startsAt: new Date(Date.now() + 10 * DAY), endsAt: new Date(Date.now() + 20 * DAY) });
    await coupon('HID', a[0].pharmSlug, { published: false });
  });
  beforeEach(() => restock(s.pg(), [...a, ...b]));

  it('answers a 3072-bit RSA-OAEP-256 public key, its private half encrypted at rest', async () => {
    expect(key.algorithm).toBe('RSA-OAEP-256');
    expect(Buffer.from(key.publicKey, 'base64').length).toBeGreaterThan(400);
    const { rows } = await s.pg().query('SELECT private_key_encrypted FROM "order".pii_keys WHERE key_id = $1', [key.keyId]);
    expect(rows[0].private_key_encrypted).not.toContain('PRIVATE KEY');
  });

  it('judges coupons: VALID with its pharmacy and discount, NOT_FOUND, EXPIRED, NOT_ALLOWED, ALREADY_USED', async () => {
    const u = userOf(s.identity, freshUserId());
    const valid = await call(Subjects.order.couponValidate, { couponCode: code('pct').toLowerCase() }, u.as);
    expect(valid).toMatchObject({ validationStatus: 'VALID', message: Messages.couponValid, pharm: { slug: a[0].pharmSlug }, pharmDiscount: { code: code('PCT'), amountType: 'percent', amount: 10 } });
    expect((await call(Subjects.order.couponValidate, { couponCode: code('FIX') }, u.as)).pharmDiscount).toMatchObject({ amountType: 'fixed', amount: 5 });
    for (const name of ['NOPE', 'SOON', 'HID']) {
      expect(await call(Subjects.order.couponValidate, { couponCode: code(name) }, u.as)).toEqual({ validationStatus: 'NOT_FOUND', message: Messages.couponNotFound });
    }
    expect(await call(Subjects.order.couponValidate, { couponCode: code('OLD') }, u.as)).toEqual({ validationStatus: 'EXPIRED', message: Messages.couponExpired });
    expect((await call(Subjects.order.couponValidate, { couponCode: code('NEW') }, u.as)).validationStatus).toBe('VALID');
    await expect(rpcUntyped(s.nc(), Subjects.order.couponValidate, { couponCode: code('PCT') })).rejects.toMatchObject({ status: 401 });

    // An order at A with PCT: PCT is used, NEW is for new customers only.
    await storeCart(u.as, [[a[0], 1]]);
    await call(Subjects.order.orderCreate, form({ couponCodes: [code('PCT')], selectedPickup: [a[0].pharmSlug] }), u.as);
    expect(await call(Subjects.order.couponValidate, { couponCode: code('PCT') }, u.as)).toEqual({ validationStatus: 'ALREADY_USED', message: Messages.couponAlreadyUsed });
    expect(await call(Subjects.order.couponValidate, { couponCode: code('NEW') }, u.as)).toEqual({ validationStatus: 'NOT_ALLOWED', message: Messages.couponNewCustomersOnly });
    const { rows } = await s.pg().query('SELECT code FROM "order".coupon_redemptions WHERE user_id = $1', [u.userId]);
    expect(rows).toEqual([{ code: code('PCT') }]);
  });

  it('quotes the cart: per pharmacy in cart order, discounts, coupons, pickup and delivery, in shekels', async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[b[0], 1], [a[0], 2], [a[1], 1]]);
    const offers = await call(Subjects.pharm.checkoutOffers, { pharmProductIds: [b[0].id, a[0].id, a[1].id], couponCodes: [code('PCT')] }, u.as);
    const price = (id: number) => offers.offers.find((o) => o.pharmProductId === id)!;
    const quote = await call(Subjects.order.quote, { couponCodes: [code('PCT'), code('OLD'), 'NOSUCH'], selectedPickup: [b[0].pharmSlug], shippingAddress: TEL_AVIV }, u.as);
    expect(quote.pharmsQuotes.map((q) => q.pharmSlug)).toEqual([b[0].pharmSlug, a[0].pharmSlug]);
    expect(quote.couponCodes).toEqual([code('PCT')]);
    const [qb, qa] = quote.pharmsQuotes;
    expect(qb).toMatchObject({ pickup: true, itemsCount: 1, shipping: { status: 'matched', price: 0 }, totalPrice: price(b[0].id).price / 100 });
    const aItems = price(a[0].id).price * 2 + price(a[1].id).price;
    const aList = price(a[0].id).listPrice * 2 + price(a[1].id).listPrice;
    expect(qa).toMatchObject({ pickup: false, itemsCount: 3, shipping: { status: 'matched', price: 25 }, totalPrice: (aItems + 2500) / 100, totalOriginalPrice: aList / 100, totalDiscounts: (aList - aItems) / 100 });
    expect(quote).toMatchObject({ pharmsCount: 2, shipping: { price: 25 }, totalPrice: (aItems + 2500 + price(b[0].id).price) / 100, cart: { itemsCount: 4 } });
    // The coupon takes 10% off A's lines (after any other discount of A).
    const without = await call(Subjects.order.quote, { selectedPickup: [b[0].pharmSlug], shippingAddress: TEL_AVIV }, u.as);
    expect(without.pharmsQuotes[1].totalPrice).toBeGreaterThan(qa.totalPrice);
    expect(without.couponCodes).toEqual([]);

    // B delivered: below its minimum (5,000 ₪), with the minimum in shekels.
    const both = await call(Subjects.order.quote, { shippingAddress: TEL_AVIV }, u.as);
    expect(both.pharmsQuotes[0].shipping).toMatchObject({ status: 'rejected', rejectCode: 'ShippingMinPricing', rejectPayload: { pharmName: qb.pharmName, minPricing: { quantityType: 'min-total-price', quantity: 5000 } } });
    // Delivered pharmacies and no address: choose shipping.
    await expect(call(Subjects.order.quote, { selectedPickup: [b[0].pharmSlug] }, u.as)).rejects.toMatchObject({ status: 400, message: Messages.chooseShipping });
    // A saved address that is not the caller's (identity does not know it): 404 or 503, never a quote.
    await expect(call(Subjects.order.quote, { selectedPickup: [b[0].pharmSlug], shippingAddress: { addressId: 999_999 } }, u.as)).rejects.toMatchObject({ status: expect.any(Number) });
    // Empty cart.
    await storeCart(u.as, []);
    await expect(call(Subjects.order.quote, {}, u.as)).rejects.toMatchObject({ status: 400, message: Messages.cartEmpty });
  });

  it("marks delivered pharmacies 'Error' when shipping-quote is down, and still answers", async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[0], 1], [b[0], 1]]);
    await s.stop('shipping-quote');
    try {
      const quote = await call(Subjects.order.quote, { selectedPickup: [b[0].pharmSlug], shippingAddress: TEL_AVIV }, u.as);
      expect(quote.pharmsQuotes[0].shipping).toMatchObject({ status: 'rejected', rejectCode: 'Error' });
      expect(quote.pharmsQuotes[1].shipping).toEqual({ status: 'matched', price: 0 });
      await expect(call(Subjects.order.orderCreate, form(), u.as)).rejects.toMatchObject({ status: 400, message: Messages.shippingUnavailable });
    } finally {
      await s.restart('shipping-quote');
    }
  });

  it('refuses a create that cannot be placed and then nothing is stored or published', async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[0], 1], [b[0], 1]]);
    const before = await countRows(s.pg());
    await expect(call(Subjects.order.orderCreate, form({ encryptedPii: encryptIdNumber(key, '123456789') }), u.as)).rejects.toMatchObject({ status: 400, message: Messages.invalidIdNumber });
    await expect(call(Subjects.order.orderCreate, form({ encryptedPii: encryptIdNumber(key, VALID_ID, 'no-such-key') }), u.as)).rejects.toMatchObject({ status: 400, message: Messages.encryptionKeyUnknown });
    await expect(call(Subjects.order.orderCreate, form({ encryptedPii: { keyId: key.keyId, ciphertext: Buffer.from('garbage').toString('base64') } }), u.as)).rejects.toMatchObject({ status: 400 });
    await expect(call(Subjects.order.orderCreate, form({ selectedPickup: [] }), u.as)).rejects.toMatchObject({ status: 400, message: Messages.chooseShipping });
    await s.pg().query('UPDATE pharm.pharm_products SET in_stock = false WHERE id = $1', [b[0].id]);
    await expect(call(Subjects.order.orderCreate, form(), u.as)).rejects.toMatchObject({ status: 400, message: Messages.removeUnavailableItems });
    await s.pg().query('UPDATE pharm.pharm_products SET in_stock = true, published = false WHERE id = $1', [b[0].id]);
    await expect(call(Subjects.order.orderCreate, form(), u.as)).rejects.toMatchObject({ status: 400, message: Messages.removeUnavailableItems });
    await expect(rpcUntyped(s.nc(), Subjects.order.orderCreate, { ...form(), agreeTOU: false }, u.as)).rejects.toMatchObject({ status: 400 });
    expect(await countRows(s.pg())).toEqual(before);
  });

  it('places one batch of 20 identical concurrent creates; the others are 409 "בוצעה הזמנה זהה"', async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[0], 2], [b[0], 1]]);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => call(Subjects.order.orderCreate, form(), u.as)));
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(placed).toHaveLength(1);
    for (const r of refused) {
      expect(r.reason).toMatchObject({ status: expect.any(Number) });
      expect([409, 400]).toContain(r.reason.status);
      // The cart may empty once the batch is placed (cart drops ordered lines): then only 'empty cart' may answer.
      if (r.reason.status === 409) expect(r.reason.message.startsWith(Messages.identicalOrder)).toBe(true);
      else expect(r.reason.message).toBe(Messages.cartEmpty);
    }
    expect(refused.filter((r) => r.reason.status === 409).length).toBeGreaterThanOrEqual(15);
    const { rows } = await s.pg().query('SELECT count(*)::int AS n FROM "order".batches WHERE user_id = $1', [u.userId]);
    expect(rows[0].n).toBe(1);
    const batch = (placed[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof call<typeof Subjects.order.orderCreate>>>>).value;
    expect(batch.orders.map((o) => o.pharm.slug)).toEqual([a[0].pharmSlug, b[0].pharmSlug]);
    const [oa, ob] = batch.orders;
    expect(oa).toMatchObject({ status: 'new', pickup: false, address: { address: TEL_AVIV.address, houseNumber: '50' }, shippingCostTotalPrice: 25, productsCount: 2, firstName: 'ישראל' });
    expect(ob).toMatchObject({ pickup: true, address: null, shippingCostTotalPrice: 0, productsCount: 1 });
    // The ID number is kept only as the browser's ciphertext.
    const stored = await s.pg().query('SELECT id_number_ciphertext AS c FROM "order".orders WHERE batch_uid = $1', [batch.uid]);
    for (const r of stored.rows) expect(r.c).not.toContain(VALID_ID);
    // Opened by order's own consumer of the placement, through the aggregate.
    const opened = await waitFor('the orders to open', () => call(Subjects.order.batchGet, { uid: batch.uid }, u.as), { until: (x) => x.orders.every((o) => o.status === 'open') });
    expect(opened.orders).toHaveLength(2);
    const history = await s.pg().query('SELECT "from", "to", by_user_id FROM "order".status_history WHERE order_id = $1 ORDER BY id', [oa.id]);
    expect(history.rows).toEqual([{ from: null, to: 'new', by_user_id: u.userId }, { from: 'new', to: 'open', by_user_id: null }]);
    // Once every order of the batch is final, the same order may be placed again.
    await storeCart(u.as, [[a[0], 2], [b[0], 1]]);
    await expect(call(Subjects.order.orderCreate, form(), u.as)).rejects.toMatchObject({ status: 409 });
    const owner = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`, `pharmacy:${b[0].pharmSlug}`] });
    await call(Subjects.order.businessStatusUpdate, { businessId: a[0].pharmSlug, orders: [{ orderId: oa.id, status: 'canceled' }] }, owner.as);
    await call(Subjects.order.businessStatusUpdate, { businessId: b[0].pharmSlug, orders: [{ orderId: ob.id, status: 'complete' }] }, owner.as);
    await storeCart(u.as, [[a[0], 2], [b[0], 1]]);
    expect((await call(Subjects.order.orderCreate, form(), u.as)).orders).toHaveLength(2);
  });

  it('loses and duplicates nothing between commit and publication: one evt.order.batch.placed on the stream', async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[1], 1]]);
    // Every relay of order stopped (its request process's and its timers process's).
    await s.app().get(OutboxRelay).stop(0);
    await s.timers().get(OutboxRelay).stop(0);
    const batch = await call(Subjects.order.orderCreate, form({ selectedPickup: [a[1].pharmSlug] }), u.as);
    const { rows } = await s.pg().query(`SELECT envelope FROM "order".outbox WHERE sent_at IS NULL AND subject = $1 AND envelope->'data'->>'batchUid' = $2`, [Events.order.batchPlaced, batch.uid]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0].envelope)).not.toMatch(/ישראל|050-1234567|patient@example.com/);
    // The process published it and died before marking it sent: the next relay publishes it again.
    await s.nc().jetstream().publish(Events.order.batchPlaced, JSON.stringify(rows[0].envelope), { msgID: rows[0].envelope.eventId });
    await s.restartOrder();
    // The checkout key is kept: the same one after a restart.
    expect(await call(Subjects.order.publicKey, {})).toEqual(key);
    await waitFor('the outbox to be empty', async () => (await s.pg().query('SELECT count(*)::int AS n FROM "order".outbox WHERE sent_at IS NULL')).rows[0].n === 0);
    expect(await placedOnStream(s.nc(), batch.uid)).toBe(1);
    const opened = await waitFor('the order to open', () => call(Subjects.order.batchGet, { uid: batch.uid }, u.as), { until: (x) => x.orders[0].status === 'open' });
    const history = await s.pg().query(`SELECT count(*)::int AS n FROM "order".status_history WHERE order_id = $1 AND "to" = 'open'`, [opened.orders[0].id]);
    expect(history.rows[0].n).toBe(1);
  });

  it("lists a user's own orders newest first, searched by id, pharmacy or product; batches of others are 404", async () => {
    const u = userOf(s.identity, freshUserId());
    const other = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[0], 1]]);
    const first = await call(Subjects.order.orderCreate, form({ selectedPickup: [a[0].pharmSlug] }), u.as);
    await storeCart(u.as, [[b[0], 1]]);
    const second = await call(Subjects.order.orderCreate, form({ selectedPickup: [b[0].pharmSlug] }), u.as);
    const list = await call(Subjects.order.userOrders, {}, u.as);
    expect(list).toMatchObject({ total: 2, perPage: USER_ORDERS_PER_PAGE, currentPage: 1 });
    expect(list.orders.map((o) => o.id)).toEqual([second.orders[0].id, first.orders[0].id]);
    // Each listed order's money is the order's, to the agora: its lines (after discounts) plus shipping, not the list's count.
    const money = (o: CustomerOrder) => [o.cartCostTotalPrice, o.cartCostDiscountsTotalAmount, o.shippingCostTotalPrice, o.totalPrice];
    expect(list.orders.map(money)).toEqual([money(second.orders[0]), money(first.orders[0])]);
    for (const o of list.orders) {
      expect(o.totalPrice).toBeGreaterThan(1);
      const agorot = (shekels: number) => Math.round(shekels * 100);
      expect(agorot(o.cartCostTotalPrice)).toBe(o.items.reduce((sum, i) => sum + agorot(i.price) * i.amount, 0));
      expect(agorot(o.totalPrice)).toBe(agorot(o.cartCostTotalPrice) + agorot(o.shippingCostTotalPrice));
    }
    expect((await call(Subjects.order.userOrders, { search: String(first.orders[0].id) }, u.as)).orders.map((o) => o.id)).toEqual([first.orders[0].id]);
    expect((await call(Subjects.order.userOrders, { search: second.orders[0].pharm.name }, u.as)).orders[0].id).toBe(second.orders[0].id);
    expect((await call(Subjects.order.userOrders, { search: first.orders[0].items[0].name }, u.as)).orders.map((o) => o.id)).toContain(first.orders[0].id);
    expect((await call(Subjects.order.userOrders, { search: '%' }, u.as)).total).toBe(0);
    // Past the last page: no orders, and still the total.
    expect(await call(Subjects.order.userOrders, { page: 3 }, u.as)).toMatchObject({ orders: [], total: 2, currentPage: 3 });
    expect((await call(Subjects.order.userOrders, {}, other.as)).total).toBe(0);
    await expect(call(Subjects.order.batchGet, { uid: first.uid }, other.as)).rejects.toMatchObject({ status: 404, code: ErrorCodes.notFound });
    const notice = await call(Subjects.order.noticeGet, { batchUid: first.uid });
    expect(notice).toMatchObject({ batchUid: first.uid, customer: { firstName: 'ישראל', email: 'patient@example.com' }, orders: [{ id: first.orders[0].id }] });
    expect(notice.orders[0]).toHaveProperty('orderEmail');
    await expect(call(Subjects.order.noticeGet, { batchUid: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' })).rejects.toMatchObject({ status: 404 });
  });

  it('moves statuses only as the aggregate allows, for the pharmacy of the order only', async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[0], 1]]);
    const batch = await call(Subjects.order.orderCreate, form({ selectedPickup: [a[0].pharmSlug] }), u.as);
    const id = batch.orders[0].id;
    await waitFor('open', () => call(Subjects.order.batchGet, { uid: batch.uid }, u.as), { until: (x) => x.orders[0].status === 'open' });
    const ownerA = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`] });
    const ownerB = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${b[0].pharmSlug}`] });
    const update = (who: typeof ownerA, businessId: string, status: string) =>
      rpcUntyped(s.nc(), Subjects.order.businessStatusUpdate, { businessId, orders: [{ orderId: id, status }] }, who.as);
    await expect(update(ownerB, b[0].pharmSlug, 'pending')).rejects.toMatchObject({ status: 404 });
    await expect(update(ownerB, a[0].pharmSlug, 'pending')).rejects.toMatchObject({ status: 404 });
    await expect(update(ownerA, a[0].pharmSlug, 'open')).rejects.toMatchObject({ status: 400 });
    await expect(update(ownerA, a[0].pharmSlug, 'closed')).rejects.toMatchObject({ status: 400 });
    await expect(rpcUntyped(s.nc(), Subjects.order.businessStatusUpdate, { businessId: a[0].pharmSlug, orders: [{ orderId: id, status: 'pending' }] }, u.as)).rejects.toMatchObject({ status: 403 });
    expect(await update(ownerA, a[0].pharmSlug, 'pending')).toEqual({ orders: [{ orderId: id, status: 'pending' }] });
    expect(await update(ownerA, a[0].pharmSlug, 'complete')).toEqual({ orders: [{ orderId: id, status: 'complete' }] });
    await expect(update(ownerA, a[0].pharmSlug, 'canceled')).rejects.toMatchObject({ status: 409, message: Messages.orderStatusLocked });
    const history = await s.pg().query('SELECT "from", "to" FROM "order".status_history WHERE order_id = $1 ORDER BY id', [id]);
    expect(history.rows.map((r) => `${r.from}>${r.to}`)).toEqual(['null>new', 'new>open', 'open>pending', 'pending>complete']);
    const events = await s.pg().query(`SELECT envelope->'data' AS d FROM "order".outbox WHERE subject = $1 AND (envelope->'data'->>'orderId')::int = $2 ORDER BY id`, [Events.order.statusChanged, id]);
    expect(events.rows.map((r) => r.d.to)).toEqual(['open', 'pending', 'complete']);
    expect(events.rows[1].d).toEqual({ orderId: id, batchUid: batch.uid, pharmSlug: a[0].pharmSlug, items: [{ pharmProductId: a[0].id, amount: 1 }], from: 'open', to: 'pending' });
  });

  it('accepts documents once per open order, atomically, and records the outcome', async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[0], 1], [b[0], 1]]);
    const batch = await call(Subjects.order.orderCreate, form({ selectedPickup: [a[0].pharmSlug, b[0].pharmSlug] }), u.as);
    await waitFor('open', () => call(Subjects.order.batchGet, { uid: batch.uid }, u.as), { until: (x) => x.orders.every((o) => o.status === 'open') });
    const other = userOf(s.identity, freshUserId());
    await expect(call(Subjects.order.documentsBegin, { batchUid: batch.uid }, other.as)).rejects.toMatchObject({ status: 409, message: Messages.documentsNotAccepted });
    const both = await Promise.allSettled([call(Subjects.order.documentsBegin, { batchUid: batch.uid }, u.as), call(Subjects.order.documentsBegin, { batchUid: batch.uid }, u.as)]);
    const begun = both.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ deliveryId: string; orders: { orderId: number }[] }>).value);
    expect(begun).toHaveLength(1);
    expect(begun[0].orders.map((o) => o.orderId)).toEqual(batch.orders.map((o) => o.id));
    await call(Subjects.order.documentsFinish, { deliveryId: begun[0].deliveryId, delivered: false });
    const again = await call(Subjects.order.documentsBegin, { orderId: batch.orders[0].id }, u.as);
    expect(again.orders.map((o) => o.orderId)).toEqual([batch.orders[0].id]);
    await call(Subjects.order.documentsFinish, { deliveryId: again.deliveryId, delivered: true });
    await call(Subjects.order.documentsFinish, { deliveryId: again.deliveryId, delivered: true });
    const after = await call(Subjects.order.batchGet, { uid: batch.uid }, u.as);
    expect(after.orders[0]).toMatchObject({ documents: 'delivered', identification: { idDocument: true, licenseDocument: true, prescriptionDocument: true } });
    expect(after.orders[1]).toMatchObject({ documents: 'failed', identification: { idDocument: false } });
    await expect(call(Subjects.order.documentsBegin, { orderId: batch.orders[0].id }, u.as)).rejects.toMatchObject({ status: 409 });
    const events = await s.pg().query(`SELECT envelope->'data' AS d FROM "order".outbox WHERE subject = $1 AND envelope->'data'->'orderIds' @> $2::jsonb ORDER BY id`, [Events.order.documentsSubmitted, JSON.stringify([batch.orders[0].id])]);
    expect(events.rows.map((r) => r.d.delivered)).toEqual([false, true]);
  });

  it('decrypts the ID number for a member of the pharmacy only, records each read, and deletes it 30 days after the order is final', async () => {
    const u = userOf(s.identity, freshUserId());
    await storeCart(u.as, [[a[0], 1]]);
    const batch = await call(Subjects.order.orderCreate, form({ selectedPickup: [a[0].pharmSlug] }), u.as);
    const id = batch.orders[0].id;
    const ownerA = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${a[0].pharmSlug}`] });
    const ownerB = userOf(s.identity, freshUserId(), { role: 'business_owner', biz: [`pharmacy:${b[0].pharmSlug}`] });
    await expect(call(Subjects.order.businessIdNumber, { businessId: b[0].pharmSlug, orderId: id }, ownerB.as)).rejects.toMatchObject({ status: 404 });
    await expect(call(Subjects.order.businessIdNumber, { businessId: a[0].pharmSlug, orderId: id }, ownerB.as)).rejects.toMatchObject({ status: 404 });
    await expect(call(Subjects.order.businessIdNumber, { businessId: a[0].pharmSlug, orderId: id }, u.as)).rejects.toMatchObject({ status: 403 });
    expect(await call(Subjects.order.businessIdNumber, { businessId: a[0].pharmSlug, orderId: id }, ownerA.as)).toEqual({ idNumber: VALID_ID });
    const reads = await s.pg().query('SELECT user_id FROM "order".id_number_reads WHERE order_id = $1', [id]);
    expect(reads.rows).toEqual([{ user_id: ownerA.userId }]);

    await call(Subjects.order.businessStatusUpdate, { businessId: a[0].pharmSlug, orders: [{ orderId: id, status: 'complete' }] }, ownerA.as);
    try {
      s.clock.advance(29 * DAY);
      await new Promise((r) => setTimeout(r, 500));
      expect(await call(Subjects.order.businessIdNumber, { businessId: a[0].pharmSlug, orderId: id }, ownerA.as)).toEqual({ idNumber: VALID_ID });
      s.clock.advance(2 * DAY);
      await waitFor('the ID number to be deleted', () => call(Subjects.order.businessIdNumber, { businessId: a[0].pharmSlug, orderId: id }, ownerA.as).then(() => false, (e) => e.status === 410));
      const row = await s.pg().query('SELECT id_number_ciphertext, id_number_purged_at FROM "order".orders WHERE id = $1', [id]);
      expect(row.rows[0].id_number_ciphertext).toBeNull();
      expect(row.rows[0].id_number_purged_at).not.toBeNull();
    } finally {
      s.clock.reset();
    }
  });
});
