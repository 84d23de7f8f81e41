import { Messages, Subjects, type ManageCounts } from '@mc/contracts';
import { rpcUntyped, TEST_ENV, TestIdentity, useService } from '@mc/kit/testing';
import { Pool } from 'pg';
import { orderService } from '../src/service';

/**
 * The operator's console's order counts (issue 30), on orders made in SQL for pharmacies and users of this suite only,
 * at fixed "nows" of the service's clock. Israel's summer time ended on Sunday 2026-10-25: the 1st of November starts
 * at 2026-10-31T22:00Z (UTC+2), the 1st of June at 2026-05-31T21:00Z (UTC+3).
 */
describe('order.manage.pharm-counts and order.manage.user-counts', () => {
  const service = useService(orderService);
  const identity = new TestIdentity();
  const ONE = 'ot-mc-one';
  const TWO = 'ot-mc-two';
  const NONE = 'ot-mc-none';
  const FIRST_USER = 1_810_000_000;
  const [ANN, BEN, CAL, NOBODY] = [FIRST_USER + 1, FIRST_USER + 2, FIRST_USER + 3, FIRST_USER + 4];
  let own: Pool;

  const admin = () => identity.token({ sub: '9000401', role: 'admin' });
  const patient = () => identity.token({ sub: '9000402', role: 'user' });
  const owner = () => identity.token({ sub: '9000403', role: 'business_owner', biz: [`pharmacy:${ONE}`] });
  const companyStaff = () => identity.token({ sub: '9000404', role: 'business_owner', biz: ['company:ot-mc-company'] });
  /** `caller` null: anonymous. */
  const pharmCounts = (slugs: unknown, caller: string | null = admin()) =>
    rpcUntyped<ManageCounts>(service.nc(), Subjects.order.managePharmCounts, { slugs }, { caller: caller ?? undefined });
  const userCounts = (userIds: unknown, caller: string | null = admin()) =>
    rpcUntyped<ManageCounts>(service.nc(), Subjects.order.manageUserCounts, { userIds }, { caller: caller ?? undefined });

  const cleanUp = async () => {
    const batches = await own.query('DELETE FROM "order".orders WHERE pharm_slug = ANY($1) RETURNING batch_uid', [[ONE, TWO, NONE]]);
    await own.query('DELETE FROM "order".batches WHERE uid = ANY($1::uuid[])', [batches.rows.map((r: { batch_uid: string }) => r.batch_uid)]);
  };

  const order = async (pharmSlug: string, createdAt: string, userId: number, status = 'new') => {
    const { rows: [batch] } = await own.query(
      `INSERT INTO "order".batches (uid, user_id, fingerprint, created_at) VALUES (gen_random_uuid(), $1, 'ot-mc', $2) RETURNING uid`, [userId, createdAt]);
    await own.query(`
      INSERT INTO "order".orders (batch_uid, user_id, pharm_slug, pharm_name, status, first_name, last_name, phone, email, pickup,
        items_total, list_total, discounts_total, shipping_price, total, created_at, updated_at)
      VALUES ($1, $2, $3, 'בית מרקחת', $4, 'דנה', 'לוי', '050-1234567', 'd@example.com', true, 1000, 1000, 0, 0, 1000, $5, $5)`,
    [batch.uid, userId, pharmSlug, status, createdAt]);
  };

  beforeAll(async () => {
    own = new Pool({ connectionString: `postgres://order@127.0.0.1:5432/${TEST_ENV.DATABASE_NAME}`, max: 2 });
    await identity.serveKeys(service.nc());
    await cleanUp();
    await order(ONE, '2026-10-31T22:00:00Z', ANN); // 1 November 00:00 in Israel: this month's first instant
    await order(ONE, '2026-10-31T23:30:00Z', BEN, 'canceled'); // still October in UTC, November in Israel
    await order(ONE, '2026-10-31T21:59:59Z', ANN, 'complete'); // the last second of October in Israel
    await order(ONE, '2026-11-15T08:00:00Z', ANN);
    await order(ONE, '2026-11-15T12:00:01Z', BEN); // after "now": not yet placed
    await order(TWO, '2026-11-02T08:00:00Z', ANN);
    await order(TWO, '2026-06-01T00:00:00Z', BEN); // 1 June 03:00 in Israel
    await order(TWO, '2026-05-31T21:00:00Z', CAL); // 1 June 00:00 in Israel (UTC+3)
    await order(TWO, '2026-05-31T20:59:59Z', CAL); // the last second of May in Israel
    service.clock().set('2026-11-15T12:00:00Z');
  });

  afterAll(async () => {
    identity.stop();
    await cleanUp();
    await own.end();
  });

  it("counts each pharmacy's orders since the 1st of this month in Israel (any status, up to now); one with none is absent", async () => {
    expect(await pharmCounts([ONE, TWO, NONE, ONE])).toEqual({ counts: { [ONE]: 3, [TWO]: 1 } });
    expect(await pharmCounts([])).toEqual({ counts: {} });
  });

  it('moves with the clock: the month starts at Israel midnight of its 1st, summer time too', async () => {
    try {
      service.clock().set('2026-06-10T09:00:00Z');
      expect(await pharmCounts([ONE, TWO])).toEqual({ counts: { [TWO]: 2 } });
      service.clock().set('2026-10-31T21:59:59Z'); // still October in Israel: October's orders up to now
      expect(await pharmCounts([ONE, TWO])).toEqual({ counts: { [ONE]: 1 } });
      service.clock().set('2026-12-01T09:00:00Z'); // a new month: November's orders no longer count
      expect(await pharmCounts([ONE, TWO])).toEqual({ counts: {} });
    } finally {
      service.clock().set('2026-11-15T12:00:00Z');
    }
  });

  it('counts the orders each user ever placed, any pharmacy and status; a user with none is absent', async () => {
    expect(await userCounts([ANN, BEN, CAL, NOBODY, ANN])).toEqual({ counts: { [ANN]: 4, [BEN]: 3, [CAL]: 2 } });
    expect(await userCounts([])).toEqual({ counts: {} });
  });

  it("is the admins' only: 401 anonymous; 403 a patient, a pharmacy's owner (its own pharmacy too) and a company's staff", async () => {
    for (const call of [() => pharmCounts([ONE], null), () => userCounts([ANN], null)]) await expect(call()).rejects.toMatchObject({ status: 401 });
    for (const caller of [patient(), owner(), companyStaff()]) {
      await expect(pharmCounts([ONE], caller)).rejects.toMatchObject({ status: 403 });
      await expect(userCounts([ANN], caller)).rejects.toMatchObject({ status: 403 });
    }
    // A forged token (another key) is no caller at all.
    await expect(pharmCounts([ONE], new TestIdentity().token({ sub: '9000401', role: 'admin' }))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a request that is not a list of slugs or of user ids, or more than 100 of them, with 400', async () => {
    const refused = { status: 400, message: Messages.badRequest };
    await expect(pharmCounts(ONE)).rejects.toMatchObject(refused);
    await expect(pharmCounts(['Not A Slug'])).rejects.toMatchObject(refused);
    await expect(pharmCounts(Array.from({ length: 101 }, (_, i) => `ot-mc-${i}`))).rejects.toMatchObject(refused);
    await expect(userCounts([0])).rejects.toMatchObject(refused);
    await expect(userCounts(['1'])).rejects.toMatchObject(refused);
    await expect(userCounts(Array.from({ length: 101 }, (_, i) => i + 1))).rejects.toMatchObject(refused);
    expect(await pharmCounts(Array.from({ length: 100 }, (_, i) => `ot-mc-${i}`))).toEqual({ counts: {} });
  });
});
