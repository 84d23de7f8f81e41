import { Messages, type CookieCartItem } from '@mc/contracts';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { CART_COOKIE, readCookieCart } from './cart-cookie';
import { CartStore, type CartBackend } from './cart-store';

afterEach(() => Cookies.remove(CART_COOKIE, { path: '/' }));

/** A backend whose saves finish in the order given, to show the queue keeps operations in sequence. */
function slowBackend(): CartBackend & { stored: CookieCartItem[] } {
  const backend = {
    stored: [] as CookieCartItem[],
    load: async () => backend.stored,
    save: async (items: CookieCartItem[]) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
      backend.stored = items;
    },
  };
  return backend;
}

describe('the cookie cart', () => {
  it('keeps only entries whose two fields are numbers, and treats an unreadable cookie as empty', () => {
    Cookies.set(CART_COOKIE, JSON.stringify({ updatedAt: '2026-11-01T10:00:00.000Z', cartItems: [{ pharmProductId: 3, amount: 2 }, { pharmProductId: '4', amount: 1 }, { amount: 1 }, null] }));
    expect(readCookieCart()).toEqual({ updatedAt: '2026-11-01T10:00:00.000Z', cartItems: [{ pharmProductId: 3, amount: 2 }] });
    Cookies.set(CART_COOKIE, '{not json');
    expect(readCookieCart()).toEqual({ updatedAt: null, cartItems: [] });
  });

  it('stores the items with the time of the change', async () => {
    const store = new CartStore();
    await store.add(5, 2);
    const cookie = readCookieCart();
    expect(cookie.cartItems).toEqual([{ pharmProductId: 5, amount: 2 }]);
    expect(Date.now() - Date.parse(cookie.updatedAt!)).toBeLessThan(5000);
  });
});

describe('cart operations', () => {
  it('adds to an existing line, updates, removes and counts the sum of amounts', async () => {
    const store = new CartStore(slowBackend(), []);
    await store.add(1, 2);
    await store.add(2, 1);
    await store.add(1, 3);
    expect(store.getSnapshot()).toMatchObject({ items: [{ pharmProductId: 1, amount: 5 }, { pharmProductId: 2, amount: 1 }], count: 6 });
    await store.update(2, 4);
    await store.remove(1);
    expect(store.getSnapshot()).toMatchObject({ items: [{ pharmProductId: 2, amount: 4 }], count: 4 });
  });

  it("refuses more than 10 of one product with the spec's message, changing nothing", async () => {
    const store = new CartStore(slowBackend(), []);
    await store.add(1, 8);
    await expect(store.add(1, 3)).rejects.toThrow(Messages.cartLimit);
    await expect(store.update(1, 11)).rejects.toThrow(Messages.cartLimit);
    expect(store.getSnapshot().items).toEqual([{ pharmProductId: 1, amount: 8 }]);
    await store.add(1, 2);
    expect(store.getSnapshot().count).toBe(10);
  });

  it('runs quick operations one at a time, so none is lost', async () => {
    const backend = slowBackend();
    const store = new CartStore(backend, []);
    await Promise.all([store.add(1, 1), store.add(1, 1), store.add(2, 1), store.add(1, 1), store.remove(2), store.add(3, 2)]);
    expect(backend.stored).toEqual([{ pharmProductId: 1, amount: 3 }, { pharmProductId: 3, amount: 2 }]);
    expect(store.getSnapshot().count).toBe(5);
  });

  it('tells listeners about changes and marks when the cart changed; a refresh from elsewhere is not a change here', async () => {
    const backend = slowBackend();
    const store = new CartStore(backend, []);
    let calls = 0;
    store.subscribe(() => calls++);
    await store.add(1, 1);
    expect(calls).toBe(1);
    const changedAt = store.getSnapshot().changedAt;
    expect(changedAt).toBeGreaterThan(0);
    backend.stored = [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 9, amount: 2 }];
    await store.refresh();
    expect(store.getSnapshot()).toMatchObject({ count: 3, changedAt });
    await store.refresh();
    expect(calls).toBe(2);
  });
});

describe('the order lock (spec 4)', () => {
  it('pauses the queue while an order is placed, then resumes on the cart the server answers', async () => {
    const backend = slowBackend();
    backend.stored = [{ pharmProductId: 1, amount: 2 }, { pharmProductId: 2, amount: 1 }];
    const store = new CartStore(backend, backend.stored);
    let finishOrder!: () => void;
    const ordered = new Promise<void>((resolve) => (finishOrder = resolve));
    const placing = store.whileLocked(async (cart) => {
      await ordered;
      // The server dropped the ordered lines; the product added meanwhile is not there yet.
      backend.stored = [];
      await cart.reload();
      return 'batch';
    });
    expect(store.locked).toBe(true);
    const added = store.add(3, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Paused: the add waits for the unlock.
    expect(backend.stored).toHaveLength(2);
    expect(store.getSnapshot().count).toBe(3);
    finishOrder();
    await expect(placing).resolves.toBe('batch');
    expect(store.locked).toBe(false);
    await added;
    expect(backend.stored).toEqual([{ pharmProductId: 3, amount: 1 }]);
    expect(store.getSnapshot().items).toEqual([{ pharmProductId: 3, amount: 1 }]);
  });

  it('waits for the operation already running before it locks, and unlocks when the work fails', async () => {
    const backend = slowBackend();
    const store = new CartStore(backend, []);
    const running = store.add(1, 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const seen = await store.whileLocked(async () => backend.stored);
    await running;
    expect(seen).toEqual([{ pharmProductId: 1, amount: 1 }]);
    await expect(store.whileLocked(async () => {
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(store.locked).toBe(false);
    await store.add(1, 1);
    expect(backend.stored).toEqual([{ pharmProductId: 1, amount: 2 }]);
  });

  it('clearing sets the lock, empties the stored cart and the cookie, then unlocks', async () => {
    Cookies.set(CART_COOKIE, JSON.stringify({ updatedAt: new Date().toISOString(), cartItems: [{ pharmProductId: 4, amount: 1 }] }));
    const backend = slowBackend();
    backend.stored = [{ pharmProductId: 4, amount: 1 }];
    const store = new CartStore(backend, backend.stored);
    const clearing = store.clear();
    expect(store.locked).toBe(true);
    const added = store.add(5, 1);
    await clearing;
    await added;
    expect(Cookies.get(CART_COOKIE)).toBeUndefined();
    expect(backend.stored).toEqual([{ pharmProductId: 5, amount: 1 }]);
    expect(store.getSnapshot().items).toEqual([{ pharmProductId: 5, amount: 1 }]);
  });
});
