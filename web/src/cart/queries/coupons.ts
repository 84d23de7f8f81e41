import { useSyncExternalStore } from 'react';
import { sessions } from '../../kit/auth/session';

/** A coupon the patient applied (spec 4: a VALID one joins the list), kept for the browser session. */
export interface AppliedCoupon {
  code: string;
  name: string;
  pharmName: string;
}

const KEY = 'mc.coupons';
const NONE: readonly AppliedCoupon[] = [];

function read(): readonly AppliedCoupon[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return NONE;
    const list = parsed.filter((c): c is AppliedCoupon =>
      !!c && typeof c === 'object' && typeof c.code === 'string' && typeof c.name === 'string' && typeof c.pharmName === 'string');
    return list.length ? list : NONE;
  } catch {
    return NONE;
  }
}

let current: readonly AppliedCoupon[] | null = null;
const listeners = new Set<() => void>();

function write(next: readonly AppliedCoupon[]) {
  current = next;
  try {
    if (next.length) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the list lives as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The applied coupons of this browser session: the cart shows them, the quote and the order send their codes. */
export const appliedCoupons = {
  get: (): readonly AppliedCoupon[] => (current ??= read()),
  codes: (): string[] => appliedCoupons.get().map((c) => c.code),
  add(coupon: AppliedCoupon) {
    const list = appliedCoupons.get();
    if (list.some((c) => c.code.toUpperCase() === coupon.code.toUpperCase())) return;
    write([...list, coupon]);
  },
  remove(code: string) {
    write(appliedCoupons.get().filter((c) => c.code !== code));
  },
  /** After an order: its coupons were used. */
  clear: () => write(NONE),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAppliedCoupons(): readonly AppliedCoupon[] {
  return useSyncExternalStore(appliedCoupons.subscribe, appliedCoupons.get, () => NONE);
}

// Coupons are the signed-in patient's: signing out drops them (the next patient on this browser starts with none).
sessions.subscribe(() => {
  if (!sessions.get() && appliedCoupons.get().length) appliedCoupons.clear();
});
