import { ISRAEL_TIME_ZONE } from '@mc/contracts';

const israelDate = new Intl.DateTimeFormat('en-CA', { timeZone: ISRAEL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day (YYYY-MM-DD) in Israel at `now`. */
export const israelDay = (now: Date): string => israelDate.format(now);

/** Whether a YYYY-MM-DD text names a day of the calendar (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** Days from `from` to `to`, both counted (YYYY-MM-DD, from ≤ to). */
export const daysCounted = (from: string, to: string): number => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
