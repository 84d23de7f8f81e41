import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Messages, STOCK_FEED_COLUMNS, STOCK_FEED_STATES } from '@mc/contracts';
import { DEVELOPMENT_FEED_PARTNER, feedSignature, feedSpoolPath } from '@mc/kit';
import { signedPush, signedStatus, waitForFeed } from '../../deploy/local/fake-partner';
import { FeedMessages } from '../src/feeds/feed-signature';
import { api, gatewayUrl } from './http';

/**
 * The partner stock feed through the gateway (issue 28; API.md "Partner stock feed"): a partner's server sends only
 * its three headers (no client headers); every refusal is a 4xx and leaves nothing in the spool.
 */

type Json = any;
const PARTNER = { partner: DEVELOPMENT_FEED_PARTNER.id, secret: DEVELOPMENT_FEED_PARTNER.secret };
const stackEnv = () => JSON.parse(readFileSync(process.env.E2E_STACK_STATE!, 'utf8')).env as Record<string, string>;
const spoolDir = () => stackEnv().FEED_SPOOL_DIR!;
const maxBytes = () => Number(stackEnv().FEED_MAX_BYTES);
const incoming = () => (existsSync(join(spoolDir(), '.incoming')) ? readdirSync(join(spoolDir(), '.incoming')) : []);
const sha256 = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

const HEADER = STOCK_FEED_COLUMNS.join(',');
const UPDATED = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
/** Rows no pharmacy can take (the codes exist nowhere): every one rejected, whatever the data set. */
const unknownRows = (count: number, tag = randomBytes(4).toString('hex')) =>
  `${HEADER}\n${Array.from({ length: count }, (_, i) => `NO-SUCH-${tag},P-${i},${i % 7},${(100 + i).toFixed(2)},${UPDATED}`).join('\n')}\n`;

/** The partner's headers for `body` signed at `timestamp` (another partner, secret or body on request). */
const signed = (body: string | Buffer, { timestamp = now(), partner = PARTNER.partner, secret = PARTNER.secret } = {}) => ({
  'x-feed-partner': partner, 'x-feed-timestamp': String(timestamp), 'x-feed-signature': feedSignature(secret, timestamp, body),
});

/** A push as a partner's server makes it: no client headers. */
const push = async (body: string | Buffer, headers: Record<string, string>, contentType = 'text/csv'): Promise<{ status: number; body: Json }> => {
  const res = await fetch(`${gatewayUrl()}/api/feeds/stock`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

/** A push over a raw socket: `declaredLength` as the Content-Length (else chunked), `chunks` written until the answer comes. */
const rawPush = (headers: Record<string, string>, chunks: Buffer[], declaredLength?: number): Promise<{ status: number; body: Json }> =>
  new Promise((resolve, reject) => {
    const url = new URL('/api/feeds/stock', gatewayUrl());
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', ...headers, ...(declaredLength === undefined ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(declaredLength) }) },
    });
    let answered = false;
    req.once('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.once('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
    });
    // The gateway stops reading a refused body: writing on may fail once it has answered.
    req.once('error', (err) => { if (!answered) reject(err); });
    (async () => {
      for (const chunk of chunks) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((resolveWrite) => {
            const go = () => { req.off('drain', go); req.off('close', go); resolveWrite(); };
            req.on('drain', go);
            req.on('close', go);
          });
        }
      }
      if (declaredLength === undefined) req.end();
    })().catch(() => undefined);
  });

const refused = (status: number, message: string) => ({ status, body: { statusCode: status, code: status === 401 ? 'UNAUTHORIZED' : 'BAD_REQUEST', message } });

