// The gateway's defaults as production gets them: a second gateway of the e2e stack started with
// NODE_ENV=production and no APP_ENV (so production by default), beside the stack's own (APP_ENV=test).
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv, localKeysDir, NatsEnv } from '@mc/kit';
import * as stack from '../../deploy/local/stack';
import { api, CLIENT_HEADERS } from './http';

const DEV_PATHS: [string, string][] = [
  ['GET', '/dev/oauth/authorize?client_id=local-dev-client&redirect_uri=x&state=s&response_type=code'],
  ['POST', '/dev/oauth/authorize'],
  ['POST', '/dev/oauth/token'],
  ['GET', '/dev/oauth/userinfo'],
  ['GET', '/dev/mailbox'],
  ['GET', '/dev/anything'],
];

describe('a gateway started as production', () => {
  const port = 18100 + Math.floor(Math.random() * 800);
  const base = `http://127.0.0.1:${port}`;
  let gateway: ChildProcess | undefined;
  const get = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init, headers: { ...CLIENT_HEADERS, ...(init.headers ?? {}) } });

  beforeAll(async () => {
    const { env } = JSON.parse(readFileSync(process.env.E2E_STACK_STATE!, 'utf8'));
    const { APP_ENV: _named, ...production } = env;
    gateway = stack.startProcess('gateway', {
      env: {
        ...production, APP_ENV: '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base,
        GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '', GOOGLE_CALLBACK_URL: '', GOOGLE_AUTH_URL: '', GOOGLE_TOKEN_URL: '', GOOGLE_USERINFO_URL: '',
        DOCUMENTS_TRANSIT_KEY: 'a1'.repeat(32),
        // Production joins the bus only with its own seed (here the test machine's gateway key; the server is on the loopback).
        NATS_NKEY_SEED: readFileSync(join(localKeysDir(loadEnv(NatsEnv, {})), 'gateway.nk'), 'utf8').trim(),
      },
      logDir: `${__dirname}/../../artifacts/logs/e2e/production-gateway`,
    });
    await stack.waitForHealth(base, 45_000);
  }, 60_000);
  afterAll(async () => {
    if (gateway) await stack.stopProcess(gateway);
  });

  it.each(DEV_PATHS)('answers 404 on %s %s (no stand-in sign-in, no mailbox)', async (method, path) => {
    const res = await get(path, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: method === 'POST' ? 'email=admin%40medcanna.local' : undefined });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/medcanna\.local|<form/);
  });

  it('has coupons off (FEATURE_COUPONS unset): the coupon route answers 404 to a signed-in user', async () => {
    const signIn = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patient@medcanna.local', password: 'demo-patient' }) });
    expect(signIn.status).toBe(200);
    const res = await get('/api/checkout/coupon', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${signIn.body.jwt}` }, body: JSON.stringify({ couponCode: 'SAVE20' }) });
    expect(res.status).toBe(404);
    // The stack's own gateway (APP_ENV=test) has them on.
    expect((await api('/api/checkout/coupon', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${signIn.body.jwt}` }, body: JSON.stringify({ couponCode: 'SAVE20' }) })).status).toBe(200);
  });

  it('has coupons off in the back office too: no coupon-type discount is created or changed (400), other types are', async () => {
    const signIn = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' }) });
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${signIn.body.jwt}` };
    const code = `E2EOFF_${Date.now().toString(36).toUpperCase()}`;
    const discount = (type: string) => JSON.stringify({
      name: 'בדיקת דגל', code, type, amountType: 'percent', amount: 5, published: false, allowMultiple: false, newCustomersOnly: false,
      startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-02T00:00:00.000Z', pharmProductIds: [],
    });
    const coupon = await get('/api/business/merkaz-tel-aviv/discounts', { method: 'POST', headers: auth, body: discount('coupon') });
    expect(coupon.status).toBe(400);
    expect(((await coupon.json()) as { message: string }).message).toBe('קופונים אינם זמינים כעת');
    expect((await get('/api/business/merkaz-tel-aviv/discounts', { method: 'POST', headers: auth, body: discount('all-products') })).status).toBe(201);
    expect((await get(`/api/business/merkaz-tel-aviv/discounts/${code}`, { method: 'PATCH', headers: auth, body: discount('coupon') })).status).toBe(400);
    expect((await get(`/api/business/merkaz-tel-aviv/discounts/${code}`, { method: 'DELETE', headers: { authorization: auth.authorization } })).status).toBe(200);
  });

  it('has Google sign-in off without a Google client (503), not the stand-in', async () => {
    expect((await get('/api/auth/google/url?returnTo=/')).status).toBe(503);
  });

  it('sends HSTS, a CSP that allows only its own scripts and the start script by hash, and no framing', async () => {
    const res = await get('/faq');
    expect(res.status).toBe(200);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/upgrade-insecure-requests/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const start = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(csp).toContain(`'sha256-${createHash('sha256').update(start).digest('base64')}'`);
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;[^;]*$|script-src[^;]*unsafe/);
  });

  it('lets any https site frame the pharmacy embed, and only the embed', async () => {
    const res = await get('/pharms/merkaz-tel-aviv/embed');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors https:/);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect((await get('/pharms/merkaz-tel-aviv')).headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});

describe('security headers of every answer', () => {
  it('sends nosniff, the referrer policy and a CSP on pages, API answers and API errors', async () => {
    for (const path of ['/', '/api/products?page=1', '/api/docs/json', '/api/products/no-such-product', '/api/user/orders', '/api/no-such-route']) {
      const { headers } = await api(path);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    }
  });

  it('marks every personal answer no-store', async () => {
    const signIn = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patient@medcanna.local', password: 'demo-patient' }) });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const me = await api('/api/user', { headers: { authorization: `Bearer ${signIn.body.jwt}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect((await api('/api/user')).headers.get('cache-control')).toBe('no-store');
    const cart = await api('/api/cart/resolve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cartItems: [] }) });
    expect(cart.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 with the app (its not-found page) for a path the app has no page for', async () => {
    for (const path of ['/.env', '/wp-admin/setup.php', '/products/x/y/z', '/.git/config']) {
      const res = await fetch(`${process.env.GATEWAY_URL}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).toContain('<div id="root">');
    }
    for (const path of ['/', '/faq', '/products', '/pharms/merkaz-tel-aviv']) {
      expect([path, (await fetch(`${process.env.GATEWAY_URL}${path}`)).status]).toEqual([path, 200]);
    }
  });
});
