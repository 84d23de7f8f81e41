import { waitFor } from '@mc/kit/testing';
import { api, CLIENT_HEADERS, fromMailbox, gatewayUrl } from './http';

/**
 * Sessions through the gateway (issue 25): the session cookie is HttpOnly, SameSite=Lax (Secure in production), and
 * carries the session on its own; the page asks `/api/auth/session` who is signed in; another site's request changes
 * nothing; a sign-out or a password change ends older sessions, at the gateway and at every service, within 5 s.
 */
const json = (body: unknown, headers: Record<string, string> = {}) =>
  ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const withCookie = (jwt: string) => ({ cookie: `token=${jwt}` });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** A request as another site's page makes it: a plain form POST (no client headers, no JSON) carrying the browser's cookie. */
async function crossSite(method: string, path: string, jwt: string): Promise<number> {
  const res = await fetch(`${gatewayUrl()}${path}`, {
    method, redirect: 'manual',
    headers: { cookie: `token=${jwt}`, origin: 'https://evil.example', referer: 'https://evil.example/page', 'content-type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : 'firstName=%D7%A8%D7%A2&lastName=x&currentPassword=a&newPassword=bbbbbbbbbb',
  });
  await res.text();
  return res.status;
}

describe('sessions through the gateway', () => {
  const email = `e2e-session-${Date.now()}@example.co.il`;
  const password = 'a good secret';
  let jwt: string;

  const signIn = async (pass = password) => {
    const answer = await api('/api/auth/signin', json({ email, password: pass }));
    expect(answer.status).toBe(200);
    return { jwt: answer.body.jwt as string, cookie: answer.headers.get('set-cookie') ?? '' };
  };

  beforeAll(async () => {
    expect((await api('/api/auth/signup', json({ firstName: 'דנה', lastName: 'כהן', email, password, agreeTOU: true, subscribe: false }))).status).toBe(200);
    const token = await fromMailbox(`an e-mail to ${email}`, (a) => (a.includes(email) && a.includes('/auth/verify-email') ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined));
    expect((await api('/api/auth/activate', json({ activationToken: decodeURIComponent(token) }))).status).toBe(200);
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, for 30 days (not Secure over http outside production), and the cookie alone signs in', async () => {
    const signedIn = await signIn();
    jwt = signedIn.jwt;
    expect(signedIn.cookie).toBe(`token=${jwt}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax`);
    const session = await api('/api/auth/session', { headers: withCookie(jwt) });
    expect(session).toMatchObject({ status: 200, body: { session: { sub: expect.any(String), role: 'user', exp: expect.any(Number), auth_time: expect.any(Number) } } });
    expect(await api('/api/auth/session')).toMatchObject({ status: 200, body: { session: null } });
    expect(await api('/api/user', { headers: withCookie(jwt) })).toMatchObject({ status: 200, body: { user: { email } } });
    // Refresh answers a new cookie too.
    const refreshed = await api('/api/auth/refresh', { method: 'POST', headers: withCookie(jwt) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('set-cookie')).toMatch(/^token=[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
  });

  it('changes nothing for a request from another site: every state-changing route needs the client headers a form cannot send', async () => {
    const before = (await api('/api/user', { headers: withCookie(jwt) })).body.user;
    // Every POST, PUT, PATCH and DELETE route of the API (from its OpenAPI document), as another site's form would send it.
    const doc = (await api('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x')] as const))
      .filter(([, path]) => path.startsWith('/api/') && !path.startsWith('/api/dev/'));
    expect(routes.length).toBeGreaterThan(20);
    for (const [method, path] of routes) {
      const status = await crossSite(method, path, jwt);
      expect([`${method} ${path}`, [400, 401].includes(status)]).toEqual([`${method} ${path}`, true]);
    }
    // Nothing changed, and the session did not end.
    expect((await api('/api/user', { headers: withCookie(jwt) })).body.user).toEqual(before);
    expect((await api('/api/auth/session', { headers: withCookie(jwt) })).body.session).not.toBeNull();
  });

  it('signs out on the server: the cookie is cleared and every older token is refused by the gateway and the services within 5 s', async () => {
    const other = (await signIn()).jwt;
    const out = await api('/api/auth/signout', { method: 'POST', headers: withCookie(jwt) });
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect(out.headers.get('set-cookie')).toBe('token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    const started = Date.now();
    for (const token of [jwt, other]) {
      await waitFor('the old token to be refused', async () => [
        (await api('/api/user', { headers: withCookie(token) })).status,
        (await api('/api/cart', { headers: bearer(token) })).status,
        (await api('/api/user/orders', { headers: bearer(token) })).status,
      ], { until: (statuses) => statuses.every((s) => s === 401), timeoutMs: 5000, intervalMs: 100 });
    }
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await api('/api/auth/session', { headers: withCookie(jwt) })).body.session).toBeNull();
    expect((await api('/api/auth/refresh', { method: 'POST', headers: withCookie(other) })).status).toBe(401);
    // Signing out without a session only clears the cookie.
    expect(await api('/api/auth/signout', { method: 'POST' })).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('ends older sessions on a password change (the new token works), within 5 s', async () => {
    const old = (await signIn()).jwt;
    const changed = await api('/api/user/password', json({ currentPassword: password, newPassword: 'a newer secret' }, withCookie(old)));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('set-cookie')).toContain(`token=${changed.body.jwt};`);
    await waitFor('the old token to be refused', async () => [
      (await api('/api/cart', { headers: withCookie(old) })).status,
      (await api('/api/user/orders', { headers: withCookie(old) })).status,
    ], { until: (statuses) => statuses.every((s) => s === 401), timeoutMs: 5000, intervalMs: 100 });
    expect((await api('/api/cart', { headers: withCookie(changed.body.jwt) })).status).toBe(200);
    expect(CLIENT_HEADERS['x-app-id']).toBe('web');
  });
});
