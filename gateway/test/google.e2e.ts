/**
 * Sign-in with Google through the gateway, against a fake of Google's endpoints (fake-google.js, started by
 * stack.setup.js): the authorization URL, the consent page's redirect with a code, and the callback that
 * exchanges it; refused states and codes, a failing provider. Then the local stand-in provider (/dev/oauth)
 * that `make dev` uses without a Google client, in a second gateway started here.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ErrorCodes, Messages } from '@mc/contracts';
import * as stack from '../../deploy/local/stack';
import { api, CLIENT_HEADERS } from './http';

const fakeGoogle = () => process.env.E2E_GOOGLE_URL ?? 'http://127.0.0.1:18099';
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { sub: string; typ: string };
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

interface Started {
  url: URL;
  /** The flow cookie as the browser would send it back. */
  cookie: string;
}

/** `GET /api/auth/google/url` of a gateway, as the web's Google button asks it. */
async function start(returnTo?: string, base?: string): Promise<Started> {
  const path = `/api/auth/google/url${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;
  const res = base ? await fetchJson(`${base}${path}`) : await api(path);
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^mc_google_flow=[\w-]{43}; Path=\/api\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/);
  return { url: new URL(res.body.url), cookie: setCookie.split(';')[0] };
}

/** The consent page submitted with the account (what a person does at Google); resolves the redirect back to the site. */
async function consent(started: Started, account: Record<string, string>): Promise<URL> {
  // As the page's form sends it: the e-mail verified unless the test says otherwise.
  const form = new URLSearchParams({ ...Object.fromEntries(started.url.searchParams), action: 'allow', email_verified: 'true', ...account });
  const res = await fetch(`${started.url.origin}${started.url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** What the web's /auth/google-callback page calls with the query it was opened with. */
function callback(query: Record<string, string>, cookie?: string, base?: string) {
  const path = `/api/auth/google/callback?${new URLSearchParams(query)}`;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return base ? fetchJson(`${base}${path}`, { headers }) : api(path, { headers });
}

async function fetchJson(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init, headers: { ...CLIENT_HEADERS, ...(init.headers ?? {}) } });
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body, headers: res.headers };
}

/** A whole sign-in: start, consent, callback; resolves the callback's answer. */
async function signIn(account: Record<string, string>, returnTo?: string) {
  const started = await start(returnTo);
  const back = await consent(started, account);
  return callback(Object.fromEntries(back.searchParams), started.cookie);
}

