import { DASHBOARD_LIST_SIZE, Messages, Subjects, type OrderBusinessStats } from '@mc/contracts';
import { rpcUntyped, TEST_ENV, TestIdentity, useService } from '@mc/kit/testing';
import { Pool } from 'pg';
import { orderService } from '../src/service';

/**
 * The dashboard's order figures (`order.business.stats`) on orders made in SQL for pharmacies of this suite only, at a
 * fixed "now": Monday 2026-11-23 13:00 in Israel (UTC+2). Israel's summer time ended on Sunday 2026-10-25, so the
 * 30 days' first midnight is still at UTC+3. The figures come from the rows the order triggers keep (migration
 * 0005_pharmacy_figures), which the last test holds to a count of the orders themselves.
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
    const slugs = [ONE, MANY, OTHER, 'ot-bs-fourth'];
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
    service.clock().set('2026-11-23T11:00:00Z');
    ids.today = await order(ONE, '2026-11-23T09:00:00Z', 10_000, 1, 'new', [2, 1]);
    ids.midnight = await order(ONE, '2026-11-22T22:00:00Z', 5_050, 2, 'open'); // today's first instant in Israel
    ids.yesterday = await order(ONE, '2026-11-22T21:59:59Z', 2_000, 1, 'pending');
    await order(ONE, '2026-11-16T22:00:00Z', 3_000, 3, 'complete'); // Tuesday 17th 00:00: the 7 days' first instant
    await order(ONE, '2026-11-16T21:59:00Z', 4_000, 3, 'canceled'); // a minute before: 30 days only
    await order(ONE, '2026-10-24T21:00:00Z', 6_000, 4, 'closed'); // Sunday 25th 00:00 (UTC+3): the 30 days' first instant
    await order(ONE, '2026-10-24T20:59:00Z', 7_000, 5, 'complete'); // a minute before: all time only
    await order(ONE, '2026-11-23T10:30:00Z', 9_900, 6, 'complete');
    await order(OTHER, '2026-11-23T09:30:00Z', 50_000, 1, 'new');
    for (let i = 0; i < DASHBOARD_LIST_SIZE + 2; i++) await order(MANY, `2026-11-${String(10 + i).padStart(2, '0')}T08:00:00Z`, 1_000, 10 + i, i % 2 ? 'open' : 'pending');
    await order(MANY, '2026-11-22T08:00:00Z', 1_000, 30, 'complete');
  });

  afterAll(async () => {
    identity.stop();
    await cleanUp();
    await own.end();
  });

  it('counts and sums today, the last 7 and 30 days (Israel days) and all time, and the distinct customers', async () => {
    const answer = await stats();
    expect(answer.ordersTotals).toEqual({
      today: { count: 3, totalPrice: 249.5 },
      week: { count: 5, totalPrice: 299.5 },
      month: { count: 7, totalPrice: 399.5 },
      all: { count: 8, totalPrice: 469.5 },
    });
    expect(answer.customersTotals).toEqual({ totalCount: 6 });
  });

  it('moves with the clock: a day later, today is empty and the 7 days start a day later', async () => {
    service.clock().set('2026-11-24T11:00:00Z');
    try {
      const answer = await stats();
      expect(answer.ordersTotals.today).toEqual({ count: 0, totalPrice: 0 });
      // The 7 days now start on Wednesday the 18th: Tuesday's order leaves them, Monday's later one comes in.
      expect(answer.ordersTotals.week).toEqual({ count: 4, totalPrice: 269.5 });
      expect(answer.ordersTotals.all).toEqual({ count: 8, totalPrice: 469.5 });
    } finally {
      service.clock().set('2026-11-23T11:00:00Z');
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
    expect((await stats(identity.token({ sub: '9000302', role: 'admin' }))).ordersTotals.all.count).toBe(8);
  });

  it('keeps the figures equal to the orders through bulk and concurrent inserts, deletes and moves (the triggers)', async () => {
    const slugs = [ONE, MANY, OTHER, 'ot-bs-fourth'];
    /** The figures as kept, and as counted from the orders. */
    const figures = async () => {
      const kept = await own.query(`
        SELECT t.pharm_slug, t.orders, t.total::int, t.customers,
          (SELECT count(*)::int FROM "order".pharmacy_customers c WHERE c.pharm_slug = t.pharm_slug) AS customer_rows,
          (SELECT json_agg(json_build_array(d.day, d.orders, d.total::int) ORDER BY d.day) FROM "order".pharmacy_order_days d WHERE d.pharm_slug = t.pharm_slug) AS days
        FROM "order".pharmacy_order_totals t WHERE t.pharm_slug = ANY($1) AND t.orders > 0 ORDER BY 1`, [slugs]);
      const counted = await own.query(`
        SELECT o.pharm_slug, count(*)::int AS orders, sum(o.total)::int AS total, count(DISTINCT o.user_id)::int AS customers,
          count(DISTINCT o.user_id)::int AS customer_rows,
          (SELECT json_agg(json_build_array(day, n, s) ORDER BY day) FROM (
            SELECT (p.created_at AT TIME ZONE 'Asia/Jerusalem')::date AS day, count(*)::int AS n, sum(p.total)::int AS s
            FROM "order".orders p WHERE p.pharm_slug = o.pharm_slug GROUP BY 1) d) AS days
        FROM "order".orders o WHERE o.pharm_slug = ANY($1) GROUP BY 1 ORDER BY 1`, [slugs]);
      return { kept: kept.rows, counted: counted.rows };
    };
    // One statement of many orders over several pharmacies, ten of them at once in opposite pharmacy orders.
    const bulk = (order: string[], user: number) => own.query(`
      INSERT INTO "order".orders (batch_uid, user_id, pharm_slug, pharm_name, status, first_name, last_name, phone, email, pickup,
        items_total, list_total, discounts_total, shipping_price, total, created_at, updated_at)
      SELECT b.uid, $2::int + n % 3, ($1::text[])[1 + n % cardinality($1::text[])], 'בית מרקחת', 'new', 'דנה', 'לוי', '050-1234567', 'd@example.com', true,
        100 + n, 100 + n, 0, 0, 100 + n, now() - make_interval(hours => n * 7), now()
      FROM generate_series(0, 11) n, (SELECT uid FROM "order".batches WHERE user_id = $3 LIMIT 1) b`, [order, FIRST_USER + user, FIRST_USER + 1]);
    await Promise.all(Array.from({ length: 10 }, (_, i) => bulk(i % 2 ? slugs : [...slugs].reverse(), 40 + i)));
    let { kept, counted } = await figures();
    expect(kept).toEqual(counted);
    expect(counted.find((r) => r.pharm_slug === 'ot-bs-fourth')?.orders).toBe(30);

    // Deleted (one customer's last order at a pharmacy takes the customer away), moved to another pharmacy, and a status change.
    await own.query(`DELETE FROM "order".orders WHERE pharm_slug = 'ot-bs-fourth' AND user_id = $1`, [FIRST_USER + 40]);
    await own.query(`UPDATE "order".orders SET pharm_slug = $1 WHERE id IN (SELECT id FROM "order".orders WHERE pharm_slug = 'ot-bs-fourth' LIMIT 3)`, [OTHER]);
    await own.query(`UPDATE "order".orders SET status = 'open' WHERE pharm_slug = 'ot-bs-fourth'`);
    ({ kept, counted } = await figures());
    expect(kept).toEqual(counted);
    await own.query(`DELETE FROM "order".orders WHERE pharm_slug = 'ot-bs-fourth'`);
    expect((await figures()).kept.find((r) => r.pharm_slug === 'ot-bs-fourth')).toBeUndefined();
    expect((await own.query(`SELECT count(*)::int AS n FROM "order".pharmacy_customers WHERE pharm_slug = 'ot-bs-fourth'`)).rows[0].n).toBe(0);

    // The dashboard reads the same figures.
    const [one] = (await figures()).counted.filter((r) => r.pharm_slug === ONE);
    const answer = await stats();
    expect(answer.ordersTotals.all).toEqual({ count: one.orders, totalPrice: one.total / 100 });
    expect(answer.customersTotals.totalCount).toBe(one.customers);
  });
});
