export const CART_MAX_PER_PRODUCT = 10;
/** Distinct products one cart may hold (a guard on the resolve call, far above any real cart). */
export const CART_MAX_LINES = 50;

/** A cart entry as kept in the cart cookie. */
export interface CookieCartItem {
  pharmProductId: number;
  amount: number;
}

export function isValidCartAmount(amount: number): boolean {
  return Number.isInteger(amount) && amount >= 1 && amount <= CART_MAX_PER_PRODUCT;
}

export function canAddToCart(existing: number, added: number): boolean {
  return Number.isInteger(added) && added >= 1 && existing + added <= CART_MAX_PER_PRODUCT;
}

export function cartCount(items: readonly { amount: number }[]): number {
  return items.reduce((sum, item) => sum + item.amount, 0);
}

function isCookieCartItem(entry: unknown): entry is CookieCartItem {
  if (typeof entry !== 'object' || entry === null) return false;
  const { pharmProductId, amount } = entry as Record<string, unknown>;
  return Number.isFinite(pharmProductId) && Number.isFinite(amount);
}

/** Keeps only the cookie entries whose pharmProductId and amount are both numbers. */
export function sanitizeCookieCart(items: unknown): CookieCartItem[] {
  return Array.isArray(items) ? items.filter(isCookieCartItem) : [];
}
