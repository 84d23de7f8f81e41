import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Messages } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import * as stack from '../../deploy/local/stack';
import { api, CLIENT_HEADERS } from './http';

/**
 * One client cannot slow everyone (issue 25): per-client limits on the anonymous reads that cost work, a per-client
 * cap on requests in flight, header/body timeouts and a connection cap. The e2e stack's own gateway switches the rate
 * limits off (all test files ask from 127.0.0.1: stack.setup.js), so this file starts a gateway of its own beside the
 * same services: the rate limits at their defaults, the cap, the timeouts and the connection cap small enough to show
 * within seconds. It trusts 127.0.0.1 as its proxy, so each test names its clients in X-Forwarded-For.
 */
const run = Date.now() % 200;
let clients = 0;
/** A client address of this run's own, new on each call. */
const newClient = () => { clients++; return `192.0.${2 + run}.${clients}`; };
const as = (client: string) => ({ 'x-forwarded-for': client });

const tooMany = { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: Messages.tooManyRequests };


/** `api` against another gateway than the stack's. */
const apiAt = (base: string, path: string, init: RequestInit = {}) => {
  const previous = process.env.GATEWAY_URL;
  process.env.GATEWAY_URL = base;
  try {
    return api(path, init);
  } finally {
    process.env.GATEWAY_URL = previous;
  }
};

/** A raw connection to `port`; `closed` resolves with what the server sent, once it closed the connection. */
function rawSocket(port: number): Promise<{ socket: Socket; closed: Promise<{ answer: string; afterMs: number }> }> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const opened = Date.now();
    const closed = new Promise<{ answer: string; afterMs: number }>((resolveClosed) => {
      socket.on('close', () => resolveClosed({ answer, afterMs: Date.now() - opened }));
    });
    socket.on('data', (chunk) => { answer += chunk.toString('latin1'); });
    socket.once('connect', () => resolveSocket({ socket, closed }));
    socket.once('error', (err) => { if (socket.connecting) reject(err); });
    socket.on('error', () => undefined);
  });
}

const headerLines = (client: string) => Object.entries({ ...CLIENT_HEADERS, ...as(client) }).map(([k, v]) => `${k}: ${v}\r\n`).join('');

/** The start of a resolve whose body never finishes (a tenth of it sent). */
const startOfSlowBody = (client: string) => `POST /api/cart/resolve HTTP/1.1\r\nhost: 127.0.0.1\r\n${headerLines(client)}content-type: application/json\r\ncontent-length: 1000\r\n\r\n{"cartItems":[`;

const resolve = (client: string, base: string) => apiAt(base, '/api/cart/resolve', {
  method: 'POST', headers: { ...as(client), 'content-type': 'application/json' }, body: JSON.stringify({ cartItems: [{ pharmProductId: 1, amount: 1 }] }),
});

