import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Events, Subjects, type StockFeedStatus } from '@mc/contracts';
import { feedSignature, feedSpoolPath, type Caller } from '@mc/kit';
import { rpc, waitFor } from '@mc/kit/testing';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { outbox, pharmacies, pharmProducts, stockFeedPartners, stockFeeds } from '../src/db/schema';
import { StockFeedService } from '../src/stock-feed/stock-feed.service';
import { applyJobId, StockFeedQueue } from '../src/stock-feed/stock-feed.queue';
import { PHARM_TEST_ENV, usePharm } from './support';

// The partner stock feed end to end inside pharm: a feed stored in the spool and submitted as the gateway does, applied
// by the stock-feed worker running as its own process (from dist), as in production.

const PARTNER = { id: 'it-feed', secret: 'integration-feed-secret' };
const PULLED = { id: 'it-pull', secret: 'integration-pull-secret' };
/** The admin who pauses and resumes (the switch is called on the service, past the guard). */
const OPERATOR: Caller = { userId: 9000991, role: 'admin', businesses: [], token: '' };
const SPOOL = mkdtempSync(join(tmpdir(), 'feed-spool-'));
const WORKER = resolve(__dirname, '../dist/stock-feed/worker.js');

// The pharm service of this suite (in this process) knows both partners; the worker (a child) also pulls the second.
process.env.FEED_PARTNERS = JSON.stringify([PARTNER, PULLED]);
process.env.FEED_SPOOL_DIR = SPOOL;
const { app, nc, data } = usePharm('feed');
let partnerServer: Server;
let served = { body: 'pharmacy_code,partner_product_id,amount,price,updated_at\n', etag: '"v1"', hits: 0, conditional: 0 };

const workerEnv = (extra: Record<string, string> = {}) => ({
  ...process.env, ...PHARM_TEST_ENV, FEED_SPOOL_DIR: SPOOL, FEED_CHUNK_ROWS: '500', FEED_MAX_BAD_SHARE: '0.5', FEED_LOCK_MS: '2000',
  FEED_PARTNERS: JSON.stringify([PARTNER, { ...PULLED, url: `http://127.0.0.1:${(partnerServer.address() as { port: number }).port}/feed.csv`, everyMs: 5000 }]),
  ...extra,
});
let worker: ChildProcess | undefined;
const startWorker = (extra: Record<string, string> = {}) => { worker = spawn(process.execPath, [WORKER], { env: workerEnv(extra), stdio: ['ignore', 'inherit', 'inherit'] }); };
const stopWorker = async (signal: NodeJS.Signals = 'SIGTERM') => {
  const w = worker;
  worker = undefined;
  if (!w || w.exitCode !== null) return;
  await new Promise((done) => { w.once('exit', done); w.kill(signal); });
};

const KEYS = [['IT-P1', 'IT-Y1'], ['IT-P1', 'IT-Y2'], ['IT-P2', 'IT-Y1'], ['IT-P2', 'IT-Y2']];
/** 20,000 rows over the 4 offers of KEYS, `stepMs` apart from `start`. */
const manyRows = (start: number, stepMs = 1000) => Array.from({ length: 20_000 }, (_, i) => {
  const [code, id] = KEYS[i % 4];
  return `${code},${id},${i % 50},${100 + (i % 7)},${new Date(start + i * stepMs).toISOString()}`;
});
const feedRow = (jobId: string) => data.db.select().from(stockFeeds).where(eq(stockFeeds.id, jobId)).then((r) => r[0]);
const someChunksApplied = (jobId: string) =>
  waitFor('some chunks applied', () => feedRow(jobId), { until: (f) => f?.state === 'applying' && f.linesDone > 1000, timeoutMs: 20_000, intervalMs: 20 });

const HEADER = 'pharmacy_code,partner_product_id,amount,price,updated_at';
const csv = (rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;

/** Stores a feed as the gateway does and submits it; answers the job id. */
async function push(body: string | Buffer): Promise<string> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const feedId = createHash('sha256').update(bytes).digest('hex');
  mkdirSync(join(SPOOL, PARTNER.id), { recursive: true });
  writeFileSync(feedSpoolPath(SPOOL, PARTNER.id, feedId), bytes);
  const timestamp = Math.floor(Date.now() / 1000);
  const { jobId } = await rpc(nc(), Subjects.pharm.stockFeedSubmit, { partner: PARTNER.id, timestamp, signature: feedSignature(PARTNER.secret, timestamp, bytes), feedId });
  return jobId;
}

