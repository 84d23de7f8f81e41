import type { OpeningHours, OpeningSlot } from '../storefront/responses';

export const ISRAEL_TIME_ZONE = 'Asia/Jerusalem';
const SATURDAY = 6;
const DAY = 24 * 60;

const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: ISRAEL_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

type Clock = Readonly<{ weekday: number; minute: number }>;
/** Israel's clock of recent minutes (by minute since the epoch): formatting a date in a time zone costs far more than the rest of a list's hours checks. */
const clocks = new Map<number, Clock>();

/** The weekday (0 = Sunday) and minute of the day in Israel at `date` (Israel's offsets are whole hours: one answer per minute). */
export function israelClock(date: Date): Clock {
  const minuteOfEpoch = Math.floor(date.getTime() / 60_000);
  let clock = clocks.get(minuteOfEpoch);
  if (!clock) {
    const parts = Object.fromEntries(weekdayFormat.formatToParts(date).map((p) => [p.type, p.value]));
    clock = Object.freeze({ weekday: WEEKDAYS.indexOf(parts.weekday), minute: Number(parts.hour) * 60 + Number(parts.minute) });
    if (clocks.size >= 1024) clocks.clear();
    clocks.set(minuteOfEpoch, clock);
  }
  return clock;
}

export const toMinutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Each slot's span, worked out once for its times: a list of pharmacies asks whether each is open on every request. */
const spans = new WeakMap<OpeningSlot, { opensAt: string; closesAt: string; span: readonly [number, number] }>();

/** A slot's span in minutes of its own day; one that closes at or before it opens runs past midnight. */
export function slotSpan(slot: OpeningSlot): readonly [number, number] {
  const known = spans.get(slot);
  if (known && known.opensAt === slot.opensAt && known.closesAt === slot.closesAt) return known.span;
  const opens = toMinutes(slot.opensAt);
  let closes = toMinutes(slot.closesAt);
  if (closes <= opens) closes += DAY;
  spans.set(slot, { opensAt: slot.opensAt, closesAt: slot.closesAt, span: [opens, closes] });
  return [opens, closes];
}

/** Whether a pharmacy with `hours` is open at `date`, in Israel's time (slots past midnight count on the next day too). */
export function isOpenAt(hours: OpeningHours, date: Date): boolean {
  return isOpenAtClock(hours, israelClock(date));
}

/** `isOpenAt` for a moment already read with `israelClock` (for checking many pharmacies at one moment). */
export function isOpenAtClock(hours: OpeningHours, { weekday, minute }: { weekday: number; minute: number }): boolean {
  const today = hours[String(weekday)] ?? [];
  if (today.some((slot) => { const [o, c] = slotSpan(slot); return minute >= o && minute < c; })) return true;
  const yesterday = hours[String((weekday + 6) % 7)] ?? [];
  return yesterday.some((slot) => { const [, c] = slotSpan(slot); return c > DAY && minute < c - DAY; });
}

export function opensOnSaturday(hours: OpeningHours): boolean {
  return (hours[String(SATURDAY)] ?? []).length > 0;
}

/** 'HH:mm:ss' or 'H:mm' as 'HH:mm' (the spec shows opening hours without seconds). */
export function formatSlotTime(value: string): string {
  const [h, m] = value.split(':');
  return `${h.padStart(2, '0')}:${(m ?? '00').padStart(2, '0')}`;
}