describe('one client against the others (a gateway of its own)', () => {
  const port = Number(process.env.E2E_LIMITS_GATEWAY_PORT || 18086);
  const base = `http://127.0.0.1:${port}`;
  const settings = {
    CLIENT_MAX_IN_FLIGHT: '3', LIMITED_ANSWER_DELAY_MS: '200', MAX_CONNECTIONS: '40', HEADERS_TIMEOUT_MS: '1000', BODY_TIMEOUT_MS: '1500', REQUEST_TIMEOUT_MS: '5000',
  };
  let gateway: ChildProcess;
  const open: Socket[] = [];

  beforeAll(async () => {
    const state = JSON.parse(readFileSync(process.env.E2E_STACK_STATE!, 'utf8'));
    const env = Object.fromEntries(Object.entries(state.env as Record<string, string>).filter(([name]) => !name.startsWith('RATE_LIMIT_')));
    gateway = stack.startProcess('gateway', { env: { ...env, ...settings, PORT: String(port) }, logDir: join(__dirname, '../../artifacts/logs/e2e/limits') });
    await stack.waitForHealth(base, 60_000);
  }, 90_000);

  afterEach(() => { for (const s of open.splice(0)) s.destroy(); });
  afterAll(() => stack.stopProcess(gateway));

  it('answers a client flooding (RATE_LIMIT_CART_READS at its default) the whole-cart read the Hebrew 429 with Retry-After, and serves another client meanwhile', async () => {
    const flooder = newClient();
    const answers = [];
    // RATE_LIMIT_CART_READS: 30 per 10 s.
    for (let i = 0; i < 34; i++) answers.push(await resolve(flooder, base));
    expect(answers.slice(0, 30).map((a) => a.status)).toEqual(Array(30).fill(200));
    for (const refused of answers.slice(30)) {
      expect(refused).toMatchObject({ status: 429, body: tooMany });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    }
    expect((await resolve(newClient(), base)).status).toBe(200);
  }, 30_000);

  it('limits the lists, search and drawn pages per client as well, each on its own count', async () => {
    const flooder = newClient();
    const statuses = async (path: string, count: number) => {
      const out: number[] = [];
      for (let i = 0; i < count; i++) out.push((await apiAt(base, `${path}${path.includes('?') ? '&' : '?'}n=${i}`, { headers: as(flooder) })).status);
      return out;
    };
    // RATE_LIMIT_LISTS: 60 per 10 s, over every list together.
    const lists = [...await statuses('/api/discounts', 30), ...await statuses('/api/pharms', 30), ...await statuses('/api/products', 2)];
    expect(lists.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(lists.slice(60)).toEqual([429, 429]);
    // Search has a count of its own (RATE_LIMIT_SEARCH: 60), so the client still searches.
    expect((await apiAt(base, '/api/search?term=גרין', { headers: as(flooder) })).status).toBe(200);
    const other = await apiAt(base, '/api/discounts?n=other', { headers: as(newClient()) });
    expect(other.status).toBe(200);
  }, 30_000);

  it("does not count the server render's own API calls (in-process, from 127.0.0.1) against anyone", async () => {
    const slug = (await apiAt(base, '/api/pharms?hasPharmProducts=1', { headers: as(newClient()) })).body.pharms[0].slug as string;
    // 70 drawn pages of 70 visitors, none from the page cache: their renders ask the lists more than 60 times in 10 s.
    for (let i = 0; i < 70; i++) {
      const page = await apiAt(base, `/pharms/${slug}?n=${run}-${i}`, { headers: { ...as(newClient()), accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain('id="mc-query-state"');
    }
  }, 60_000);

  it('caps one client\'s requests in flight: past 3, 429 (after LIMITED_ANSWER_DELAY_MS) with Retry-After, while another client is served', async () => {
    const slow = newClient();
    for (let i = 0; i < 3; i++) {
      const { socket } = await rawSocket(port);
      open.push(socket);
      socket.write(startOfSlowBody(slow));
    }
    // The three are in flight once their headers are in.
    await new Promise((r) => setTimeout(r, 300));
    const fourth = await apiAt(base, '/api/pharms', { headers: as(slow) });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual(tooMany);
    expect(fourth.headers.get('retry-after')).toBe('1');
    expect(fourth.ms).toBeGreaterThanOrEqual(190);
    expect(fourth.ms).toBeLessThan(1000);
    expect((await apiAt(base, '/api/pharms', { headers: as(newClient()) })).status).toBe(200);
    // The gateway answered the three and closed them (the body timeout): the client is served again.
    await waitFor('the slow client to be served again', () => apiAt(base, '/api/pharms', { headers: as(slow) }), { until: (r) => r.status === 200, timeoutMs: 6000, intervalMs: 200 });
  }, 20_000);

  it('closes a connection whose body drips, after BODY_TIMEOUT_MS, with a 408', async () => {
    const { socket, closed } = await rawSocket(port);
    open.push(socket);
    socket.write(startOfSlowBody(newClient()));
    const drip = setInterval(() => socket.write(' '), 200);
    try {
      const { answer, afterMs } = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeGreaterThanOrEqual(1400);
      expect(afterMs).toBeLessThan(4000);
    } finally {
      clearInterval(drip);
    }
  }, 10_000);

  it('closes a connection whose headers drip, after HEADERS_TIMEOUT_MS (checked every second), with a 408', async () => {
    const { socket, closed } = await rawSocket(port);
    open.push(socket);
    socket.write('GET /api/pharms HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    let n = 0;
    const drip = setInterval(() => socket.write(`x-drip-${n++}: ${n}\r\n`), 200);
    try {
      const { answer, afterMs } = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(afterMs).toBeGreaterThanOrEqual(900);
      expect(afterMs).toBeLessThan(3500);
    } finally {
      clearInterval(drip);
    }
  }, 10_000);

  it('keeps at most MAX_CONNECTIONS connections open: one more is closed at once, and a place freed is taken again', async () => {
    /** A connection kept alive after one answer, or undefined when the gateway closed it unanswered. */
    const keepAlive = async () => {
      const { socket, closed } = await rawSocket(port);
      open.push(socket);
      const answered = new Promise<boolean>((done) => { socket.once('data', () => done(true)); void closed.then(() => done(false)); });
      socket.write('GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      return (await answered) ? { socket, closed } : undefined;
    };
    const kept = [];
    for (let i = 0; i < 45; i++) {
      const connection = await keepAlive();
      if (!connection) break;
      kept.push(connection);
    }
    // 40 in all, with the few this test's own fetches keep alive.
    expect(kept.length).toBeGreaterThanOrEqual(35);
    expect(kept.length).toBeLessThanOrEqual(40);
    const refused = await (await rawSocket(port)).closed;
    expect(refused.answer).toBe('');
    expect(refused.afterMs).toBeLessThan(1000);

    kept[0]!.socket.destroy();
    await kept[0]!.closed;
    // Once the gateway has seen it go.
    expect(await waitFor('a freed place to be taken', keepAlive, { until: (c) => c !== undefined, timeoutMs: 3000, intervalMs: 100 })).toBeDefined();
  }, 20_000);
});
