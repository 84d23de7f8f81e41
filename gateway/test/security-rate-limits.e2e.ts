import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Messages } from '@mc/contracts';
import { CLIENT_HEADERS, fromMailbox, gatewayUrl, mailbox } from './http';

/**
 * The stack trusts only 127.0.0.1 as a proxy (TRUSTED_PROXIES in stack.setup.js): requests from there may name
 * their client in X-Forwarded-For, as the site's proxy does. A client connecting from any other address
 * (here another loopback address) is not a proxy, and its X-Forwarded-For must change nothing.
 */
const run = Date.now();
/** A loopback address of this file's own (the stack's rate counters are cleared at its start). */
const untrusted = (n: number) => `127.0.${n}.${2 + (run % 250)}`;
let forwarded = 0;
/** A made-up client address, new on each call. */
const anyClient = () => { forwarded++; return `198.51.${Math.floor(forwarded / 250) % 250}.${1 + (forwarded % 250)}`; };

interface Answer { status: number; body: any }

/** POST (or GET without a body) to the gateway from `localAddress`, with the web client's headers. */
function call(localAddress: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(path, gatewayUrl());
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: payload === undefined ? 'GET' : 'POST',
      localAddress,
      headers: { ...CLIENT_HEADERS, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; }).on('end', () => {
        let parsed: unknown = text;
        try { parsed = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const tooMany = { status: 429, body: { message: Messages.tooManyRequests } };

describe('per-client rate limits cannot be bypassed with X-Forwarded-For', () => {
  it('keeps the sign-in limit per address (50 in 15 minutes) however the header varies', async () => {
    const client = untrusted(1);
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      const answer = await call(client, '/api/auth/signin', { email: `nobody-${run}-${i}@example.co.il`, password: 'a guess' }, { 'x-forwarded-for': anyClient() });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    expect(await call(client, '/api/auth/signin', { email: `nobody-${run}@example.co.il`, password: 'x' }, { 'x-forwarded-for': anyClient() })).toMatchObject(tooMany);
    // Another client is not affected.
    expect((await call(untrusted(2), '/api/auth/signin', { email: `nobody-${run}@example.co.il`, password: 'x' })).status).toBe(401);
  }, 90_000);

  it('keeps the per-account limit beside it: 10 tries for one e-mail, from any number of clients behind the proxy', async () => {
    const email = `target-${run}@example.co.il`;
    for (let i = 0; i < 10; i++) {
      expect((await call('127.0.0.1', '/api/auth/signin', { email, password: `guess ${i}` }, { 'x-forwarded-for': anyClient() })).status).toBe(401);
    }
    // The same address in another case or with spaces is the same account.
    expect(await call('127.0.0.1', '/api/auth/signin', { email: ` ${email.toUpperCase()} `, password: 'guess' }, { 'x-forwarded-for': anyClient() })).toMatchObject(tooMany);
    expect((await call('127.0.0.1', '/api/auth/signin', { email: `other-${email}`, password: 'guess' }, { 'x-forwarded-for': anyClient() })).status).toBe(401);
  }, 60_000);

  it("answers 'e-mail taken' only within the sign-up limits: 5 tries per e-mail, 20 per client", async () => {
    const email = `taken-${run}@example.co.il`;
    const signUp = (client: string, body: object, forwarded = anyClient()) => call(client, '/api/auth/signup', body, { 'x-forwarded-for': forwarded });
    const person = { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true };
    expect((await signUp('127.0.0.1', person)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await signUp('127.0.0.1', person)).toMatchObject({ status: 400, body: { message: Messages.emailTaken } });
    expect(await signUp('127.0.0.1', { ...person, email: email.toUpperCase() })).toMatchObject(tooMany);

    const client = untrusted(3);
    for (let i = 0; i < 20; i++) expect((await signUp(client, { email: `probe-${run}-${i}@example.co.il` })).status).toBe(400);
    expect(await signUp(client, { ...person, email: `probe-${run}-x@example.co.il` })).toMatchObject(tooMany);
  }, 60_000);

  it('asks for at most 5 reset e-mails an hour to one address, however many clients ask', async () => {
    const email = `inbox-${run}@example.co.il`;
    const ask = (body: object) => call('127.0.0.1', '/api/auth/forgot-password', body, { 'x-forwarded-for': anyClient() });
    for (let i = 0; i < 5; i++) expect((await ask({ email })).status).toBe(200);
    expect(await ask({ email: email.toUpperCase() })).toMatchObject(tooMany);
    expect((await ask({ email: `other-${email}` })).status).toBe(200);
  });

  it('keeps the contact form limit per address (5 in 10 minutes)', async () => {
    const client = untrusted(4);
    const message = { name: 'ישראל ישראלי', email: 'israel@example.co.il', phone: '052-1234567', message: 'האם יש משלוח לאילת?' };
    for (let i = 0; i < 5; i++) expect((await call(client, '/api/contact', message, { 'x-forwarded-for': anyClient() })).status).toBe(200);
    expect(await call(client, '/api/contact', message, { 'x-forwarded-for': anyClient() })).toMatchObject(tooMany);
  });
});

describe("'watching now' cannot be inflated", () => {
  it('counts at most 5 visitors of a page from one client, however many visitor ids it sends', async () => {
    const page = `/products/e2e-presence-${run}`;
    const visit = (client: string, visitorId: string, forwarded?: string) =>
      call(client, '/api/presence', { path: page, visitorId }, forwarded ? { 'x-forwarded-for': forwarded } : {});
    const script = untrusted(5);
    for (let i = 0; i < 50; i++) expect((await visit(script, `bot-${run}-${i}`, anyClient())).status).toBe(200);
    // A real visitor from elsewhere sees the 5 the script was allowed, not 50.
    expect((await visit(untrusted(6), `person-${run}`)).body.watching).toBe(5);
    // The script's admitted visitors keep counting when they come back; new ids still do not.
    expect((await visit(script, `bot-${run}-0`)).body.watching).toBe(5);
    expect((await visit(script, `bot-${run}-99`)).body.watching).toBe(6);
  }, 60_000);
});

describe('personal data stays out of the logs', () => {
  it("keeps a reset link's token, a searched address and an e-mail out of every service's log", async () => {
    const email = 'patient@medcanna.local'; // the seed's patient
    const client = { 'x-forwarded-for': anyClient() };
    const { jwt } = (await call('127.0.0.1', '/api/auth/signin', { email, password: 'demo-patient' }, client)).body;
    expect(jwt).toEqual(expect.any(String));

    const typed = `שדרות הנשיא ${run % 1000} זכרון`;
    expect((await call('127.0.0.1', `/api/addresses/search?text=${encodeURIComponent(typed)}`, undefined, { ...client, authorization: `Bearer ${jwt}` })).status).toBe(200);
    // A reset link's token as the page it opens and the reset call carry it (unknown here: the answer is 401, the path the same).
    const token = randomBytes(32).toString('base64url');
    await call('127.0.0.1', `/reset-password?token=${token}`, undefined, client);
    expect((await call('127.0.0.1', '/api/auth/reset-password', { token, newPassword: 'a newer secret', confirmPassword: 'a newer secret' }, client)).status).toBe(401);
    const resetToken = (article: string) => (article.includes(email) ? article.match(/reset-password\?token=([^"&<\s]+)/)?.[1] : undefined);
    const earlier = new Set((await mailbox()).map(resetToken));
    expect((await call('127.0.0.1', '/api/auth/forgot-password', { email }, client)).status).toBe(200);
    // Every service on the reset's way (gateway, identity, notifications) has logged it once its e-mail is in the mailbox.
    await fromMailbox('the reset e-mail to the patient', (article) => { const t = resetToken(article); return t && !earlier.has(t) ? t : undefined; });
    const dir = join(__dirname, '../../artifacts/logs/e2e');
    const logs = readdirSync(dir).filter((file) => file.endsWith('.log')).map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
    expect(logs).toContain('"url":"/api/addresses/search"');
    expect(logs).toContain('"url":"/reset-password"');
    for (const datum of [token, typed, encodeURIComponent(typed), email, jwt]) expect(logs).not.toContain(datum);
  }, 60_000);
});
