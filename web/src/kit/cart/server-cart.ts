import { CART_MAX_LINES, CART_MAX_PER_PRODUCT, type CookieCartItem, type ServerCart } from '@mc/contracts';
import { apiFetch, isApiError } from '../api/client';
import { clearCookieCart, readCookieCart } from './cart-cookie';
import { cookieBackend, type CartBackend, type CartOperation, type CartStore } from './cart-store';

/** Spec 4: cart calls are retried up to 3 times, except on 400 and 401 (a retry would be refused the same way). */
const CART_RETRIES = 3;
const RETRY_DELAY_MS = 300;

const final = (error: unknown) => isApiError(error) && (error.status === 400 || error.status === 401);

/** Runs `call`, retrying up to CART_RETRIES times after a failure that is not a 400 or 401. */
export async function withRetries<T>(call: () => Promise<T>, delayMs = RETRY_DELAY_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (final(error) || attempt >= CART_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs * (attempt + 1)));
    }
  }
}

/** Spec 5's limits on a merge: a product's amounts add up to at most 10; a new product joins while there is room. */
export function mergeCarts(server: readonly CookieCartItem[], local: readonly CookieCartItem[]): CookieCartItem[] {
  const merged = server.map((item) => ({ ...item }));
  for (const item of local) {
    if (!Number.isInteger(item.pharmProductId) || item.pharmProductId < 1 || !Number.isInteger(item.amount) || item.amount < 1) continue;
    const existing = merged.find((line) => line.pharmProductId === item.pharmProductId);
    if (existing) existing.amount = Math.min(CART_MAX_PER_PRODUCT, existing.amount + item.amount);
    else if (merged.length < CART_MAX_LINES) merged.push({ pharmProductId: item.pharmProductId, amount: Math.min(CART_MAX_PER_PRODUCT, item.amount) });
  }
  return merged;
}

/** Whether the cookie's cart should replace the server's on a refresh: it is newer, and not from the future. */
export function localWins(localUpdatedAt: string | null, serverUpdatedAt: string | null, now = Date.now()): boolean {
  const local = localUpdatedAt ? Date.parse(localUpdatedAt) : Number.NaN;
  if (!Number.isFinite(local) || local > now) return false;
  const server = serverUpdatedAt ? Date.parse(serverUpdatedAt) : Number.NaN;
  return !Number.isFinite(server) || local > server;
}

const getCart = () => withRetries(() => apiFetch<ServerCart>('/cart'));
const storeCart = (items: CookieCartItem[]) => withRetries(() => apiFetch<ServerCart>('/cart', { method: 'PUT', body: JSON.stringify({ cartItems: items }) }));

/**
 * A signed-in user's cart, kept by the server; the browser keeps only what the page shows (the cart store's
 * snapshot, the "cache"), never a copy in the cookie.
 */
export const serverBackend: CartBackend = {
  /**
   * Spec 4's refresh: the server's cart, unless the cookie holds a newer one (not from the future), which is pushed
   * to the server instead; either way the cookie is emptied. A 400 or 401 clears the cookie cart.
   */
  async load() {
    const local = readCookieCart();
    try {
      const server = await getCart();
      const answer = local.cartItems.length && localWins(local.updatedAt, server.updatedAt) ? await storeCart(local.cartItems) : server;
      if (local.updatedAt !== null || local.cartItems.length) clearCookieCart();
      return answer.items;
    } catch (error) {
      if (final(error)) clearCookieCart();
      throw error;
    }
  },
  async save(items) {
    await storeCart(items);
  },
  async apply(operation: CartOperation) {
    const path = (id: number) => `/cart/items/${id}`;
    let call: () => Promise<ServerCart>;
    if (operation.kind === 'add') call = () => apiFetch('/cart/items', { method: 'POST', body: JSON.stringify({ pharmProductId: operation.pharmProductId, amount: operation.amount }) });
    else if (operation.kind === 'update') call = () => apiFetch(path(operation.pharmProductId), { method: 'PATCH', body: JSON.stringify({ amount: operation.amount }) });
    else if (operation.kind === 'remove') call = () => apiFetch(path(operation.pharmProductId), { method: 'DELETE' });
    else call = () => apiFetch('/cart', { method: 'PUT', body: JSON.stringify({ cartItems: operation.items }) });
    return (await withRetries(call)).items;
  },
};

/** Signing in: the cookie's items join the server cart (by the limits), and the cookie is emptied. */
async function signInCart(): Promise<CookieCartItem[]> {
  const local = readCookieCart();
  if (!local.cartItems.length) return serverBackend.load();
  const server = await getCart();
  const stored = await storeCart(mergeCarts(server.items, local.cartItems));
  clearCookieCart();
  return stored.items;
}

/**
 * Keeps the cart with the session: a signed-in page (on load, or on signing in) shows the server cart; signing out
 * drops it (the page shows the cookie's cart, emptied when the server cart was taken). Answers the unsubscribe.
 */
export function connectCartToSession(store: CartStore, session: { subscribe(listener: () => void): () => void; get(): unknown }): () => void {
  let signedIn = session.get() !== null;
  const quiet = (done: Promise<void>) => void done.catch(() => undefined);
  if (signedIn) quiet(store.switchTo(serverBackend));
  const unsubscribe = session.subscribe(() => {
    const now = session.get() !== null;
    if (now === signedIn) return;
    signedIn = now;
    if (now) {
      quiet(store.switchTo(serverBackend, signInCart));
    } else {
      clearCookieCart();
      quiet(store.switchTo(cookieBackend, async () => []));
    }
  });
  return unsubscribe;
}
