import { ALERT_RULES, distanceKm, israelClock, type AlertKind } from '@mc/contracts';

const MINUTE = 60_000;

/** The hours (Israel time) when no alert is sent: from `fromHour` until `untilHour` the next morning; null: none. */
export type QuietHours = { fromHour: number; untilHour: number } | null;
export const DEFAULT_QUIET_HOURS: QuietHours = { fromHour: ALERT_RULES.quietFromHour, untilHour: ALERT_RULES.quietUntilHour };

/** `ALERT_QUIET_HOURS`: '22-8', or 'none'. */
export function parseQuietHours(setting: string): QuietHours {
  if (setting === 'none') return null;
  const [fromHour, untilHour] = setting.split('-').map(Number);
  return { fromHour, untilHour };
}

/** When a message of a change at `now` may go: at once in the day, at the morning's hour (08:00 Israel time) when it falls in the quiet hours. */
export function alertDueAt(now: Date, quiet: QuietHours = DEFAULT_QUIET_HOURS): Date {
  if (!quiet) return now;
  const from = quiet.fromHour * 60;
  const until = quiet.untilHour * 60;
  const { minute } = israelClock(now);
  if (minute >= until && minute < from) return now;
  const untilMorning = minute < until ? until - minute : 24 * 60 - minute + until;
  const due = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE + untilMorning * MINUTE);
  // The clocks may change in the night: 08:00 is 08:00 on the morning's clock.
  return new Date(due.getTime() - (israelClock(due).minute - until) * MINUTE);
}

/** An alert as the matcher reads it (agorot; the place and its radius, or none). */
export interface AlertToMatch {
  id: number;
  kind: AlertKind;
  below: number | null;
  lat: number | null;
  lng: number | null;
  radiusKm: number | null;
}

/** An offer sold now (published, in stock and fresh, at a live pharmacy), with its pharmacy's position. */
export interface SellingOffer {
  offerId: number;
  pharmId: number;
  lat: number;
  lng: number;
  price: number;
}

/** An offer changed since the matcher's last look, as it was before: its price when it was sold then, null when it was not. */
export interface ChangedOffer {
  offerId: number;
  lat: number;
  lng: number;
  priceBefore: number | null;
}

/**
 * Whether one product's changes fire an alert, and with which offer (the cheapest that moved). Only pharmacies within
 * the alert's distance count. `price`: an offer whose price dropped (or that is sold again) at `below` or under; with no
 * `below`, one that makes the lowest price lower than it was. `stock`: the product was sold nowhere in reach and now is.
 */
export function firingOffer(alert: AlertToMatch, changed: ChangedOffer[], selling: SellingOffer[]): SellingOffer | undefined {
  const inReach = (p: { lat: number; lng: number }) =>
    alert.lat === null || alert.lng === null || alert.radiusKm === null || distanceKm({ lat: alert.lat, lng: alert.lng }, p) <= alert.radiusKm;
  const before = new Map(changed.filter(inReach).map((c) => [c.offerId, c.priceBefore]));
  if (!before.size) return undefined;
  const now = selling.filter(inReach);
  const pricesBefore = [
    ...now.filter((o) => !before.has(o.offerId)).map((o) => o.price),
    ...[...before.values()].filter((p): p is number => p !== null),
  ];
  const lowestBefore = pricesBefore.length ? Math.min(...pricesBefore) : null;
  const cheapest = (offers: SellingOffer[]) => offers.reduce<SellingOffer | undefined>((best, o) => (!best || o.price < best.price ? o : best), undefined);
  if (alert.kind === 'stock') return lowestBefore === null ? cheapest(now) : undefined;
  const dropped = cheapest(now.filter((o) => {
    if (!before.has(o.offerId)) return false;
    const was = before.get(o.offerId)!;
    return was === null || o.price < was;
  }));
  if (!dropped) return undefined;
  if (alert.below !== null) return dropped.price <= alert.below ? dropped : undefined;
  return lowestBefore !== null && dropped.price < lowestBefore ? dropped : undefined;
}
