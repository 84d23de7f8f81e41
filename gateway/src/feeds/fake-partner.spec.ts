import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { STOCK_FEED_COLUMNS } from '@mc/contracts';
import { feedSignature as kitSignature, sameSignature } from '@mc/kit';
import {
  feedParams, feedRow, feedSignature, isLastOfItsPair, signedPush, signedStatus, startFakePartner, type FakePartner, type PartnerUniverse,
} from '../../../deploy/local/fake-partner';

/** A stand-in for deploy/seed/partner.js's partnerUniverse: 3 synced pharmacies × 4 partner products (prices in agorot). */
const UNIVERSE: PartnerUniverse = {
  pharmacies: [{ code: 'PH-001', slug: 'alpha' }, { code: 'PH-002', slug: 'beta' }, { code: 'PH-003', slug: 'gamma' }],
  products: [{ id: 'YP-10', slug: 'p10', price: 15000 }, { id: 'YP-11', slug: 'p11', price: 22990 }, { id: 'YP-12', slug: 'p12', price: 31000 }, { id: 'YP-13', slug: 'p13', price: 41990 }],
};
const AT = '2026-11-28T10:00:00+02:00';

const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the fake partner', () => {
  let partner: FakePartner;
  beforeAll(async () => { partner = await startFakePartner({ universe: UNIVERSE }); });
  afterAll(() => partner.close());

  it('serves the same bytes for the same parameters, as CSV or as its gzip file', async () => {
    const query = { rows: 30, at: AT, priceShift: 50 };
    const [a, b, zipped] = await Promise.all([fetchBytes(partner.feedUrl(query)), fetchBytes(partner.feedUrl(query)), fetchBytes(partner.feedUrl({ ...query, gzip: 1 }))]);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(zipped.headers.get('content-type')).toBe('application/gzip');
    expect(sha(b.bytes)).toBe(sha(a.bytes));
    expect(gunzipSync(zipped.bytes).equals(a.bytes)).toBe(true);
    expect(sha((await fetchBytes(partner.feedUrl({ ...query, gzip: 1 }))).bytes)).toBe(sha(zipped.bytes));
    const lines = a.bytes.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(STOCK_FEED_COLUMNS.join(','));
    expect(lines).toHaveLength(31);
    // The first row: the first pharmacy's first product, price in shekels with 2 decimals, a time with an offset.
    expect(lines[1]).toMatch(/^PH-001,YP-10,\d+,(\d+\.\d{2})?,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const shifted = (await fetchBytes(partner.feedUrl({ ...query, priceShift: 60 }))).bytes;
    expect(sha(shifted)).not.toBe(sha(a.bytes));
  });

  it('gives each further pass over the universe later times, so every row of a pair is newer than its last', async () => {
    const params = feedParams({ rows: 40, at: AT });
    const text = (await fetchBytes(partner.feedUrl({ rows: 40, at: AT }))).bytes.toString('utf8');
    const rows = text.trimEnd().split('\n').slice(1).map((line) => line.split(','));
    const lastSeen = new Map<string, number>();
    for (const [code, id, amount, price, updatedAt] of rows) {
      expect(Number(amount)).toBeGreaterThanOrEqual(0);
      if (price) expect(Number(price)).toBeGreaterThan(0);
      const at = Date.parse(updatedAt!);
      const key = `${code} ${id}`;
      if (lastSeen.has(key)) expect(at).toBeGreaterThan(lastSeen.get(key)!);
      lastSeen.set(key, at);
    }
    // 40 rows over 12 pairs: four passes, the last at `at`.
    expect(lastSeen.size).toBe(12);
    expect(Date.parse(rows.at(-1)![4]!)).toBe(Date.parse(AT));
    expect(feedRow(UNIVERSE, params, 39).updatedAtMs).toBe(Date.parse(AT));
    expect(feedRow(UNIVERSE, params, 0).updatedAtMs).toBe(Date.parse(AT) - 3000);
    expect([39, 28].map((i) => isLastOfItsPair(UNIVERSE, 40, i))).toEqual([true, true]);
    expect(isLastOfItsPair(UNIVERSE, 40, 27)).toBe(false);
  });

  it('streams a large feed as it is read', async () => {
    const res = await fetch(partner.feedUrl({ rows: 200_000, at: AT }));
    let lines = 0;
    for await (const chunk of Readable.fromWeb(res.body as never)) lines += (chunk as Buffer).toString('latin1').split('\n').length - 1;
    expect(lines).toBe(200_001);
  });

  it('answers 304 to If-None-Match of its ETag and to If-Modified-Since at or after `at`', async () => {
    const url = partner.feedUrl({ rows: 10, at: AT });
    const first = await fetchBytes(url);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Date.parse(lastModified)).toBe(Date.parse(AT));
    const notModified = partner.served.notModified;
    expect((await fetchBytes(url, { 'if-none-match': etag })).status).toBe(304);
    expect((await fetchBytes(url, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await fetchBytes(url, { 'if-modified-since': lastModified })).status).toBe(304);
    expect(partner.served.notModified).toBe(notModified + 3);
    // Another feed, an older date, or an ETag that does not match (it decides over the date): the whole feed.
    expect((await fetchBytes(partner.feedUrl({ rows: 11, at: AT }), { 'if-none-match': etag })).status).toBe(200);
    expect((await fetchBytes(url, { 'if-modified-since': new Date(Date.parse(AT) - 1000).toUTCString() })).status).toBe(200);
    expect((await fetchBytes(url, { 'if-none-match': '"other"', 'if-modified-since': lastModified })).status).toBe(200);
  });

  it('refuses parameters it cannot serve', async () => {
    for (const query of [{ rows: -1 }, { rows: 'many' }, { at: 'yesterday' }, { gzip: 'yes' }, { priceShift: 1.5 }]) {
      expect((await fetchBytes(partner.feedUrl(query as never))).status).toBe(400);
    }
    expect((await fetchBytes(`${partner.url}/other`)).status).toBe(404);
  });
});

