import { isExpired } from './expiry';

/**
 * An offer whose price and stock nobody confirmed for this long is "not confirmed lately" and never shown as in
 * stock. 72 hours: a pharmacy that edits or confirms by hand does so at least every working day, and the partner
 * feed runs several times a day, so three days spans a weekend (Friday to Sunday) plus a missed run, while a feed
 * that stopped is caught before patients travel to an empty shelf for a fourth day.
 */
export const OFFER_STALE_AFTER_HOURS = 72;
export const OFFER_STALE_AFTER_MS = OFFER_STALE_AFTER_HOURS * 60 * 60 * 1000;
/**
 * The back-office dashboard lists an offer for a confirm this long before it goes stale (and from then on): a day's
 * notice, so a pharmacy that opens the back office daily confirms it before patients see it as not confirmed.
 */
export const OFFER_CONFIRM_DUE_WITHIN_HOURS = 24;
/** An offer confirmed this long ago or longer is due for a confirm (48 hours). */
export const OFFER_CONFIRM_DUE_AFTER_MS = (OFFER_STALE_AFTER_HOURS - OFFER_CONFIRM_DUE_WITHIN_HOURS) * 60 * 60 * 1000;

/** Whether an offer confirmed at `confirmedAt` is stale at `now` (exactly 72 hours is still fresh). */
export function isOfferStale(confirmedAt: string | number | Date, now: Date): boolean {
  return now.getTime() - new Date(confirmedAt).getTime() > OFFER_STALE_AFTER_MS;
}

/** What decides whether an offer is for sale at a moment. */
export interface OfferStockFacts {
  inStock: boolean;
  confirmedAt: string | number | Date;
  expiresAt: string | number | Date | null;
}

/**
 * The in-stock a shopper is told, and so what may be sold: the pharmacy's flag, unless its confirmation is stale or
 * its stock is past its expiry date (the pharm service's offer index applies the same rule on epoch milliseconds).
 */
export function isShownInStock(offer: OfferStockFacts, now: Date): boolean {
  return offer.inStock && !isOfferStale(offer.confirmedAt, now) && !isExpired(offer.expiresAt, now);
}

export const OFFER_UNCONFIRMED_LABEL = 'לא אושר לאחרונה';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Hebrew counts: one and two have their own words, above two the number and the plural. */
function count(n: number, one: string, two: string, many: string): string {
  return n === 1 ? one : n === 2 ? two : `${n} ${many}`;
}

/** How long ago, in Hebrew: 'עכשיו', 'לפני 12 דקות', 'לפני שעתיים', 'לפני 3 ימים' (a time ahead of `now` is 'עכשיו'). */
export function formatTimeAgo(at: string | number | Date, now: Date): string {
  const ago = now.getTime() - new Date(at).getTime();
  if (!(ago >= MINUTE)) return 'עכשיו';
  if (ago < HOUR) return `לפני ${count(Math.floor(ago / MINUTE), 'דקה', 'שתי דקות', 'דקות')}`;
  if (ago < DAY) return `לפני ${count(Math.floor(ago / HOUR), 'שעה', 'שעתיים', 'שעות')}`;
  return `לפני ${count(Math.floor(ago / DAY), 'יום', 'יומיים', 'ימים')}`;
}

/** An offer's freshness line: 'עודכן לפני 12 דקות', or 'לא אושר לאחרונה' once stale. */
export function formatOfferFreshness(confirmedAt: string | number | Date, now: Date): string {
  return isOfferStale(confirmedAt, now) ? OFFER_UNCONFIRMED_LABEL : `עודכן ${formatTimeAgo(confirmedAt, now)}`;
}