describe('sign-in with Google against a fake of Google', () => {
  it("answers Google's authorization URL with the client, the callback page, a single-use state and a PKCE challenge", async () => {
    const first = await start('/products');
    const second = await start('/products');
    expect(`${first.url.origin}${first.url.pathname}`).toBe(`${fakeGoogle()}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      client_id: 'e2e-client.apps.googleusercontent.com',
      redirect_uri: `${process.env.GATEWAY_URL}/auth/google-callback`,
      response_type: 'code',
      scope: 'openid email profile',
      prompt: 'select_account',
      state: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    expect(second.url.searchParams.get('state')).not.toBe(first.url.searchParams.get('state'));
    expect(second.url.searchParams.get('code_challenge')).not.toBe(first.url.searchParams.get('code_challenge'));
  });

  it('signs a new Google user in with the same token as a password sign-in, back to the page it started from', async () => {
    const email = `google-${unique()}@gmail.com`;
    const sub = `1${Date.now()}`;
    const answer = await signIn({ sub, email, given_name: 'נועה', family_name: 'לוי', email_verified: 'true' }, '/products?sortBy=price');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ jwt: expect.any(String), created: true, returnTo: '/products?sortBy=price' });
    expect(claimsOf(answer.body.jwt)).toMatchObject({ typ: 'user', role: 'user' });
    const me = await api('/api/user', { headers: bearer(answer.body.jwt) });
    expect(me).toMatchObject({ status: 200, body: { user: { email, firstName: 'נועה', lastName: 'לוי', authMethod: 'google' } } });

    // The code went to the token endpoint with our secret and the PKCE verifier; the userinfo call carried the token as a Bearer header.
    const { requests } = (await (await fetch(`${fakeGoogle()}/__fake/requests`)).json()) as { requests: unknown[] };
    expect(requests).toEqual(expect.arrayContaining([
      { endpoint: 'token', grantType: 'authorization_code', hasCodeVerifier: true, redirectUri: `${process.env.GATEWAY_URL}/auth/google-callback`, clientId: 'e2e-client.apps.googleusercontent.com', clientSecretMatches: true },
      { endpoint: 'userinfo', bearerHeader: true },
    ]));

    // The same Google account again (its e-mail changed at Google): the same user.
    const again = await signIn({ sub, email: `renamed-${email}` });
    expect(again.status).toBe(200);
    expect(claimsOf(again.body.jwt).sub).toBe(claimsOf(answer.body.jwt).sub);
    expect(again.body).toMatchObject({ created: false, returnTo: '/' });
  });

  it('links the password account of the same e-mail, which still signs in with its password', async () => {
    const password = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'patient@medcanna.local', password: 'demo-patient' }) });
    expect(password.status).toBe(200);
    const google = await signIn({ email: 'Patient@medcanna.local', sub: `patient-${unique()}` });
    expect(google.status).toBe(200);
    expect(claimsOf(google.body.jwt).sub).toBe(claimsOf(password.body.jwt).sub);
    expect((await api('/api/user', { headers: bearer(google.body.jwt) })).body.user).toMatchObject({ email: 'patient@medcanna.local', authMethod: 'password' });
  });

  it('refuses a missing, unknown, malformed, reused or other-browser state, and a missing or unknown code, with a Hebrew 400', async () => {
    const stateInvalid = { status: 400, body: { statusCode: 400, code: ErrorCodes.badRequest, message: Messages.googleStateInvalid } };
    const codeInvalid = { status: 400, body: { statusCode: 400, code: ErrorCodes.badRequest, message: Messages.googleCodeInvalid } };

    const started = await start('/');
    const back = await consent(started, { email: `state-${unique()}@gmail.com` });
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    expect(await callback({ code })).toMatchObject(stateInvalid);
    expect(await callback({ code, state: 'not-a-state' }, started.cookie)).toMatchObject(stateInvalid);
    expect(await callback({ code, state: 'x'.repeat(43) }, started.cookie)).toMatchObject(stateInvalid);
    expect(await callback({ state }, started.cookie)).toMatchObject(codeInvalid);
    // Another browser (no flow cookie, or its own) cannot use this state; it is spent by the attempt.
    const other = await start('/');
    expect(await callback({ code, state }, other.cookie)).toMatchObject(stateInvalid);
    expect(await callback({ code, state }, started.cookie)).toMatchObject(stateInvalid);

    // A good state with a code Google does not know (the state is spent), then a used code.
    const fresh = await start('/');
    expect(await callback({ code: '4/0Amade-up-code', state: fresh.url.searchParams.get('state')! }, fresh.cookie)).toMatchObject(codeInvalid);
    const ok = await start('/');
    const okBack = await consent(ok, { email: `reuse-${unique()}@gmail.com` });
    expect((await callback(Object.fromEntries(okBack.searchParams), ok.cookie)).status).toBe(200);
    expect(await callback(Object.fromEntries(okBack.searchParams), ok.cookie)).toMatchObject(stateInvalid);
    const replay = await start('/');
    expect(await callback({ code: okBack.searchParams.get('code')!, state: replay.url.searchParams.get('state')! }, replay.cookie)).toMatchObject(codeInvalid);
  });

  it("answers a cancelled consent, an unverified e-mail and a failing provider with clear messages, never a 500", async () => {
    const cancelled = await start('/');
    const form = new URLSearchParams({ ...Object.fromEntries(cancelled.url.searchParams), action: 'deny' });
    const denied = await fetch(`${cancelled.url.origin}${cancelled.url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    const deniedBack = new URL(denied.headers.get('location')!);
    expect(deniedBack.searchParams.get('error')).toBe('access_denied');
    expect(await callback(Object.fromEntries(deniedBack.searchParams), cancelled.cookie)).toMatchObject({ status: 400, body: { message: Messages.googleCancelled } });

    expect(await signIn({ email: `unverified-${unique()}@gmail.com`, email_verified: '' }))
      .toMatchObject({ status: 403, body: { code: ErrorCodes.emailUnverified, message: Messages.googleEmailUnverified } });
    for (const fail of ['token', 'userinfo']) {
      expect(await signIn({ email: `fail-${fail}-${unique()}@gmail.com`, fail }))
        .toMatchObject({ status: 503, body: { code: ErrorCodes.unavailable, message: Messages.googleUnavailable } });
    }
  });

  it('keeps the return page on this site: another site or a protocol-relative path gives /', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/auth/google-callback?code=1']) {
      const answer = await signIn({ email: `return-${unique()}@gmail.com` }, returnTo);
      expect(answer).toMatchObject({ status: 200, body: { returnTo: '/' } });
    }
  });

  it('does not serve the local stand-in provider when a Google client is configured', async () => {
    expect((await api('/dev/oauth/authorize')).status).toBe(404);
    expect((await api('/dev/oauth/token', { method: 'POST' })).status).toBe(404);
  });
});

