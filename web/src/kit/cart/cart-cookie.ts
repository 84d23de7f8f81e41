import { sanitizeCookieCart, type CookieCartItem } from '@mc/contracts';
import Cookies from 'js-cookie';

/** Spec 3: the guest cart lives in a cookie `{ updatedAt, cartItems }` for one month. */
export const CART_COOKIE = 'cart';
const LIFESPAN_DAYS = 30;

export interface CookieCart {
  updatedAt: string | null;
  cartItems: CookieCartItem[];
}

/** The cookie's cart; anything unreadable is an empty cart, and entries whose fields are not both numbers are dropped. */
export function readCookieCart(): CookieCart {
  const raw = Cookies.get(CART_COOKIE);
  if (!raw) return { updatedAt: null, cartItems: [] };
  try {
    const parsed = JSON.parse(raw) as Partial<CookieCart> | null;
    const updatedAt = typeof parsed?.updatedAt === 'string' ? parsed.updatedAt : null;
    return { updatedAt, cartItems: sanitizeCookieCart(parsed?.cartItems) };
  } catch {
    return { updatedAt: null, cartItems: [] };
  }
}

export function writeCookieCart(cartItems: CookieCartItem[], now = new Date()): CookieCart {
  const cart = { updatedAt: now.toISOString(), cartItems };
  Cookies.set(CART_COOKIE, JSON.stringify(cart), { expires: LIFESPAN_DAYS, path: '/', sameSite: 'lax', secure: location.protocol === 'https:' });
  return cart;
}

/** Empties the cookie cart (signing in moves its items to the server; a refused refresh drops them). */
export function clearCookieCart(): void {
  Cookies.remove(CART_COOKIE, { path: '/' });
}
