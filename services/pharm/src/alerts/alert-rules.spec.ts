import { israelClock } from '@mc/contracts';
import { loadEnv } from '@mc/kit';
import { PharmEnv } from '../config';
import { alertDueAt, firingOffer, parseQuietHours, type AlertToMatch, type ChangedOffer, type SellingOffer } from './alert-rules';

const TEL_AVIV = { lat: 32.0853, lng: 34.7818 };
const BEER_SHEVA = { lat: 31.2518, lng: 34.7913 };
const alert = (fields: Partial<AlertToMatch>): AlertToMatch => ({ id: 1, kind: 'price', below: null, lat: null, lng: null, radiusKm: null, ...fields });
const selling = (offerId: number, price: number, at = TEL_AVIV): SellingOffer => ({ offerId, pharmId: offerId, price, ...at });
const changed = (offerId: number, priceBefore: number | null, at = TEL_AVIV): ChangedOffer => ({ offerId, priceBefore, ...at });

describe('when an alert’s message may go', () => {
  it('at once in the day; at 08:00 Israel time from 22:00 on, in winter and in summer', () => {
    expect(alertDueAt(new Date('2026-11-23T10:00:00Z'))).toEqual(new Date('2026-11-23T10:00:00Z')); // 12:00
    expect(alertDueAt(new Date('2026-11-23T19:59:00Z'))).toEqual(new Date('2026-11-23T19:59:00Z')); // 21:59
    expect(alertDueAt(new Date('2026-11-23T20:00:00Z'))).toEqual(new Date('2026-11-24T06:00:00Z')); // 22:00 → 08:00
    expect(alertDueAt(new Date('2026-11-24T01:17:30Z'))).toEqual(new Date('2026-11-24T06:00:00Z')); // 03:17 → 08:00
    expect(alertDueAt(new Date('2026-07-01T20:30:00Z'))).toEqual(new Date('2026-07-02T05:00:00Z')); // 23:30 IDT → 08:00 IDT
    // The night the clocks go back (25 October 2026, 02:00 → 01:00): still 08:00 on the morning's clock.
    const due = alertDueAt(new Date('2026-10-24T21:00:00Z'));
    expect(israelClock(due).minute).toBe(8 * 60);
  });

  it("holds nothing with no quiet hours, which only development and tests may set ('none')", () => {
    expect(alertDueAt(new Date('2026-11-23T21:30:00Z'), parseQuietHours('none'))).toEqual(new Date('2026-11-23T21:30:00Z'));
    expect(alertDueAt(new Date('2026-11-23T19:30:00Z'), parseQuietHours('21-7'))).toEqual(new Date('2026-11-24T05:00:00Z'));
    expect(loadEnv(PharmEnv, { APP_ENV: 'test', ALERT_QUIET_HOURS: 'none' }).ALERT_QUIET_HOURS).toBe('none');
    expect(() => loadEnv(PharmEnv, { PHARM_HMAC_SECRET: 'x'.repeat(32), ALERT_QUIET_HOURS: 'none' })).toThrow(/ALERT_QUIET_HOURS/);
    expect(() => loadEnv(PharmEnv, { APP_ENV: 'test', ALERT_QUIET_HOURS: '25-8' })).toThrow(/ALERT_QUIET_HOURS/);
    expect(loadEnv(PharmEnv, { PHARM_HMAC_SECRET: 'x'.repeat(32) }).ALERT_QUIET_HOURS).toBe('22-8');
  });
});

describe('which change fires an alert', () => {
  it('a price alert with a threshold: an offer that dropped (or is sold again) to it or under', () => {
    expect(firingOffer(alert({ below: 15_000 }), [changed(1, 16_000)], [selling(1, 14_900)])?.offerId).toBe(1);
    expect(firingOffer(alert({ below: 15_000 }), [changed(1, 16_000)], [selling(1, 15_100)])).toBeUndefined();
    expect(firingOffer(alert({ below: 15_000 }), [changed(1, null)], [selling(1, 14_000)])?.offerId).toBe(1);
    // A rise is no drop, under the threshold or not.
    expect(firingOffer(alert({ below: 15_000 }), [changed(1, 13_000)], [selling(1, 14_000)])).toBeUndefined();
  });

  it('any drop: only when the lowest price in reach gets lower', () => {
    expect(firingOffer(alert({}), [changed(1, 16_000)], [selling(1, 14_000), selling(2, 15_000)])?.offerId).toBe(1);
    expect(firingOffer(alert({}), [changed(1, 16_000)], [selling(1, 15_500), selling(2, 15_000)])).toBeUndefined();
    expect(firingOffer(alert({}), [changed(1, null)], [selling(1, 14_000)])).toBeUndefined();
  });

  it('back in stock: only when nothing within the distance was sold before', () => {
    const near = alert({ kind: 'stock', ...TEL_AVIV, radiusKm: 10 });
    expect(firingOffer(near, [changed(1, null)], [selling(1, 20_000)])?.offerId).toBe(1);
    expect(firingOffer(near, [changed(2, null, BEER_SHEVA)], [selling(2, 20_000, BEER_SHEVA)])).toBeUndefined();
    expect(firingOffer(near, [changed(1, null)], [selling(1, 20_000), selling(3, 19_000)])).toBeUndefined();
    // A pharmacy sold it far away all along: near it is still back.
    expect(firingOffer(near, [changed(1, null)], [selling(1, 20_000), selling(4, 18_000, BEER_SHEVA)])?.offerId).toBe(1);
  });
});
