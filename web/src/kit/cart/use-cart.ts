import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Messages } from '@mc/contracts';
import { sessions } from '../auth/session';
import { CartStore, EMPTY_CART, type CartSnapshot } from './cart-store';
import { connectCartToSession } from './server-cart';

let defaultStore: CartStore | undefined;
/** The page's cart; tests provide their own through `CartContext`. */
export const CartContext = createContext<CartStore | null>(null);

export function useCartStore(): CartStore {
  return useContext(CartContext) ?? (defaultStore ??= new CartStore());
}

/** The server draws every page with an empty cart (the browser then shows the stored one). */
const emptyCart = () => EMPTY_CART;

export function useCart(): CartSnapshot {
  const store = useCartStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, emptyCart);
}

/**
 * Keeps the cart with the session (signed in: the server cart; see server-cart.ts) and re-reads the stored cart
 * when the tab regains focus, so a change made in another tab (or on another device) shows here.
 */
export function useCartSync() {
  const store = useCartStore();
  useEffect(() => connectCartToSession(store, sessions), [store]);
  useEffect(() => {
    const refresh = () => void store.refresh().catch(() => undefined);
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [store]);
}

const CART_PULSE_MS = 2000;
const ADDED_MS = 3000;

/** True for the 2 s after the cart changed (the header icon's pulse). */
export function useCartPulse(): boolean {
  const { changedAt } = useCart();
  const [pulse, setPulse] = useState(false);
  useEffect(() => {
    if (!changedAt) return;
    setPulse(true);
    const timer = setTimeout(() => setPulse(false), CART_PULSE_MS);
    return () => clearTimeout(timer);
  }, [changedAt]);
  return pulse;
}

export type AddState = 'idle' | 'adding' | 'added';

/**
 * An add-to-cart button's states (spec 4): idle, adding, added for 3 s, idle. `error` carries the
 * cart limit message (or 'שגיאה' when saving failed).
 */
export function useAddToCart(pharmProductId: number) {
  const store = useCartStore();
  const [state, setState] = useState<AddState>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const add = useCallback(async (amount: number): Promise<boolean> => {
    clearTimeout(timer.current);
    setError(null);
    setState('adding');
    try {
      await store.add(pharmProductId, amount);
    } catch (failure) {
      setState('idle');
      setError(failure instanceof Error && failure.message ? failure.message : Messages.generic);
      return false;
    }
    setState('added');
    timer.current = setTimeout(() => setState('idle'), ADDED_MS);
    return true;
  }, [store, pharmProductId]);

  return { state, error, add };
}