describe("the fake partner's client", () => {
  const secret = 'a-partner-secret-of-some-length';
  let server: Server;
  let baseUrl: string;
  const received: { path: string; ok: boolean; bytes: number; contentType?: string }[] = [];

  // A receiver that checks each call with the kit's own signature rules, as the gateway does.
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const timestamp = Number(request.headers['x-feed-timestamp']);
        const ok = request.headers['x-feed-partner'] === 'yarpa-test' && sameSignature(kitSignature(secret, timestamp, body), String(request.headers['x-feed-signature']));
        received.push({ path: request.url!, ok, bytes: body.length, contentType: request.headers['content-type'] });
        response.writeHead(ok ? 202 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { jobId: sha(body) } : { statusCode: 401 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('signs as the kit does', () => {
    expect(feedSignature(secret, 1_700_000_000, 'a,b\n')).toBe(kitSignature(secret, 1_700_000_000, 'a,b\n'));
    expect(feedSignature(secret, 1_700_000_000)).toBe(kitSignature(secret, 1_700_000_000));
  });

  it('pushes a body, a stream and generated rows (plain and gzip) with a signature the kit accepts', async () => {
    const credentials = { baseUrl, partner: 'yarpa-test', secret };
    const body = `${STOCK_FEED_COLUMNS.join(',')}\nPH-001,YP-10,3,120.50,${AT}\n`;
    const pushes = [
      await signedPush({ ...credentials, body }),
      await signedPush({ ...credentials, stream: Readable.from([Buffer.from(body)]) }),
      await signedPush({ ...credentials, rows: 5000, at: AT, universe: UNIVERSE }),
      await signedPush({ ...credentials, rows: 5000, at: AT, gzip: 1, universe: UNIVERSE }),
    ];
    expect(pushes.map((p) => p.status)).toEqual([202, 202, 202, 202]);
    for (const p of pushes) expect(p.body.jobId).toBe(p.feedId);
    expect(pushes[1]!.feedId).toBe(pushes[0]!.feedId);
    expect(received.slice(-4).map((r) => r.contentType)).toEqual(['text/csv; charset=utf-8', 'text/csv; charset=utf-8', 'text/csv; charset=utf-8', 'application/gzip']);
    expect(received.slice(-4).every((r) => r.ok && r.path === '/api/feeds/stock')).toBe(true);
    // The wrong secret is refused.
    expect((await signedPush({ ...credentials, secret: 'another-secret-of-some-length', body })).status).toBe(401);
  });

  it('asks a status signed over an empty body', async () => {
    const answer = await signedStatus({ baseUrl, partner: 'yarpa-test', secret, jobId: 'a'.repeat(64), csv: true });
    expect(answer.status).toBe(202);
    expect(received.at(-1)).toMatchObject({ path: `/api/feeds/stock/${'a'.repeat(64)}?format=csv`, ok: true, bytes: 0 });
  });
});