function status(jobId: string, partner = PARTNER): Promise<StockFeedStatus> {
  const timestamp = Math.floor(Date.now() / 1000);
  return rpc(nc(), Subjects.pharm.stockFeedStatus, { partner: partner.id, timestamp, signature: feedSignature(partner.secret, timestamp), jobId });
}

const finished = (jobId: string, timeoutMs = 20_000) =>
  waitFor(`feed ${jobId.slice(0, 8)} finished`, () => status(jobId), { until: (s) => s.state === 'done' || s.state === 'refused', timeoutMs, intervalMs: 100 });

async function offer(pharmSlug: string, productSlug: string) {
  const [row] = await data.db.select({ offer: pharmProducts }).from(pharmProducts).innerJoin(pharmacies, eq(pharmacies.id, pharmProducts.pharmId))
    .where(and(eq(pharmacies.slug, pharmSlug), eq(pharmProducts.productSlug, productSlug)));
  return row?.offer;
}

let p1: string;
let p2: string;
let y1: string;
let y2: string;
let y3: string;
const T0 = '2026-11-20T08:00:00.000Z';

beforeAll(async () => {
  partnerServer = createServer((req, res) => {
    served.hits++;
    if (req.headers['if-none-match'] === served.etag) {
      served.conditional++;
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv', etag: served.etag }).end(served.body);
  });
  await new Promise<void>((done) => partnerServer.listen(0, '127.0.0.1', done));
  await data.db.delete(stockFeeds).where(inArray(stockFeeds.partner, [PARTNER.id, PULLED.id]));
  await data.db.delete(stockFeedPartners).where(inArray(stockFeedPartners.id, [PARTNER.id, PULLED.id]));
  p1 = await data.pharmacy('p1', { partnerCode: 'IT-P1' });
  p2 = await data.pharmacy('p2', { partnerCode: 'IT-P2' });
  y1 = await data.product('y1', { yarpaProductId: 'IT-Y1' });
  y2 = await data.product('y2', { yarpaProductId: 'IT-Y2', estimatedPrice: 12000 });
  y3 = await data.product('y3', { yarpaProductId: 'IT-Y3' });
  await data.offers(p1, [{ productSlug: y1, price: 10000, originalPrice: 12000, amount: 5 }]);
  await data.db.update(pharmProducts).set({ confirmedAt: new Date(T0) }).where(eq(pharmProducts.productSlug, y1));
  startWorker();
}, 60_000);

afterAll(async () => {
  await stopWorker();
  await new Promise((done) => partnerServer.close(done));
});

describe('a pushed feed', () => {
  it('applies the good rows, reports every bad one with its line, and locks the offers to the partner', async () => {
    const jobId = await push(csv([
      'IT-P1,IT-Y1,7,95.50,2026-11-27T10:00:00+02:00', // 2: newer: amount and price change
      'IT-P1,IT-Y2,3,,2026-11-27T10:00:00+02:00', // 3: a new offer at the catalogue's price
      'IT-P1,IT-Y3,2,,2026-11-27T10:00:00+02:00', // 4: new, no price and no catalogue price
      'IT-P2,IT-Y1,0,120,2026-11-27T10:00:00Z', // 5: new, out of stock
      'IT-P9,IT-Y1,1,100,2026-11-27T10:00:00Z', // 6: unknown pharmacy
      'IT-P1,IT-Y9,1,100,2026-11-27T10:00:00Z', // 7: unknown product
      'IT-P1,IT-Y1,-1,100,2026-11-27T10:00:00Z', // 8
      'IT-P1,IT-Y1,1.5,100,2026-11-27T10:00:00Z', // 9
      'IT-P1,IT-Y1,1,0,2026-11-27T10:00:00Z', // 10
      'IT-P1,IT-Y1,1,1.234,2026-11-27T10:00:00Z', // 11
      'IT-P1,IT-Y1,1,12,2026-11-27T10:00:00', // 12: no offset
      'IT-P1,IT-Y1,1,12,2099-01-01T00:00:00Z', // 13: future
      'IT-P1,IT-Y1,1,12', // 14: 4 columns
      'IT-P2,IT-Y1,4,119,2026-11-27T09:00:00Z', // 15: older than line 5: unchanged
      'IT-P2,IT-Y1,6,118,2026-11-27T11:00:00Z', // 16: newer than line 5
      ...[0, 1, 2, 3].map((m) => `IT-P2,IT-Y2,${m + 1},125,2026-11-27T10:0${m}:00Z`), // 17–20
    ]));
    const done = await finished(jobId);
    expect(done).toMatchObject({ state: 'done', applied: 8, unchanged: 1, rejected: 10 });
    expect(done.rejections.map((r) => r.line)).toEqual([4, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(done.rejections.find((r) => r.line === 6)!.reason).toMatch(/pharmacy_code/);
    expect(done.rejections.find((r) => r.line === 4)!.reason).toMatch(/price is required/);
    // The partner's price is the price: the pharmacy's 'was ₪120' goes with it.
    expect(await offer(p1, y1)).toMatchObject({ amount: 7, inStock: true, price: 9550, originalPrice: null, isYarpaLocked: true, confirmedAt: new Date('2026-11-27T08:00:00Z') });
    expect(await offer(p1, y2)).toMatchObject({ amount: 3, price: 12000, catalogPrice: true, isYarpaLocked: true, published: true });
    expect(await offer(p1, y3)).toBeUndefined();
    expect(await offer(p2, y1)).toMatchObject({ amount: 6, inStock: true, price: 11800, confirmedAt: new Date('2026-11-27T11:00:00Z') });
    const [pharm] = await data.db.select({ at: pharmacies.partnerFeedAt }).from(pharmacies).where(eq(pharmacies.slug, p2));
    expect(pharm.at).not.toBeNull();
  });

  it('changes nothing when replayed, nor when older than what was applied', async () => {
    const body = csv(['IT-P1,IT-Y1,9,90,2026-11-27T12:00:00Z']);
    const first = await finished(await push(body));
    expect(first).toMatchObject({ applied: 1 });
    const before = await offer(p1, y1);
    const again = await push(body);
    expect(await finished(again)).toMatchObject({ state: 'done', applied: 1, unchanged: 0 });
    await waitFor('the replayed bytes removed from the spool', () => !existsSync(feedSpoolPath(SPOOL, PARTNER.id, again)));
    const older = await finished(await push(csv(['IT-P1,IT-Y1,1,80,2026-11-27T11:59:00Z'])));
    expect(older).toMatchObject({ state: 'done', applied: 0, unchanged: 1 });
    expect(await offer(p1, y1)).toEqual(before);
  });

  it('is refused whole when too many rows are bad, applying none', async () => {
    const before = await offer(p1, y1);
    const refused = await finished(await push(csv(['IT-P1,IT-Y1,2,70,2026-11-27T13:00:00Z', 'bad', 'IT-P1,IT-Y1,x,70,2026-11-27T13:00:00Z'])));
    expect(refused).toMatchObject({ state: 'refused', applied: 0, rejected: 2 });
    expect(refused.reason).toMatch(/2 of 3 rows are bad/);
    expect(await offer(p1, y1)).toEqual(before);
  });

  it('takes gzip and refuses a file that is not the feed', async () => {
    const zipped = await finished(await push(gzipSync(csv(['IT-P2,IT-Y2,4,130,2026-11-27T13:00:00Z']))));
    expect(zipped).toMatchObject({ state: 'done', applied: 1 });
    expect(await offer(p2, y2)).toMatchObject({ amount: 4, price: 13000 });
    const wrongHeader = await finished(await push('code,product,amount\nIT-P2,IT-Y2,4\n'));
    expect(wrongHeader).toMatchObject({ state: 'refused' });
    expect(wrongHeader.reason).toMatch(/header/);
  });

  it('answers its status only to its partner, signed', async () => {
    const jobId = await push(csv(['IT-P2,IT-Y2,5,130,2026-11-27T14:00:00Z']));
    const timestamp = Math.floor(Date.now() / 1000);
    await expect(rpc(nc(), Subjects.pharm.stockFeedStatus, { partner: PARTNER.id, timestamp, signature: feedSignature('wrong-secret-wrong', timestamp), jobId }))
      .rejects.toMatchObject({ status: 401 });
    await expect(rpc(nc(), Subjects.pharm.stockFeedStatus, { partner: PARTNER.id, timestamp: timestamp - 600, signature: feedSignature(PARTNER.secret, timestamp - 600), jobId }))
      .rejects.toMatchObject({ status: 401 });
    await expect(status(jobId, PULLED)).rejects.toMatchObject({ status: 404 });
    await finished(jobId);
  });
});

describe('the worker', () => {
  it('killed mid-feed and started again applies every row exactly once', async () => {
    // 20,000 rows over 4 offers, each newer than the one before: a row applied twice would count as unchanged.
    const start = Date.parse('2026-11-27T15:00:00Z');
    const jobId = await push(csv(manyRows(start)));
    await someChunksApplied(jobId);
    await stopWorker('SIGKILL');
    const [cut] = await data.db.select().from(stockFeeds).where(eq(stockFeeds.id, jobId));
    expect(cut.state).toBe('applying');
    expect(cut.linesDone).toBeLessThan(20_001);
    startWorker();
    const done = await finished(jobId, 40_000);
    expect(done).toMatchObject({ state: 'done', applied: 20_000, unchanged: 0, rejected: 0 });
    for (let k = 0; k < 4; k++) {
      const last = 20_000 - 4 + k;
      const [code, id] = KEYS[k];
      const o = await offer(code === 'IT-P1' ? p1 : p2, id === 'IT-Y1' ? y1 : y2);
      expect(o).toMatchObject({ amount: last % 50, price: (100 + (last % 7)) * 100, confirmedAt: new Date(start + last * 1000) });
    }
  }, 90_000);

  it('pulls a partner on its schedule with a conditional GET', async () => {
    served = { body: csv(['IT-P1,IT-Y2,11,99,2026-11-28T00:00:00Z']), etag: '"v2"', hits: 0, conditional: 0 };
    await waitFor('the pulled feed applied', () => offer(p1, y2), { until: (o) => o?.amount === 11, timeoutMs: 20_000, intervalMs: 200 });
    expect((await offer(p1, y2))!.price).toBe(9900);
    await waitFor('a second pull answered 304', () => served.conditional, { until: (n) => n >= 1, timeoutMs: 20_000, intervalMs: 200 });
  }, 60_000);

  it('holds a paused partner\'s feeds until the operator resumes it', async () => {
    await data.db.insert(stockFeedPartners).values({ id: PARTNER.id, paused: true }).onConflictDoUpdate({ target: stockFeedPartners.id, set: { paused: true } });
    const jobId = await push(csv(['IT-P2,IT-Y2,21,131,2026-11-28T01:00:00Z']));
    await waitFor('paused', () => status(jobId), { until: (s) => s.state === 'paused' });
    expect((await offer(p2, y2))!.amount).not.toBe(21);
    await app().get(StockFeedService).pause(PARTNER.id, false, OPERATOR);
    expect(await finished(jobId)).toMatchObject({ state: 'done', applied: 1 });
    // The switch is on the record (identity's audit log), by the operator who flipped it.
    const [recorded] = await data.db.select({ data: sql`${outbox.envelope} -> 'data'` }).from(outbox)
      .where(and(eq(outbox.subject, Events.pharm.auditRecorded), sql`${outbox.envelope} -> 'data' ->> 'targetId' = ${PARTNER.id}`)).orderBy(desc(outbox.id)).limit(1);
    expect(recorded.data).toMatchObject({
      action: 'feed-partner.paused', actorId: OPERATOR.userId, targetKind: 'feed-partner', before: { paused: true }, after: { paused: false },
    });
  });

  it('stops a feed in hand between chunks when its partner is paused, and finishes it once resumed', async () => {
    const jobId = await push(csv(manyRows(Date.parse('2026-11-28T01:30:00Z'), 100)));
    await someChunksApplied(jobId);
    await app().get(StockFeedService).pause(PARTNER.id, true, OPERATOR);
    const held = await waitFor('paused', () => feedRow(jobId), { until: (f) => f.state === 'paused' });
    expect(held.linesDone).toBeLessThan(20_001);
    await app().get(StockFeedService).pause(PARTNER.id, false, OPERATOR);
    expect(await finished(jobId, 30_000)).toMatchObject({ state: 'done', applied: 20_000, unchanged: 0 });
  }, 60_000);

  it('queues again, at its start, a feed the database holds unfinished and Redis lost (issue 32)', async () => {
    await stopWorker();
    const jobId = await push(csv(['IT-P1,IT-Y1,33,141,2026-11-28T03:00:00Z']));
    // Redis loses the job (restarted without its data) a while after the feed came.
    await app().get(StockFeedQueue).bull.remove(applyJobId(PARTNER.id, jobId));
    await data.db.update(stockFeeds).set({ receivedAt: new Date(Date.now() - 120_000) }).where(eq(stockFeeds.id, jobId));
    expect((await feedRow(jobId)).state).toBe('queued');
    startWorker({ LOST_JOBS_SWEEP_MS: '60000' });
    expect(await finished(jobId)).toMatchObject({ state: 'done', applied: 1 });
    expect(await offer(p1, y1)).toMatchObject({ amount: 33, price: 14100 });
    await stopWorker();
    startWorker();
  });
});
