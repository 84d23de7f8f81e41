import { formatSlotTime, ISRAEL_TIME_ZONE, israelClock, toInternationalPhone, type OpeningHours } from '@mc/contracts';
import { hePharms } from '../i18n/he-pharms';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec 9: 'last updated' shows only when the pharmacy was updated within the last 3 days. */
const RECENT_UPDATE_DAYS = 3;

/** Whether `updatedAt` is recent enough to show. */
export function isRecentlyUpdated(updatedAt: string, now: Date): boolean {
  const at = new Date(updatedAt).getTime();
  const age = now.getTime() - at;
  return Number.isFinite(at) && age >= 0 && age <= RECENT_UPDATE_DAYS * DAY_MS;
}

/** Made once: building an Intl formatter costs far more than using one. */
let israelDateTime: Intl.DateTimeFormat | undefined;

/** dd/MM/yyyy HH:mm in Israel's time (spec 9). */
export function formatDateTime(value: string): string {
  israelDateTime ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jerusalem',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(israelDateTime.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A wa.me link; numbers starting with 0 take the +972 form (wa.me wants the digits without '+'). */
export function whatsappUrl(phone: string): string {
  return `https://wa.me/${toInternationalPhone(phone).replace(/^\+/, '')}`;
}

export function wazeUrl(address: string): string {
  return `https://waze.com/ul?${new URLSearchParams({ q: address, navigate: 'yes' }).toString()}`;
}

export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[\s-]/g, '')}`;
}

/** The week's opening hours, Sunday first, times without seconds ('08:00–14:00'); an empty list for a closed day. */
export function weekHours(hours: OpeningHours): { day: number; slots: string[] }[] {
  return Array.from({ length: 7 }, (_, day) => ({
    day,
    slots: (hours[String(day)] ?? []).map((slot) => `${formatSlotTime(slot.opensAt)}–${formatSlotTime(slot.closesAt)}`),
  }));
}

/** Made once, like `israelDateTime`: the calendar day (yyyy-mm-dd) and the time (HH:mm) in Israel. */
let israelDay: Intl.DateTimeFormat | undefined;
let israelTime: Intl.DateTimeFormat | undefined;

/** Whole calendar days in Israel from `now` to `at` (0 the same day, 1 the next). */
function israelDaysBetween(now: Date, at: Date): number {
  israelDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: ISRAEL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const day = (date: Date) => Date.parse(`${israelDay!.format(date)}T00:00:00Z`);
  return Math.round((day(at) - day(now)) / DAY_MS);
}

/**
 * When a closed pharmacy opens again, as its hours are shown (full weekday names, times without seconds):
 * 'נפתח היום ב־16:00', 'נפתח מחר ב־09:00', 'נפתח ביום רביעי ב־09:00'.
 */
export function formatNextOpening(nextOpening: number, now: Date): string {
  israelTime ??= new Intl.DateTimeFormat('en-GB', { timeZone: ISRAEL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const at = new Date(nextOpening);
  const time = israelTime.format(at);
  const days = israelDaysBetween(now, at);
  if (days <= 0) return hePharms.opensToday(time);
  if (days === 1) return hePharms.opensTomorrow(time);
  return hePharms.opensOn(hePharms.days[israelClock(at).weekday], time);
}

/** A pharmacy's state in a list row: open now, or closed and (when known) when it opens again. */
export function openStateText(pharm: { isOpen: boolean; nextOpening: number | null }, now: Date): string {
  if (pharm.isOpen) return hePharms.isOpen;
  return pharm.nextOpening === null ? hePharms.closed : `${hePharms.closed} · ${formatNextOpening(pharm.nextOpening, now)}`;
}

/** Today's weekday in Israel (0 = Sunday), the row the hours table marks. */
export const israelWeekday = (now: Date): number => israelClock(now).weekday;
