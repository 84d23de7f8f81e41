import { ErrorCodes, Subjects } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { rpcOn, useOrderStack } from './support';

/** How soon every service must refuse a token older than its account's version (issue 25: within 5 s). */
const WITHIN_MS = 5000;

/**
 * Sessions end everywhere (identity itself runs, with cart, pharm and this order service): after a password change or
 * a sign-out, the token signed before it is refused with 401 by cart, order and pharm within 5 s, with no call to
 * identity on their part (they watch identity's `token_versions` bucket); the token signed after it still works.
 */
describe('sessions end: an older token is refused by cart, order and pharm within seconds', () => {
  const s = useOrderStack({ realIdentity: true });
  const call = rpcOn(s.nc);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `sessions-${run}@example.co.il`;
  let password = 'demo-patient';
  let pharmSlug: string;

  beforeAll(async () => {
    pharmSlug = s.offers().a[0].pharmSlug;
    // Earlier runs' accounts (the stack's pool is closed before a suite's own afterAll could remove them).
    await s.pg().query(`DELETE FROM identity.users WHERE email LIKE 'sessions-%@example.co.il'`);
    // A manager of a fixture pharmacy of this run only, with the demo patient's password hash (so no activation is needed).
    // Its id is far above the other test databases' (which share the test NATS, and so the token_versions bucket).
    const id = 1_500_000_000 + Math.floor(Math.random() * 500_000_000);
    const { rows } = await s.pg().query<{ id: number }>(
      `INSERT INTO identity.users (id, email, first_name, last_name, password_hash, status, role)
       SELECT $2, $1, 'סשן', 'בדיקה', password_hash, 'active', 'business_owner' FROM identity.users WHERE email = 'patient@medcanna.local' RETURNING id`,
      [email, id],
    );
    await s.pg().query(`INSERT INTO identity.business_memberships (user_id, kind, slug, name) VALUES ($1, 'pharmacy', $2, 'בדיקה')`, [rows[0].id, pharmSlug]);
  });

  const signIn = async () => (await call(Subjects.identity.signIn, { email, password })).jwt;

  /** What cart, order and pharm answer the token: 'ok' or the refusal's status. */
  const answers = async (token: string) => {
    const as = { caller: token };
    const status = (p: Promise<unknown>) => p.then(() => 'ok' as const, (err: { status?: number }) => err.status);
    return {
      cart: await status(call(Subjects.cart.cartGet, {}, as)),
      order: await status(call(Subjects.order.userOrders, {}, as)),
      pharm: await status(call(Subjects.pharm.businessGet, { businessId: pharmSlug }, as)),
    };
  };
  const allOk = { cart: 'ok', order: 'ok', pharm: 'ok' };
  const allRefused = { cart: 401, order: 401, pharm: 401 };

  /** Waits until the three refuse `token`; fails if that takes 5 s. Answers how long it took. */
  const refusedWithin = async (token: string) => {
    const started = Date.now();
    await waitFor('cart, order and pharm to refuse the old token', () => answers(token), {
      until: (a) => JSON.stringify(a) === JSON.stringify(allRefused), timeoutMs: WITHIN_MS, intervalMs: 100,
    });
    return Date.now() - started;
  };

  it('after a password change', async () => {
    const old = await signIn();
    expect(await answers(old)).toEqual(allOk);
    const { jwt: fresh } = await call(Subjects.identity.passwordChange, { currentPassword: password, newPassword: `new-${run}` }, { caller: old });
    password = `new-${run}`;
    expect(await refusedWithin(old)).toBeLessThan(WITHIN_MS);
    expect(await answers(fresh)).toEqual(allOk);
    await expect(call(Subjects.identity.refresh, {}, { caller: old })).rejects.toMatchObject({ status: 401, code: ErrorCodes.unauthorized });
  });

  it('after a sign-out (every session of the account ends; a new sign-in works)', async () => {
    const first = await signIn();
    const second = await signIn();
    expect(await answers(first)).toEqual(allOk);
    await expect(call(Subjects.identity.signOut, {}, { caller: first })).resolves.toEqual({ ok: true });
    expect(await refusedWithin(first)).toBeLessThan(WITHIN_MS);
    expect(await answers(second)).toEqual(allRefused);
    await expect(call(Subjects.identity.refresh, {}, { caller: second })).rejects.toMatchObject({ status: 401 });
    expect(await answers(await signIn())).toEqual(allOk);
  });
});