describe('a partner push the gateway refuses', () => {
  const body = unknownRows(3);

  it('answers 401 to an unknown partner, a missing, old or future timestamp, and a signature that does not match', async () => {
    expect(await push(body, signed(body, { partner: 'someone-else' }))).toMatchObject(refused(401, FeedMessages.unknownPartner));
    expect(await push(body, { ...signed(body), 'x-feed-partner': '' })).toMatchObject(refused(401, FeedMessages.unknownPartner));
    expect(await push(body, signed(body, { timestamp: now() - 310 }))).toMatchObject(refused(401, FeedMessages.timestamp));
    expect(await push(body, signed(body, { timestamp: now() + 310 }))).toMatchObject(refused(401, FeedMessages.timestamp));
    const { 'x-feed-timestamp': _, ...withoutTimestamp } = signed(body);
    expect(await push(body, withoutTimestamp)).toMatchObject(refused(401, FeedMessages.timestamp));
    // Signed with another secret, or over other bytes: read whole, then refused and removed.
    expect(await push(body, signed(body, { secret: 'not-the-partner-secret-at-all' }))).toMatchObject(refused(401, FeedMessages.signature));
    expect(await push(body, signed(`${body}\n`))).toMatchObject(refused(401, FeedMessages.signature));
    expect(await push(body, { ...signed(body), 'x-feed-signature': 'not hex' })).toMatchObject(refused(401, FeedMessages.signature));
    expect(existsSync(feedSpoolPath(spoolDir(), PARTNER.partner, sha256(body)))).toBe(false);
    expect(incoming()).toEqual([]);
  });

  it('refuses before reading a body that would not be taken: a large one of an unknown partner is not waited for', async () => {
    const started = Date.now();
    const answer = await rawPush(signed('', { partner: 'someone-else' }), [Buffer.alloc(64 * 1024, 0x41)], 500 * 1024 * 1024);
    expect(answer).toMatchObject(refused(401, FeedMessages.unknownPartner));
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 413 to a feed over FEED_MAX_BYTES, declared or streamed, and keeps none of it', async () => {
    const headers = signed('whatever: the size is refused first');
    expect(await rawPush(headers, [Buffer.from(`${HEADER}\n`)], maxBytes() + 1)).toMatchObject(refused(413, FeedMessages.tooLarge));
    const chunk = Buffer.from(`${'x'.repeat(99)}\n`.repeat(1000));
    const chunks = Array.from({ length: Math.ceil((maxBytes() * 1.5) / chunk.length) }, () => chunk);
    expect(await rawPush(headers, [Buffer.from(`${HEADER}\n`), ...chunks])).toMatchObject(refused(413, FeedMessages.tooLarge));
    expect(incoming()).toEqual([]);
  });

  it('answers 400 to an empty feed (with or without a body type), a feed without rows and a wrong header', async () => {
    expect(await push('', signed(''))).toMatchObject(refused(400, FeedMessages.empty));
    expect(await push(`${HEADER}\n`, signed(`${HEADER}\n`))).toMatchObject(refused(400, FeedMessages.noRows));
    const zipped = gzipSync(`${HEADER}\n`);
    expect(await push(zipped, signed(zipped), 'application/gzip')).toMatchObject(refused(400, FeedMessages.noRows));
    const wrong = 'code,product,amount\nA,B,1\n';
    expect(await push(wrong, signed(wrong))).toMatchObject(refused(400, FeedMessages.header));
    const res = await fetch(`${gatewayUrl()}/api/feeds/stock`, { method: 'POST', headers: signed('') });
    expect(res.status).toBe(400);
    expect(incoming()).toEqual([]);
  });

  it('answers 415 to another body type or a Content-Encoding, and other routes still refuse the feed types', async () => {
    const json = JSON.stringify({ rows: [] });
    expect(await push(json, signed(json), 'application/json')).toMatchObject(refused(415, FeedMessages.mediaType));
    const zipped = gzipSync(body);
    expect(await push(zipped, { ...signed(zipped), 'content-encoding': 'gzip' })).toMatchObject(refused(415, FeedMessages.contentEncoding));
    // The feed's parser is for the feed's route alone.
    const contact = await api('/api/contact', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'a,b\n' });
    expect(contact.status).toBe(415);
    expect((await api('/api/contact', { method: 'POST', headers: { 'content-type': 'application/gzip' }, body: zipped })).status).toBe(415);
  });

  it("answers a status request 401 without the partner's signature over an empty body, 400 for a malformed job id", async () => {
    const jobId = sha256('no such feed');
    const status = (headers: Record<string, string>, id = jobId) => fetch(`${gatewayUrl()}/api/feeds/stock/${id}`, { headers }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await status(signed('', { partner: 'someone-else' }))).toMatchObject(refused(401, FeedMessages.unknownPartner));
    expect(await status(signed('', { timestamp: now() - 310 }))).toMatchObject(refused(401, FeedMessages.timestamp));
    expect(await status(signed('', { timestamp: now() + 310 }))).toMatchObject(refused(401, FeedMessages.timestamp));
    expect(await status(signed('a body'))).toMatchObject(refused(401, FeedMessages.signature));
    expect(await status(signed(''), 'not-a-job')).toMatchObject(refused(400, Messages.badRequest));
  });
});

