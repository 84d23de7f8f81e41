import { DASHBOARD_LIST_SIZE, Messages, Subjects, type OrderBusinessStats } from '@mc/contracts';
import { rpcUntyped, TEST_ENV, TestIdentity, useService } from '@mc/kit/testing';
import { Pool } from 'pg';
import { orderService } from '../src/service';

/**
 * The dashboard's order figures (`order.business.stats`) on orders made in SQL for pharmacies of this suite only, at a
 * fixed "now": Monday 2026-11-23 12:00 in Israel (UTC+2). Israel's summer time ended on Sunday 2026-10-25, so the
 * 30 days' first midnight is still at UTC+3.
 */
describe('order.business.stats', () => {
  const service = useService(orderService);
  const identity = new TestIdentity();
  const ONE = 'ot-bs-one';
  const MANY = 'ot-bs-many';
  const OTHER = 'ot-bs-other';
  const FIRST_USER = 1_800_000_000;
  let own: Pool;

  const owner = () => identity.token({ sub: '9000301', role: 'business_owner', biz: [`pharmacy:${ONE}`] });
  /** `caller` null: anonymous. */
  const stats = (caller: string | null = owner(), businessId = ONE) =>
    rpcUntyped<OrderBusinessStats>(service.nc(), Subjects.order.businessStats, { businessId }, { caller: caller ?? undefined });

  const cleanUp = async () => {
    const slugs = [ONE, MANY, OTHER];
    await own.query('DELETE FROM "order".order_items WHERE order_id IN (SELECT id FROM "order".orders WHERE pharm_slug = ANY($1))', [slugs]);
    const batches = await own.query('DELETE FROM "order".orders WHERE pharm_slug = ANY($1) RETURNING batch_uid', [slugs]);
    await own.query('DELETE FROM "order".batches WHERE uid = ANY($1::uuid[])', [batches.rows.map((r: { batch_uid: string }) => r.batch_uid)]);
  };

  /** One order (total in agorot) of user FIRST_USER + `user`, with items of the given amounts. */
  const order = async (pharmSlug: string, createdAt: string, total: number, user: number, status: string, amounts: number[] = [1]) => {
    const userId = FIRST_USER + user;
    const { rows: [batch] } = await own.query(
      `INSERT INTO "order".batches (uid, user_id, fingerprint, created_at) VALUES (gen_random_uuid(), $1, 'ot-bs', $2) RETURNING uid`, [userId, createdAt]);
    const { rows: [row] } = await own.query(`
      INSERT INTO "order".orders (batch_uid, user_id, pharm_slug, pharm_name, status, first_name, last_name, phone, email, pickup,
        items_total, list_total, discounts_total, shipping_price, total, created_at, updated_at)
      VALUES ($1, $2, $3, 'בית מרקחת', $4, 'דנה', 'לוי', '050-1234567', 'd@example.com', true, $5, $5, 0, 0, $5, $6, $6) RETURNING id`,
    [batch.uid, userId, pharmSlug, status, total, createdAt]);
    for (const amount of amounts) {
      await own.query(`INSERT INTO "order".order_items (order_id, pharm_product_id, product_slug, name, amount, unit_price, list_price)
        VALUES ($1, 1, 'ot-bs-product', 'מוצר', $2, 100, 100)`, [row.id, amount]);
    }
    return row.id as number;
  };

  const ids: Record<string, number> = {};
  beforeAll(async () => {
    own = new Pool({ connectionString: `postgres://order@127.0.0.1:5432/${TEST_ENV.DATABASE_NAME}`, max: 2 });
    await identity.serveKeys(service.nc());
    await cleanUp();
    service.clock().set('2026-11-23T10:00:00Z');
    ids.today = await order(ONE, '2026-11-23T09:00:00Z', 10_000, 1, 'new', [2, 1]);
    ids.midnight = await order(ONE, '2026-11-22T22:00:00Z', 5_050, 2, 'open'); // today's first instant in Israel
    ids.yesterday = await order(ONE, '2026-11-22T21:59:59Z', 2_000, 1, 'pending');
    await order(ONE, '2026-11-16T22:00:00Z', 3_000, 3, 'complete'); // Tuesday 17th 00:00: the 7 days' first instant
    await order(ONE, '2026-11-16T21:59:00Z', 4_000, 3, 'canceled'); // a minute before: 30 days only
    await order(ONE, '2026-10-24T21:00:00Z', 6_000, 4, 'closed'); // Sunday 25th 00:00 (UTC+3): the 30 days' first instant
    await order(ONE, '2026-10-24T20:59:00Z', 7_000, 5, 'complete'); // a minute before: all time only
    await order(ONE, '2026-11-23T10:30:00Z', 9_900, 6, 'complete'); // after "now": not counted
    await order(OTHER, '2026-11-23T09:30:00Z', 50_000, 1, 'new');
    for (let i = 0; i < DASHBOARD_LIST_SIZE + 2; i++) await order(MANY, `2026-11-${String(10 + i).padStart(2, '0')}T08:00:00Z`, 1_000, 10 + i, i % 2 ? 'open' : 'pending');
    await order(MANY, '2026-11-22T08:00:00Z', 1_000, 30, 'complete');
  });

  afterAll(async () => {
    identity.stop();
    await cleanUp();
    await own.end();
  });

  it('counts and sums today, the last 7 and 30 days (Israel days, up to now) and all time, and the distinct customers', async () => {
    const answer = await stats();
    expect(answer.ordersTotals).toEqual({
      today: { count: 2, totalPrice: 150.5 },
      week: { count: 4, totalPrice: 200.5 },
      month: { count: 6, totalPrice: 300.5 },
      all: { count: 7, totalPrice: 370.5 },
    });
    expect(answer.customersTotals).toEqual({ totalCount: 5 });
  });

  it('moves with the clock: a day later, today is empty and the 7 days start a day later', async () => {
    service.clock().set('2026-11-24T10:00:00Z');
    try {
      const answer = await stats();
      expect(answer.ordersTotals.today).toEqual({ count: 0, totalPrice: 0 });
      // The 7 days now start on Wednesday the 18th: Tuesday's order leaves them, Monday's later one comes in.
      expect(answer.ordersTotals.week).toEqual({ count: 4, totalPrice: 269.5 });
      expect(answer.ordersTotals.all).toEqual({ count: 8, totalPrice: 469.5 });
    } finally {
      service.clock().set('2026-11-23T10:00:00Z');
    }
  });

  it('lists the latest orders not yet final (new, open, pending), newest first, with their products count', async () => {
    const { openOrders } = await stats();
    expect(openOrders.map((o) => o.id)).toEqual([ids.today, ids.midnight, ids.yesterday]);
    expect(openOrders[0]).toEqual({
      id: ids.today, createdAt: '2026-11-23T09:00:00.000Z', status: 'new', firstName: 'דנה', lastName: 'לוי', productsCount: 3, totalPrice: 100,
    });
    const many = await stats(identity.token({ sub: '9000302', role: 'admin' }), MANY);
    expect(many.openOrders).toHaveLength(DASHBOARD_LIST_SIZE);
    expect(many.openOrders.every((o) => o.status === 'open' || o.status === 'pending')).toBe(true);
    expect(many.openOrders[0].createdAt).toBe(`2026-11-${10 + DASHBOARD_LIST_SIZE + 1}T08:00:00.000Z`);
  });

  it('answers zeros and no orders for a pharmacy without orders', async () => {
    const answer = await stats(identity.token({ sub: '9000302', role: 'admin' }), 'ot-bs-none');
    expect(answer).toEqual({
      ordersTotals: { today: { count: 0, totalPrice: 0 }, week: { count: 0, totalPrice: 0 }, month: { count: 0, totalPrice: 0 }, all: { count: 0, totalPrice: 0 } },
      customersTotals: { totalCount: 0 },
      openOrders: [],
    });
  });

  it("is refused to an anonymous caller (401), a patient (403) and another pharmacy's owner (404); an admin may", async () => {
    await expect(stats(null)).rejects.toMatchObject({ status: 401 });
    await expect(stats(identity.token({ sub: '9000303', role: 'user' }))).rejects.toMatchObject({ status: 403 });
    await expect(stats(identity.token({ sub: '9000304', role: 'business_owner', biz: [`pharmacy:${OTHER}`] }))).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    await expect(stats(owner(), 'Bad Slug')).rejects.toMatchObject({ message: Messages.businessNotFound });
    expect((await stats(identity.token({ sub: '9000302', role: 'admin' }))).ordersTotals.all.count).toBe(7);
  });
});
