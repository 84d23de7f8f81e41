import { Messages, type CookieCartItem } from '@mc/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { CART_COOKIE, readCookieCart, writeCookieCart } from './cart-cookie';
import { CartStore } from './cart-store';
import { connectCartToSession, localWins, mergeCarts, serverBackend, withRetries } from './server-cart';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API server holding one cart; `failures` answers the next calls with these statuses first. */
function fakeServer(items: CookieCartItem[] = [], updatedAt: string | null = null) {
  const server = { items, updatedAt, failures: [] as number[], calls: [] as string[] };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    server.calls.push(`${method} ${url}`);
    const status = server.failures.shift();
    if (status) return json(status, { statusCode: status, code: 'X', message: status === 400 ? Messages.cartLimit : 'שגיאה' });
    if (method === 'PUT') {
      server.items = (JSON.parse(String(init.body)) as { cartItems: CookieCartItem[] }).cartItems;
      server.updatedAt = new Date().toISOString();
    }
    if (method === 'POST' && url === '/api/cart/items') {
      const { pharmProductId, amount } = JSON.parse(String(init.body)) as CookieCartItem;
      server.items = [...server.items, { pharmProductId, amount }];
      server.updatedAt = new Date().toISOString();
    }
    return json(200, { items: server.items, updatedAt: server.updatedAt });
  }));
  return server;
}

/** A session that tests sign in and out of. */
function fakeSession(signedIn: boolean) {
  let value: object | null = signedIn ? {} : null;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    set: (next: boolean) => { value = next ? {} : null; for (const l of listeners) l(); },
  };
}

const HOUR = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => Cookies.remove(CART_COOKIE, { path: '/' }));
afterEach(() => vi.unstubAllGlobals());

describe('which side wins a refresh', () => {
  it('the newer side; a local time in the future never wins; no server time loses to any past local time', () => {
    expect(localWins(iso(-1000), iso(-HOUR))).toBe(true);
    expect(localWins(iso(-HOUR), iso(-1000))).toBe(false);
    expect(localWins(iso(HOUR), iso(-HOUR))).toBe(false);
    expect(localWins(iso(HOUR), null)).toBe(false);
    expect(localWins(iso(-1000), null)).toBe(true);
    expect(localWins(null, null)).toBe(false);
    expect(localWins('not a time', iso(-HOUR))).toBe(false);
  });

  it('on load, a newer cookie cart goes to the server and the cookie is emptied', async () => {
    const server = fakeServer([{ pharmProductId: 1, amount: 1 }], iso(-HOUR));
    writeCookieCart([{ pharmProductId: 2, amount: 3 }]);
    expect(await serverBackend.load()).toEqual([{ pharmProductId: 2, amount: 3 }]);
    expect(server.items).toEqual([{ pharmProductId: 2, amount: 3 }]);
    expect(Cookies.get(CART_COOKIE)).toBeUndefined();
  });

  it('on load, an older cookie cart, or one dated in the future, takes the server cart', async () => {
    for (const localTime of [new Date(Date.now() - 2 * HOUR), new Date(Date.now() + HOUR)]) {
      const server = fakeServer([{ pharmProductId: 1, amount: 1 }], iso(-HOUR));
      writeCookieCart([{ pharmProductId: 2, amount: 3 }], localTime);
      expect(await serverBackend.load()).toEqual([{ pharmProductId: 1, amount: 1 }]);
      expect(server.calls).toEqual(['GET /api/cart']);
      expect(Cookies.get(CART_COOKIE)).toBeUndefined();
    }
  });

  it.each([400, 401])('a %i during a refresh clears the cookie cart', async (status) => {
    const server = fakeServer([], null);
    server.failures = [status];
    writeCookieCart([{ pharmProductId: 2, amount: 3 }]);
    await expect(serverBackend.load()).rejects.toMatchObject({ status });
    expect(readCookieCart().cartItems).toEqual([]);
    expect(server.calls).toHaveLength(1);
  });

  it('a server failure other than 400/401 keeps the cookie cart', async () => {
    const server = fakeServer([], null);
    server.failures = [503, 503, 503, 503];
    writeCookieCart([{ pharmProductId: 2, amount: 3 }]);
    await expect(serverBackend.load()).rejects.toMatchObject({ status: 503 });
    expect(readCookieCart().cartItems).toEqual([{ pharmProductId: 2, amount: 3 }]);
  });
});

