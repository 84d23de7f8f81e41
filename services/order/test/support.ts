import { execFileSync, type ChildProcess } from 'node:child_process';
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { join } from 'node:path';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { streamName, Subjects, type CheckoutPublicKey, type RequestOf, type RequestSubject, type ResponseOf } from '@mc/contracts';
import { startService, startWorker } from '@mc/kit';
import { connectNats, rpc, rpcUntyped, TEST_ENV, TestClock, TestIdentity, waitFor } from '@mc/kit/testing';
import type { NatsConnection } from 'nats';
import { Pool } from 'pg';
import { OrderTimersEnv } from '../src/config';
import { orderService } from '../src/service';
import { OrderTimersModule } from '../src/timers/id-number-purge';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const stack = require('../../../deploy/local/stack') as {
  startProcess: (name: string, options: { env: NodeJS.ProcessEnv; logDir: string }) => ChildProcess;
  stopProcess: (child: ChildProcess) => Promise<void>;
};

const ROOT = join(__dirname, '../../..');

/**
 * The order service's integration stack: the real cart, pharm, shipping-quote and catalog services (from their builds:
 * `nx run-many -t build`) on a database of their own seeded with the `fixtures` data set, the order service in this
 * process with a TestClock, and identity's part played by the kit's TestIdentity (its keys verify every caller).
 */
export const ORDER_IT_DB = 'medcanna_order_it';
const ENV = { ...TEST_ENV, DATABASE_NAME: ORDER_IT_DB };
const OTHERS = ['catalog', 'pharm', 'cart', 'shipping-quote'] as const;

export interface Offer { id: number; pharmSlug: string; price: number }

export interface OrderStack {
  app: () => INestMicroservice;
  nc: () => NatsConnection;
  clock: TestClock;
  identity: TestIdentity;
  /** The database as its owner (test setup and the rows counted before and after). */
  pg: () => Pool;
  /** Two fixture pharmacies with two orderable offers each. */
  offers: () => { a: Offer[]; b: Offer[] };
  restart: (name: (typeof OTHERS)[number] | 'identity') => Promise<void>;
  stop: (name: (typeof OTHERS)[number] | 'identity') => Promise<void>;
  /** Starts the order service again (same clock), as after a crash. */
  restartOrder: () => Promise<void>;
  /** order's timers process (it relays order's outbox too, as every process of order does). */
  timers: () => INestApplicationContext;
}

/**
 * `realIdentity`: identity itself runs (its own keys sign and verify callers; sign in with a seeded account) instead of
 * the TestIdentity (which answers identity's keys, so both cannot run in one suite).
 */