describe("the operator's feed partners", () => {
  const signIn = async (email: string, password: string): Promise<string> => {
    const answer = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(answer.status).toBe(200);
    return answer.body.jwt;
  };
  const as = (jwt?: string, init: RequestInit = {}) => ({ ...init, headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) } });
  const pause = (paused: boolean) => ({ method: 'PUT', body: JSON.stringify({ paused }) });

  it('are refused to anonymous callers (401) and to patients (403)', async () => {
    const patient = await signIn('patient@medcanna.local', 'demo-patient');
    expect((await api('/api/manage/feed-partners', as())).status).toBe(401);
    expect((await api(`/api/manage/feed-partners/${PARTNER.partner}`, as(undefined, pause(true)))).status).toBe(401);
    expect((await api('/api/manage/feed-partners', as(patient))).status).toBe(403);
    expect((await api(`/api/manage/feed-partners/${PARTNER.partner}`, as(patient, pause(true)))).status).toBe(403);
  });

  // Needs pharm's stock-feed handlers (issue 28, the lead's part).
  it('are listed to an admin, who pauses a partner and lets it go on', async () => {
    const admin = await signIn('admin@medcanna.local', 'demo-admin');
    const listed = await api('/api/manage/feed-partners', as(admin));
    expect(listed.status).toBe(200);
    expect(listed.body.partners.map((p: Json) => p.id)).toContain(PARTNER.partner);
    expect(await api(`/api/manage/feed-partners/${PARTNER.partner}`, as(admin, pause(true)))).toMatchObject({ status: 200, body: { id: PARTNER.partner, paused: true } });
    expect(await api(`/api/manage/feed-partners/${PARTNER.partner}`, as(admin, pause(false)))).toMatchObject({ status: 200, body: { id: PARTNER.partner, paused: false } });
    expect((await api(`/api/manage/feed-partners/${PARTNER.partner}`, as(admin, { method: 'PUT', body: '{}' }))).status).toBe(400);
  });
});

// Needs pharm's stock-feed handlers and worker (issue 28, the lead's part).
describe('a partner push the gateway takes', () => {
  it('stores the feed under its SHA-256, answers 202 { jobId }, and tells its status and every rejection as CSV', async () => {
    const body = unknownRows(150);
    const pushed = await signedPush({ baseUrl: gatewayUrl(), ...PARTNER, body });
    expect(pushed.status).toBe(202);
    expect(pushed.body.jobId).toMatch(/^[0-9a-f]{64}$/);
    expect(pushed.feedId).toBe(sha256(body));
    expect(readFileSync(feedSpoolPath(spoolDir(), PARTNER.partner, pushed.feedId), 'utf8')).toBe(body);
    expect(incoming()).toEqual([]);

    const status = await waitForFeed({ baseUrl: gatewayUrl(), ...PARTNER, jobId: pushed.body.jobId, timeoutMs: 60_000 });
    expect(STOCK_FEED_STATES).toContain(status.state);
    expect(status).toMatchObject({ applied: 0, unchanged: 0, rejected: 150 });
    expect(status.rejections).toHaveLength(100);
    expect(status.rejections[0]).toEqual({ line: 2, reason: expect.any(String) });

    const csv = await signedStatus({ baseUrl: gatewayUrl(), ...PARTNER, jobId: pushed.body.jobId, csv: true });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split('\n');
    expect(lines[0]).toBe('line,reason');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(Array.from({ length: 150 }, (_, i) => i + 2));
    const accepted = await fetch(`${gatewayUrl()}/api/feeds/stock/${pushed.body.jobId}`, { headers: { ...signed(''), accept: 'text/csv' } });
    expect(await accepted.text()).toBe(csv.text);
  });

  it('answers 404 for a feed the partner never pushed', async () => {
    expect((await signedStatus({ baseUrl: gatewayUrl(), ...PARTNER, jobId: sha256(`never pushed ${Date.now()}`) })).status).toBe(404);
  });
});
