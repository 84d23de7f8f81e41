import Fastify, { type FastifyInstance } from 'fastify';
import { Messages } from '@mc/contracts';
import { loadEnv } from '@mc/kit';
import { GatewayEnv } from '../config';
import { INTERNAL_REQUEST_HEADER, INTERNAL_REQUEST_TOKEN, LIMITED_READS, registerClientLimits } from './client-limits';

/** A bare Fastify with the client limits and a few of the gateway's routes; `/api/slow` answers when `release()` is called. */
async function server(settings: Record<string, string>): Promise<{ app: FastifyInstance; release: () => void }> {
  const app = Fastify({ trustProxy: ['127.0.0.1'] });
  await registerClientLimits(app, loadEnv(GatewayEnv, { APP_ENV: 'test', WEB_DIST: '', LIMITED_ANSWER_DELAY_MS: '0', ...settings }));
  let waiting: (() => void)[] = [];
  app.get('/api/discounts', async () => ({ ok: true }));
  app.get('/api/pharms', async () => ({ ok: true }));
  app.get('/api/search', async () => ({ ok: true }));
  app.get('/api/pharms/:slug', async () => ({ ok: true }));
  app.get('/media/pharms/:file', async () => 'svg');
  const slow = () => new Promise((resolve) => { waiting.push(() => resolve({ ok: true })); });
  app.get('/api/slow', slow);
  app.post('/api/slow', slow);
  await app.ready();
  return { app, release: () => { for (const done of waiting) done(); waiting = []; } };
}

const from = (client: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': client, ...extra });

describe('per-client limits', () => {
  it('answers past a group\'s limit the Hebrew 429 with Retry-After, per client, the group\'s routes counted together', async () => {
    const { app } = await server({ RATE_LIMIT_LISTS: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    const statuses = [];
    for (const [method, url] of [['GET', '/api/discounts'], ['GET', '/api/pharms'], ['HEAD', '/api/discounts?page=2'], ['GET', '/api/pharms']] as const) {
      statuses.push((await app.inject({ method, url, headers: from('203.0.113.7') })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await app.inject({ url: '/api/discounts', headers: from('203.0.113.7') });
    expect(refused.json()).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: Messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another client, another group and a read that is not limited still answer.
    expect((await app.inject({ url: '/api/discounts', headers: from('203.0.113.8') })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/search', headers: from('203.0.113.7') })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/pharms/x', headers: from('203.0.113.7') })).statusCode).toBe(200);
    await app.close();
  });

  it('counts an IPv6 client by its /64, and the server render\'s own calls not at all', async () => {
    const { app } = await server({ RATE_LIMIT_LISTS: '2' });
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::99']) expect((await app.inject({ url: '/api/pharms', headers: from(ip) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/pharms', headers: from('2001:db8:1:2:ffff::1') })).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ url: '/api/pharms', headers: { [INTERNAL_REQUEST_HEADER]: INTERNAL_REQUEST_TOKEN } })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/pharms', headers: { [INTERNAL_REQUEST_HEADER]: 'a guess' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/pharms', headers: { [INTERNAL_REQUEST_HEADER]: 'a guess' } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/pharms', headers: { [INTERNAL_REQUEST_HEADER]: 'a guess' } })).statusCode).toBe(429);
    await app.close();
  });

  it('caps one client\'s API requests in flight, and frees a place when an answer is sent', async () => {
    const { app, release } = await server({ CLIENT_MAX_IN_FLIGHT: '2' });
    const slow = [app.inject({ url: '/api/slow', headers: from('203.0.113.7') }), app.inject({ url: '/api/slow', headers: from('203.0.113.7') })];
    await new Promise((r) => setTimeout(r, 20));
    const third = await app.inject({ url: '/api/slow', headers: from('203.0.113.7') });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    // A body not read yet: the connection is closed after the answer.
    const withBody = await app.inject({ method: 'POST', url: '/api/slow', headers: from('203.0.113.7', { 'content-type': 'application/json' }), payload: '{}' });
    expect(withBody.statusCode).toBe(429);
    expect(withBody.headers.connection).toBe('close');
    // Images are not counted; another client is not affected.
    expect((await app.inject({ url: '/media/pharms/a.svg', headers: from('203.0.113.7') })).statusCode).toBe(200);
    const other = app.inject({ url: '/api/slow', headers: from('203.0.113.8') });
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect((await Promise.all([...slow, other])).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const again = app.inject({ url: '/api/slow', headers: from('203.0.113.7') });
    await new Promise((r) => setTimeout(r, 20));
    release();
    expect((await again).statusCode).toBe(200);
    await app.close();
  });

  it('sends a limited client its 429 after LIMITED_ANSWER_DELAY_MS', async () => {
    const { app } = await server({ RATE_LIMIT_SEARCH: '1', LIMITED_ANSWER_DELAY_MS: '300' });
    expect((await app.inject({ url: '/api/search', headers: from('203.0.113.7') })).statusCode).toBe(200);
    const started = Date.now();
    expect((await app.inject({ url: '/api/search', headers: from('203.0.113.7') })).statusCode).toBe(429);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await app.close();
  });

  it('names only reads the gateway serves, each in a group with a setting', () => {
    const env = loadEnv(GatewayEnv, {});
    expect(new Set(Object.values(LIMITED_READS))).toEqual(new Set(['cartReads', 'search', 'lists', 'pages']));
    expect([env.RATE_LIMIT_CART_READS, env.RATE_LIMIT_SEARCH, env.RATE_LIMIT_LISTS, env.RATE_LIMIT_PAGES].every((n) => n > 0)).toBe(true);
    for (const route of Object.keys(LIMITED_READS)) expect(route).toMatch(/^(GET|POST) \/(api\/|\*$)/);
  });
});
