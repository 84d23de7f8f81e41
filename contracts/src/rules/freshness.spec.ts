import {
  formatOfferFreshness, formatTimeAgo, isOfferStale, isShownInStock, OFFER_CONFIRM_DUE_AFTER_MS, OFFER_CONFIRM_DUE_WITHIN_HOURS, OFFER_STALE_AFTER_HOURS,
} from './freshness';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('isOfferStale', () => {
  it('keeps an offer fresh up to 72 hours, stale after', () => {
    expect(OFFER_STALE_AFTER_HOURS).toBe(72);
    expect(isOfferStale(ago(72 * HOUR), now)).toBe(false);
    expect(isOfferStale(ago(72 * HOUR + 1), now)).toBe(true);
    expect(isOfferStale(now.toISOString(), now)).toBe(false);
  });

  it('asks the back office for a confirm from 48 hours, a day before the offer goes stale', () => {
    expect(OFFER_CONFIRM_DUE_WITHIN_HOURS).toBe(24);
    expect(OFFER_CONFIRM_DUE_AFTER_MS).toBe(48 * HOUR);
  });

  it('never tells a stale offer is in stock, nor one whose stock reached its expiry date', () => {
    const offer = { inStock: true, confirmedAt: ago(HOUR), expiresAt: null };
    expect(isShownInStock(offer, now)).toBe(true);
    expect(isShownInStock({ ...offer, confirmedAt: ago(73 * HOUR) }, now)).toBe(false);
    expect(isShownInStock({ ...offer, inStock: false }, now)).toBe(false);
    expect(isShownInStock({ ...offer, expiresAt: '2026-03-11' }, now)).toBe(true);
    // Expired from the first moment of its date (the back office's 'פג תוקף' at the same moment).
    expect(isShownInStock({ ...offer, expiresAt: '2026-03-10' }, now)).toBe(false);
    expect(isShownInStock({ ...offer, expiresAt: now.toISOString() }, now)).toBe(false);
    expect(isShownInStock({ ...offer, expiresAt: new Date(now.getTime() + 1).toISOString() }, now)).toBe(true);
  });
});

describe('formatTimeAgo', () => {
  it.each([
    [0, 'עכשיו'],
    [59_999, 'עכשיו'],
    [-5 * MIN, 'עכשיו'],
    [MIN, 'לפני דקה'],
    [2 * MIN, 'לפני שתי דקות'],
    [12 * MIN + 30_000, 'לפני 12 דקות'],
    [HOUR, 'לפני שעה'],
    [2 * HOUR, 'לפני שעתיים'],
    [23 * HOUR, 'לפני 23 שעות'],
    [24 * HOUR, 'לפני יום'],
    [48 * HOUR, 'לפני יומיים'],
    [80 * HOUR, 'לפני 3 ימים'],
  ])('%d ms ago is %s', (ms, text) => {
    expect(formatTimeAgo(ago(ms), now)).toBe(text);
  });
});

describe('formatOfferFreshness', () => {
  it('says when the offer was confirmed, or that it was not lately', () => {
    expect(formatOfferFreshness(ago(12 * MIN), now)).toBe('עודכן לפני 12 דקות');
    expect(formatOfferFreshness(ago(73 * HOUR).toISOString(), now)).toBe('לא אושר לאחרונה');
  });
});
