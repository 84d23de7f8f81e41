import { Messages } from '@mc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_RETURN_KEY, startGoogleSignIn, takeGoogleReturnPath } from './google-sign-in';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('startGoogleSignIn', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the current page, asks for Google's URL with it, and goes there", async () => {
    const fetchMock = vi.fn(async () => json(200, { url: 'https://accounts.google.com/o/oauth2/v2/auth?state=s' }));
    vi.stubGlobal('fetch', fetchMock);
    const go = vi.fn();
    await startGoogleSignIn(go, '/products?sortBy=price');
    expect(sessionStorage.getItem(GOOGLE_RETURN_KEY)).toBe('/products?sortBy=price');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/auth/google/url?returnTo=%2Fproducts%3FsortBy%3Dprice');
    expect(go).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=s');
  });

  it("rejects with the server's message, or the generic one for an answer that is not a URL, and goes nowhere", async () => {
    const go = vi.fn();
    vi.stubGlobal('fetch', vi.fn(async () => json(503, { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: Messages.googleUnavailable })));
    await expect(startGoogleSignIn(go, '/')).rejects.toMatchObject({ status: 503, message: Messages.googleUnavailable });
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { url: 'javascript:alert(1)' })));
    await expect(startGoogleSignIn(go, '/')).rejects.toMatchObject({ message: Messages.generic });
    expect(go).not.toHaveBeenCalled();
  });

  it('never keeps a page of another site', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { url: 'https://accounts.google.com/' })));
    await startGoogleSignIn(vi.fn(), '//evil.example/x');
    expect(sessionStorage.getItem(GOOGLE_RETURN_KEY)).toBe('/');
  });
});

describe('takeGoogleReturnPath', () => {
  beforeEach(() => sessionStorage.clear());

  it("gives the kept page once, then the server's, then /", () => {
    sessionStorage.setItem(GOOGLE_RETURN_KEY, '/pharms/merkaz-tel-aviv');
    expect(takeGoogleReturnPath('/cart')).toBe('/pharms/merkaz-tel-aviv');
    expect(takeGoogleReturnPath('/cart')).toBe('/cart');
    expect(takeGoogleReturnPath()).toBe('/');
    sessionStorage.setItem(GOOGLE_RETURN_KEY, 'https://evil.example/');
    expect(takeGoogleReturnPath('/cart')).toBe('/');
  });
});
