import { BUSINESS_PAGE_SIZE, Subjects } from '@mc/contracts';
import { rpc, TEST_ENV, TestIdentity, useService } from '@mc/kit/testing';
import { Pool } from 'pg';
import { BusinessOrdersService } from '../src/orders/business-orders.service';
import { orderService } from '../src/service';

/**
 * The back office's order table at the volume the design names, all in one pharmacy (the worst case): 200,000
 * orders. Each selective search (a phone with or without dashes, an e-mail, an order id) answers in milliseconds
 * through the indexes; a page without a search pays for counting the pharmacy's 200,000 orders (the pager's total). The rows are made in SQL for a reserved user range and removed afterwards.
 */
describe('order.business.list at 200,000 orders of one pharmacy', () => {
  const service = useService(orderService);
  const identity = new TestIdentity();
  const PHARM = 'vol-bo-pharm';
  const FIRST_USER = 1_800_000_000;
  const ORDERS = 200_000;
  const FIRST = ['דנה', 'יוסי', 'מיכל', 'אבי', 'נועה', 'רון', 'שירה', 'עמית', 'טל', 'ליאור', 'Dana', 'Oren'];
  const LAST = ['כהן', 'לוי', 'מזרחי', 'פרץ', 'ביטון', 'אברהם', 'פרידמן', 'שלום', 'אזולאי', 'דהן', 'Smith', 'Katz'];
  let own: Pool;
  let someId: number;

  const cleanUp = async () => {
    await own.query('DELETE FROM "order".orders WHERE pharm_slug = $1', [PHARM]);
    await own.query('DELETE FROM "order".batches WHERE user_id >= $1 AND user_id < $2', [FIRST_USER, FIRST_USER + 1000]);
  };

  beforeAll(async () => {
    own = new Pool({ connectionString: `postgres://order@127.0.0.1:5432/${TEST_ENV.DATABASE_NAME}`, max: 2 });
    await identity.serveKeys(service.nc());
    await cleanUp();
    await own.query(`
      INSERT INTO "order".batches (uid, user_id, fingerprint, created_at)
      SELECT gen_random_uuid(), $1 + u, md5(u::text), now() FROM generate_series(0, 999) u`, [FIRST_USER]);
    // Names repeat (12 × 12); each order's phone and e-mail are its own.
    await own.query(`
      INSERT INTO "order".orders (batch_uid, user_id, pharm_slug, pharm_name, status, first_name, last_name, phone, email, pickup,
        items_total, list_total, discounts_total, shipping_price, total, created_at, updated_at)
      SELECT b.uid, b.user_id, $2, 'בית מרקחת נפח', 'open', ($4::text[])[1 + n % 12], ($5::text[])[1 + (n / 12) % 12],
        '05' || (n % 10) || '-' || lpad(n::text, 7, '0'), 'vol' || n || '@example.com', n % 3 = 0,
        10000, 10000, 0, 0, 10000, now() - make_interval(mins => n), now() - make_interval(mins => n)
      FROM generate_series(0, $3 - 1) n JOIN "order".batches b ON b.user_id = $1 + (n % 1000)`, [FIRST_USER, PHARM, ORDERS, FIRST, LAST]);
    // As autovacuum leaves a table after a bulk of inserts: statistics, and the visibility map the count's index-only scan needs.
    await own.query('VACUUM (ANALYZE) "order".orders');
    someId = (await own.query('SELECT id FROM "order".orders WHERE pharm_slug = $1 ORDER BY id LIMIT 1 OFFSET 12345', [PHARM])).rows[0].id;
  }, 300_000);

  afterAll(async () => {
    identity.stop();
    await cleanUp();
    await own.end();
  }, 120_000);

  const p95 = (times: number[]) => [...times].sort((x, y) => x - y)[Math.floor(times.length * 0.95)];

  it('answers a page and each kind of search within its bound (p95, in this process)', async () => {
    const orders = service.app().get(BusinessOrdersService);
    const searches: [string, (i: number) => string | undefined, (total: number) => boolean][] = [
      ['no search', () => undefined, (t) => t === ORDERS],
      ['a page deep in', () => undefined, (t) => t === ORDERS],
      ['a full name', (i) => `${FIRST[i % 12]} ${LAST[(i * 5) % 12]}`, (t) => t > 0],
      ['a phone', (i) => `05${(i * 7919) % 10}${String((i * 7919) % ORDERS).padStart(7, '0')}`, (t) => t <= 1],
      ['a dashed phone', (i) => `05${(i * 104_729) % 10}-${String((i * 104_729) % ORDERS).padStart(7, '0').replace(/^(\d{3})/, '$1-')}`, (t) => t <= 1],
      ['an e-mail', (i) => `vol${(i * 31_337) % ORDERS}@example.com`, (t) => t === 1],
      ['an order id', () => String(someId), (t) => t >= 1],
    ];
    const results: Record<string, number> = {};
    for (const [name, term, check] of searches) {
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        const started = process.hrtime.bigint();
        const page = await orders.list(PHARM, name === 'a page deep in' ? 500 + i : 1, term(i));
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (i >= 5) times.push(ms); // after a warm-up
        expect({ name, ok: check(page.total) }).toEqual({ name, ok: true });
        expect(page.orders.length).toBeLessThanOrEqual(BUSINESS_PAGE_SIZE.orders);
      }
      results[name] = Math.round(p95(times) * 10) / 10;
    }
    // The machine is shared with other suites and builds: generous bounds, well above what a quiet machine shows.
    console.log('order.business.list p95 (ms) at 200,000 orders', results);
    // The selective searches go through the indexes; a page without a search, or a search matching thousands of
    // orders, counts every order it matches for the pager (ceil(total / perPage)): 200,000 rows counted.
    // Bounds for a machine shared with other suites' processes (2 cores, loaded): the database itself answers the
    // selective searches in 1-2 ms (EXPLAIN ANALYZE), the plan test below holds them to the index.
    const bound = (name: string) => (name === 'no search' || name === 'a page deep in' ? 500 : name === 'a full name' ? 250 : 150);
    for (const [name, ms] of Object.entries(results)) expect({ name, fast: ms < bound(name) }).toEqual({ name, fast: true });
  });

  it('searches a phone through the trigram index, not a scan of the pharmacy\'s orders', async () => {
    const { rows } = await own.query(
      `EXPLAIN (FORMAT JSON) SELECT id FROM "order".orders WHERE pharm_slug = $1 AND (lower(translate(first_name || ' ' || last_name || ' ' || email, 'ךםןףץ', 'כמנפצ')) || ' ' || regexp_replace(phone, '[^0-9]', '', 'g')) LIKE '%0512345%' ORDER BY created_at DESC LIMIT 20`,
      [PHARM],
    );
    expect(JSON.stringify(rows[0])).toContain('orders_search_trgm_idx');
  });

  it('answers through the bus for the pharmacy\'s member', async () => {
    const page = await rpc(service.nc(), Subjects.order.businessOrders, { businessId: PHARM, search: 'vol77@example.com' },
      { caller: identity.token({ sub: String(FIRST_USER), role: 'business_owner', biz: [`pharmacy:${PHARM}`] }) });
    expect(page).toMatchObject({ total: 1, orders: [{ email: 'vol77@example.com' }] });
  });
});