describe('sign-in with the local stand-in provider (make dev without a Google client)', () => {
  const port = 18100 + Math.floor(Math.random() * 800);
  const base = `http://127.0.0.1:${port}`;
  let gateway: ChildProcess | undefined;

  beforeAll(async () => {
    // A second gateway of the same stack, set up as `make dev` is: no Google client, not production.
    const { env } = JSON.parse(readFileSync(process.env.E2E_STACK_STATE!, 'utf8'));
    gateway = stack.startProcess('gateway', {
      env: {
        ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, APP_ENV: 'development', WEB_DIST: '',
        GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '', GOOGLE_CALLBACK_URL: '', GOOGLE_AUTH_URL: '', GOOGLE_TOKEN_URL: '', GOOGLE_USERINFO_URL: '',
      },
      logDir: `${__dirname}/../../artifacts/logs/e2e/dev-oauth`,
    });
    await stack.waitForHealth(base, 45_000);
  }, 60_000);
  afterAll(async () => {
    if (gateway) await stack.stopProcess(gateway);
  });

  it('signs in through its page, token and userinfo endpoints, linking the seed account of the e-mail', async () => {
    const started = await start('/pharms', base);
    expect(`${started.url.origin}${started.url.pathname}`).toBe(`${base}/dev/oauth/authorize`);
    expect(started.url.searchParams.get('redirect_uri')).toBe(`${base}/auth/google-callback`);
    const page = await fetch(started.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="email">דוא״ל</label>');
    expect(html).toContain(`value="${started.url.searchParams.get('state')}"`);

    const back = await consent(started, { email: 'pharmacist@medcanna.local', given_name: 'x', family_name: 'y' });
    expect(`${back.origin}${back.pathname}`).toBe(`${base}/auth/google-callback`);
    const answer = await callback(Object.fromEntries(back.searchParams), started.cookie, base);
    expect(answer).toMatchObject({ status: 200, body: { returnTo: '/pharms' } });
    const me = await api('/api/user', { headers: bearer(answer.body.jwt) });
    expect(me.body.user).toMatchObject({ email: 'pharmacist@medcanna.local', authMethod: 'password' });
  });

  it("refuses another site's redirect URI, an invalid e-mail, and a made-up code", async () => {
    const started = await start('/', base);
    const evil = new URL(started.url);
    evil.searchParams.set('redirect_uri', 'https://evil.example/cb');
    expect((await fetch(evil)).status).toBe(400);
    const invalid = await fetch(`${base}/dev/oauth/authorize`, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(started.url.searchParams), email: 'nope' }), redirect: 'manual' });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('יש להזין כתובת דוא״ל תקינה');
    expect(await callback({ code: 'made-up', state: started.url.searchParams.get('state')! }, started.cookie, base))
      .toMatchObject({ status: 400, body: { message: Messages.googleCodeInvalid } });
  });
});
