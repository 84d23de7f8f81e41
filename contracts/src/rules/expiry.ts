export const SHORT_EXPIRY_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ProductExpiryBadge = { kind: 'expired' } | { kind: 'short' } | { kind: 'valid'; until: Date };

/**
 * Whether stock with this expiry date (yyyy-MM-dd, kept as that day's first moment) is past it at `now`: from that
 * moment it is 'פג תוקף' in the back office and not for sale (see `isShownInStock`).
 */
export function isExpired(expiresAt: string | number | Date | null, now: Date): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}

export function productExpiryBadge(expiresAt: string | Date, now: Date): ProductExpiryBadge {
  const until = new Date(expiresAt);
  if (isExpired(until, now)) return { kind: 'expired' };
  const left = until.getTime() - now.getTime();
  if (left <= SHORT_EXPIRY_DAYS * DAY_MS) return { kind: 'short' };
  return { kind: 'valid', until };
}

export type DiscountValidityBadge = 'expired' | 'inactive';

/** 'expired' once both dates are past, 'inactive' before the start, null while active. */
export function discountValidityBadge(
  start: string | Date,
  end: string | Date,
  now: Date,
): DiscountValidityBadge | null {
  const at = now.getTime();
  const startsAt = new Date(start).getTime();
  if (startsAt < at && new Date(end).getTime() < at) return 'expired';
  if (startsAt > at) return 'inactive';
  return null;
}
