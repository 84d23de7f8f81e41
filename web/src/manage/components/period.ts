import { COMPANY_HISTORY_MAX_DAYS } from '@mc/contracts';

/** The periods the history offers at a press (days, ending today). */
export const PERIOD_DAYS = [30, 90, 365, 730] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
export const DEFAULT_PERIOD_DAYS: PeriodDays = 30;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
import { todayInIsrael } from '../../kit/lib/israel-day';

export { todayInIsrael };

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export const isDay = (value: unknown): value is string => typeof value === 'string' && DATE.test(value) && dayOf(dayNumber(value)) === value;

/** The days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/** The last `days` days, today the last of them. */
export function periodOfDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = todayInIsrael(now);
  return { from: dayOf(dayNumber(to) - (days - 1)), to };
}

/** A from–to the API takes: both days, in order, at most `COMPANY_HISTORY_MAX_DAYS` long. */
export const isValidPeriod = (from: string, to: string): boolean =>
  isDay(from) && isDay(to) && daysBetween(from, to) >= 1 && daysBetween(from, to) <= COMPANY_HISTORY_MAX_DAYS;

/** Spec §9: dd/MM/yyyy of a YYYY-MM-DD day (as written, no time zone in between). */
export const formatDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