export function useOrderStack(options: { realIdentity?: boolean } = {}): OrderStack {
  let app: INestMicroservice;
  let timers: INestApplicationContext | undefined;
  let nc: NatsConnection;
  let pool: Pool;
  const clock = new TestClock();
  const identity = new TestIdentity();
  const procs: Partial<Record<string, ChildProcess>> = {};
  const offers = { a: [] as Offer[], b: [] as Offer[] };
  const logDir = join(ROOT, 'artifacts/logs/order-it');
  const others: readonly string[] = options.realIdentity ? [...OTHERS, 'identity'] : OTHERS;
  const start = (name: string) => (procs[name] = stack.startProcess(name, { env: { ...ENV, LOG_LEVEL: 'warn' }, logDir }));

  beforeAll(async () => {
    execFileSync(join(ROOT, 'deploy/local/infra.sh'), ['--databases-only'], { env: { ...process.env, DATABASES: ORDER_IT_DB }, stdio: 'ignore' });
    pool = new Pool({ connectionString: `postgres://postgres@127.0.0.1:5432/${ORDER_IT_DB}`, max: 4 });
    const seeded = await pool.query(`SELECT to_regclass('pharm.pharmacies') IS NOT NULL AS ok`);
    if (!seeded.rows[0].ok || !(await pool.query('SELECT count(*)::int AS n FROM pharm.pharmacies')).rows[0].n) {
      execFileSync(join(ROOT, 'deploy/local/seed.sh'), ['fixtures'], { env: { ...process.env, ...ENV, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
    }
    nc = await connectNats();
    // Earlier suites (on medcanna_test) may have left catalog events in the shared test NATS, such as their own catalogue
    // replacing the fixtures; this stack's pharm would take them for its own and mark the fixture products deleted.
    await (await nc.jetstreamManager()).streams.purge(streamName('catalog')).catch(() => undefined);
    if (!options.realIdentity) await identity.serveKeys(nc);
    for (const name of others) start(name);
    app = await startService(orderService, ENV, { clock });
    timers = await startWorker({ ...orderService, env: OrderTimersEnv }, 'timers', [OrderTimersModule], { ...ENV, ID_NUMBER_PURGE_INTERVAL_MS: '100' }, { clock });
    // Pharm's copy of the catalogue fills from catalog's events after a fresh seed.
    await waitFor('pharm to know the fixture products', async () => (await pool.query('SELECT count(*)::int AS n FROM pharm.products_view')).rows[0].n, { timeoutMs: 60_000 });
    const { rows } = await pool.query<{ id: number; slug: string; price: number }>(`
      SELECT pp.id, p.slug, pp.price FROM pharm.pharm_products pp JOIN pharm.pharmacies p ON p.id = pp.pharm_id
      WHERE pp.published AND pp.price > 0 ORDER BY p.slug, pp.id`);
    const bySlug = new Map<string, Offer[]>();
    for (const r of rows) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), { id: r.id, pharmSlug: r.slug, price: r.price }]);
    const [a, b] = [...bySlug.values()].filter((list) => list.length >= 2);
    offers.a = a.slice(0, 2);
    offers.b = b.slice(0, 2);
    await restock(pool, [...offers.a, ...offers.b]);
    for (const name of others) await waitFor(`${name} to answer`, () => rpcUntyped(nc, `${name}.health`, {}).then(() => true).catch(() => false), { timeoutMs: 60_000 });
  }, 180_000);

  afterAll(async () => {
    identity.stop();
    await timers?.close();
    await app?.close();
    await Promise.all(Object.values(procs).map((p) => stack.stopProcess(p!)));
    await nc?.close();
    await pool?.end();
  }, 60_000);

  return {
    app: () => app,
    nc: () => nc,
    clock,
    identity,
    pg: () => pool,
    offers: () => offers,
    stop: async (name) => { await stack.stopProcess(procs[name]!); },
    restart: async (name) => {
      await stack.stopProcess(procs[name]!);
      start(name);
      await waitFor(`${name} to answer again`, () => rpcUntyped(nc, `${name}.health`, {}).then(() => true).catch(() => false), { timeoutMs: 60_000 });
    },
    timers: () => timers!,
    restartOrder: async () => {
      await app.close();
      app = await startService(orderService, ENV, { clock });
    },
  };
}

/** Every offer in stock again, with plenty (orders lower stock through pharm's consumer). */
export async function restock(pool: Pool, offers: Offer[]): Promise<void> {
  await pool.query('UPDATE pharm.pharm_products SET in_stock = true, published = true, amount = 1000 WHERE id = ANY($1::int[])', [offers.map((o) => o.id)]);
}

/** A user of this run only (the database outlives runs), with a caller token. */
export function userOf(identity: TestIdentity, userId: number, claims: Record<string, unknown> = {}) {
  return { userId, as: { caller: identity.token({ sub: String(userId), ...claims }) } };
}

let nextUser = 2_000_000 + Math.floor(Math.random() * 1_000_000_000);
export const freshUserId = () => nextUser++;

/** The ID number as the browser sends it: RSA-OAEP-256 under the service's public key. */
export function encryptIdNumber(key: CheckoutPublicKey, idNumber: string, keyId = key.keyId) {
  const ciphertext = publicEncrypt(
    { key: createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify({ idNumber })),
  ).toString('base64');
  return { keyId, ciphertext };
}

/** Rows of the order service's tables (a refused create must change none). */
export async function countRows(pool: Pool): Promise<Record<string, number>> {
  const tables = ['batches', 'orders', 'order_items', 'coupon_redemptions', 'status_history', 'outbox'];
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await pool.query(`SELECT count(*)::int AS n FROM "order"."${t}"`)).rows[0].n;
  return counts;
}

export type Rpc = <S extends RequestSubject>(subject: S, data: RequestOf<S>, options?: { caller?: string }) => Promise<ResponseOf<S>>;
export const rpcOn = (nc: () => NatsConnection): Rpc => (subject, data, options) => rpc(nc(), subject, data, options ?? {});

export { Subjects };
