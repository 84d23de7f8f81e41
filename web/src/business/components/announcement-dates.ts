import { EARLIEST_ANNOUNCEMENT_END } from '@mc/contracts';
import { parseAbsolute, parseDate, toCalendarDate, toZoned, type CalendarDate } from '@internationalized/date';

/** Announcement dates are whole days of Israel time: shown from the start day's first moment to the end day's last. */
const ANNOUNCEMENT_TIME_ZONE = 'Asia/Jerusalem';

/** The day of an ISO instant in Israel, or null for none or one that does not parse. */
export function dayOf(iso: string | null | undefined): CalendarDate | null {
  if (!iso) return null;
  try {
    return toCalendarDate(parseAbsolute(iso, ANNOUNCEMENT_TIME_ZONE));
  } catch {
    return null;
  }
}

/** The first moment of a start day. */
export const startOfDayIso = (day: CalendarDate): string => toZoned(day, ANNOUNCEMENT_TIME_ZONE).toAbsoluteString();

/** The last moment (…:59.999) of an end day: an announcement ending on a day is shown all of that day. */
export const endOfDayIso = (day: CalendarDate): string =>
  new Date(toZoned(day.add({ days: 1 }), ANNOUNCEMENT_TIME_ZONE).toDate().getTime() - 1).toISOString();

/** Spec §9: a new announcement runs from today to a month ahead. */
export function defaultPeriod(now: Date): { startDate: string; endDate: string } {
  const today = dayOf(now.toISOString())!;
  return { startDate: startOfDayIso(today), endDate: endOfDayIso(today.add({ months: 1 })) };
}

const EARLIEST_END = parseDate(EARLIEST_ANNOUNCEMENT_END);

/** Spec §5: the end picker's first selectable day: the start day, and never before 2020-01-01. */
export function earliestEnd(start: CalendarDate | null): CalendarDate {
  return start && start.compare(EARLIEST_END) > 0 ? start : EARLIEST_END;
}

/**
 * Spec §5: the start picker disables the days after the end day, up to one year after it. (The end day itself stays:
 * an announcement may run one day, its end being that day's last moment.)
 */
export function isStartUnavailable(day: CalendarDate, end: CalendarDate | null): boolean {
  return end !== null && day.compare(end) > 0 && day.compare(end.add({ years: 1 })) <= 0;
}

/**
 * Whether an announcement's end has passed (the public pharmacy page shows it while its end is later than now, or it
 * has none): the back office then shows it as ended, whatever its published flag.
 */
export function hasEnded(endDate: string | null | undefined, now: Date): boolean {
  if (!endDate) return false;
  const end = new Date(endDate).getTime();
  return Number.isFinite(end) && end <= now.getTime();
}
