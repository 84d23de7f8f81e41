import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/client';
import { sessions } from './session';
import { sessionReady, signOutEverywhere } from './session-load';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwtOf = (claims: Record<string, unknown>) => `${b64({ alg: 'ES256' })}.${b64(claims)}.sig`;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the session: in an HttpOnly cookie the page never reads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessions.signOut();
  });

  it('learns who is signed in from GET /api/auth/session, and sends no token of its own', async () => {
    const fetchMock = vi.fn(async (url: string) => (url === '/api/auth/session'
      ? json({ session: { sub: '7', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 } })
      : json({ ok: true })));
    vi.stubGlobal('fetch', fetchMock);
    await sessionReady();
    expect(sessions.get()?.claims).toMatchObject({ sub: '7', role: 'admin' });
    await apiFetch('/user');
    for (const [, init] of fetchMock.mock.calls as unknown as [string, RequestInit][]) expect(new Headers(init.headers).has('authorization')).toBe(false);
    expect(document.cookie).not.toContain('token=');
  });

  it("keeps a sign-in's answer in memory only (the gateway set the cookie), and signs out on the server", async () => {
    const jwt = jwtOf({ sub: '9', typ: 'user', role: 'user', ver: 0, exp: Math.floor(Date.now() / 1000) + 3600 });
    expect(sessions.signIn({ jwt })).toBe(true);
    expect(sessions.get()?.claims.sub).toBe('9');
    expect(document.cookie).not.toContain(jwt);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await signOutEverywhere();
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([['/api/auth/signout', 'POST']]);
    expect(sessions.get()).toBeNull();
  });

  it('forgets the session when a signed-in call answers 401', async () => {
    sessions.signIn({ jwt: jwtOf({ sub: '9', typ: 'user', role: 'user', ver: 0 }) });
    vi.stubGlobal('fetch', vi.fn(async () => json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'x' }, 401)));
    await expect(apiFetch('/user')).rejects.toMatchObject({ status: 401 });
    expect(sessions.get()).toBeNull();
  });
});