describe('retries', () => {
  const failing = (statuses: number[]) => {
    let calls = 0;
    const call = async () => {
      calls++;
      const status = statuses.shift();
      if (status) throw new ApiError(status, 'X', 'x');
      return 'ok';
    };
    return { call, calls: () => calls };
  };

  it('retries up to 3 times, then gives up', async () => {
    const twice = failing([503, 502]);
    await expect(withRetries(twice.call, 1)).resolves.toBe('ok');
    expect(twice.calls()).toBe(3);
    const always = failing([503, 503, 503, 503, 503]);
    await expect(withRetries(always.call, 1)).rejects.toMatchObject({ status: 503 });
    expect(always.calls()).toBe(4);
  });

  it.each([400, 401])('never retries a %i', async (status) => {
    const refused = failing([status]);
    await expect(withRetries(refused.call, 1)).rejects.toMatchObject({ status });
    expect(refused.calls()).toBe(1);
  });
});

describe('the cart and the session', () => {
  it('merges by the limits: amounts add up to at most 10, new products join while there are under 50 lines', () => {
    expect(mergeCarts([{ pharmProductId: 1, amount: 8 }], [{ pharmProductId: 1, amount: 5 }, { pharmProductId: 2, amount: 2 }]))
      .toEqual([{ pharmProductId: 1, amount: 10 }, { pharmProductId: 2, amount: 2 }]);
    const full = Array.from({ length: 50 }, (_, i) => ({ pharmProductId: i + 1, amount: 1 }));
    expect(mergeCarts(full, [{ pharmProductId: 99, amount: 1 }])).toEqual(full);
  });

  it('on sign-in the cookie items go to the server, merged, and the cookie is emptied; on sign-out nothing stays', async () => {
    const server = fakeServer([{ pharmProductId: 1, amount: 9 }], iso(-HOUR));
    writeCookieCart([{ pharmProductId: 1, amount: 3 }, { pharmProductId: 5, amount: 2 }]);
    const session = fakeSession(false);
    const store = new CartStore();
    const stop = connectCartToSession(store, session);
    expect(store.getSnapshot().count).toBe(5);

    session.set(true);
    await settle();
    const merged = [{ pharmProductId: 1, amount: 10 }, { pharmProductId: 5, amount: 2 }];
    expect(server.items).toEqual(merged);
    expect(store.getSnapshot().items).toEqual(merged);
    expect(Cookies.get(CART_COOKIE)).toBeUndefined();

    // Signed in, changes go to the server, not the cookie.
    await store.add(7, 1);
    expect(server.items).toContainEqual({ pharmProductId: 7, amount: 1 });
    expect(Cookies.get(CART_COOKIE)).toBeUndefined();

    session.set(false);
    await settle();
    expect(store.getSnapshot().items).toEqual([]);
    expect(Cookies.get(CART_COOKIE)).toBeUndefined();
    stop();
  });

  it('a page loaded signed in shows the server cart', async () => {
    fakeServer([{ pharmProductId: 4, amount: 2 }], iso(-HOUR));
    const store = new CartStore();
    connectCartToSession(store, fakeSession(true))();
    await settle();
    expect(store.getSnapshot().items).toEqual([{ pharmProductId: 4, amount: 2 }]);
  });

  it("signed in, the server's refusal (the limit) reaches the button with its message, and changes nothing", async () => {
    const server = fakeServer([], iso(-HOUR));
    const store = new CartStore();
    connectCartToSession(store, fakeSession(true))();
    await settle();
    server.failures = [400];
    await expect(store.add(3, 1)).rejects.toThrow(Messages.cartLimit);
    expect(store.getSnapshot().items).toEqual([]);
  });
});
