import { Messages } from '@mc/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authDialog } from '../../kit/auth/auth-dialog';
import { GOOGLE_RETURN_KEY } from '../../kit/auth/google-sign-in';
import { sessions } from '../../kit/auth/session';
import { googleCallbackRoute } from './google-callback';
import { renderRoutes } from '../../app/testing/render-routes';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const JWT = `${b64({ alg: 'ES256' })}.${b64({ sub: '7', typ: 'user', role: 'user', ver: 0 })}.sig`;
const STATE = 'a'.repeat(43);

/** The API as the page meets it: the callback answers `callback`; the shell's own calls answer empty data. */
function stubApi(callback: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/auth/google/callback') return callback();
    return new Response(JSON.stringify({ latestProducts: [], footerLinks: [], items: [], updatedAt: null }), { headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

function renderAt(path: string) {
  return renderRoutes([googleCallbackRoute], path, { placeholders: ['/', '/products'] });
}

describe('/auth/google-callback', () => {
  beforeEach(() => {
    sessionStorage.clear();
    sessions.signOut();
    authDialog.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessions.signOut();
    authDialog.close();
  });

  it('submits the code and state once, stores the token, returns to the kept page and opens the welcome-back notice', async () => {
    sessionStorage.setItem(GOOGLE_RETURN_KEY, '/products?sortBy=price');
    const calls = stubApi(() => new Response(JSON.stringify({ jwt: JWT, created: false, returnTo: '/' }), { headers: { 'content-type': 'application/json' } }));
    const router = renderAt(`/auth/google-callback?state=${STATE}&code=4%2F0Abc&scope=email&authuser=0`);
    await screen.findByRole('heading', { name: 'page /products' });
    expect(router.state.location.href).toBe('/products?sortBy=price');
    expect(calls.filter((c) => c.startsWith('/api/auth/google/callback'))).toEqual([`/api/auth/google/callback?code=4%2F0Abc&state=${STATE}`]);
    // The gateway sets the HttpOnly session cookie; the page keeps no token of its own.
    expect(Cookies.get('token')).toBeUndefined();
    expect(sessions.get()?.claims.sub).toBe('7');
    expect(authDialog.get()).toBe('signedIn');
    expect(sessionStorage.getItem(GOOGLE_RETURN_KEY)).toBeNull();
  });

  it('welcomes an account this sign-in made (not welcome back)', async () => {
    stubApi(() => new Response(JSON.stringify({ jwt: JWT, created: true, returnTo: '/' }), { headers: { 'content-type': 'application/json' } }));
    renderAt(`/auth/google-callback?state=${STATE}&code=c`);
    await waitFor(() => expect(authDialog.get()).toBe('welcome'));
  });

  it("shows the server's message with a way back to the site, taken by itself after 5 seconds", async () => {
    sessionStorage.setItem(GOOGLE_RETURN_KEY, '/products');
    stubApi(() => new Response(JSON.stringify({ statusCode: 400, code: 'BAD_REQUEST', message: Messages.googleStateInvalid }), { status: 400, headers: { 'content-type': 'application/json' } }));
    const router = renderAt(`/auth/google-callback?code=c&state=${STATE}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(Messages.googleStateInvalid);
    expect(sessions.get()).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/google-callback');
    fireEvent.click(screen.getByRole('button', { name: 'חזרה לאתר' }));
    await screen.findByRole('heading', { name: 'page /products' });
  });

  it('returns to the site after 5 seconds without a click', async () => {
    stubApi(() => new Response(JSON.stringify({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: Messages.googleUnavailable }), { status: 503, headers: { 'content-type': 'application/json' } }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderAt(`/auth/google-callback?code=c&state=${STATE}`);
    await screen.findByText(Messages.googleUnavailable);
    await act(async () => {
      vi.advanceTimersByTime(4500);
    });
    expect(router.state.location.pathname).toBe('/auth/google-callback');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes to / without a code', async () => {
    const calls = stubApi(() => new Response('{}'));
    const router = renderAt('/auth/google-callback?state=x');
    await screen.findByRole('heading', { name: 'page /' });
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.startsWith('/api/auth/google'))).toBe(false);
  });
});
