import { BusinessMessages, formatSlotTime, OPENING_TIME_PATTERN, MAX_SLOTS_PER_DAY, type OpeningHours, type OpeningHoursSlotInput } from '@mc/contracts';

/** One slot being edited: HH:mm, or null while its time field is empty. */
export interface SlotDraft {
  opensAt: string | null;
  closesAt: string | null;
}

/** The week being edited, Sunday (0) first; a day with no slots is closed. */
export type WeekDraft = SlotDraft[][];

/** The slot a day gets when it is switched open (and a further slot added). */
export const NEW_SLOT: SlotDraft = { opensAt: '09:00', closesAt: '18:00' };

export function draftOf(hours: OpeningHours): WeekDraft {
  return Array.from({ length: 7 }, (_, day) =>
    (hours[String(day)] ?? []).map((s) => ({ opensAt: formatSlotTime(s.opensAt), closesAt: formatSlotTime(s.closesAt) })));
}

const withDay = (week: WeekDraft, day: number, slots: SlotDraft[]): WeekDraft => week.map((d, i) => (i === day ? slots : d));

/** Spec 5: opening a day adds a slot, closing it clears its slots. */
export function toggleDay(week: WeekDraft, day: number, open: boolean): WeekDraft {
  if (open) return week[day].length ? week : withDay(week, day, [{ ...NEW_SLOT }]);
  return withDay(week, day, []);
}

/** Another slot on the day, after its last one (up to MAX_SLOTS_PER_DAY). */
export function addSlot(week: WeekDraft, day: number): WeekDraft {
  if (week[day].length >= MAX_SLOTS_PER_DAY) return week;
  const last = week[day].at(-1);
  // After the day's last slot: opening when it closes, for an hour; the owner corrects it.
  const next = last?.closesAt ? { opensAt: last.closesAt, closesAt: plusHour(last.closesAt) } : { ...NEW_SLOT };
  return withDay(week, day, [...week[day], next]);
}

/** Removes a slot; removing a day's last slot closes the day. */
export const removeSlot = (week: WeekDraft, day: number, index: number): WeekDraft => withDay(week, day, week[day].filter((_, i) => i !== index));

export const setSlot = (week: WeekDraft, day: number, index: number, slot: Partial<SlotDraft>): WeekDraft =>
  withDay(week, day, week[day].map((s, i) => (i === index ? { ...s, ...slot } : s)));

function plusHour(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return `${String((h + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Spec 5: both times of every slot are required. Keys `${day}-${index}-opensAt|closesAt` → the message. */
export function hoursErrors(week: WeekDraft): Map<string, string> {
  const errors = new Map<string, string>();
  week.forEach((slots, day) => slots.forEach((slot, index) => {
    for (const field of ['opensAt', 'closesAt'] as const) {
      const value = slot[field];
      if (value === null || !OPENING_TIME_PATTERN.test(value)) errors.set(`${day}-${index}-${field}`, BusinessMessages.required);
    }
  }));
  return errors;
}

/** The spec's flat payload (`dayOfWeek` a string); only for a week without errors. */
export function slotList(week: WeekDraft): OpeningHoursSlotInput[] {
  return week.flatMap((slots, day) => slots.map((s) => ({ dayOfWeek: String(day), opensAt: s.opensAt ?? '', closesAt: s.closesAt ?? '' })));
}

/** Whether the draft differs from what is stored (the save button is disabled until it does, spec 4). */
export const sameWeek = (a: WeekDraft, b: WeekDraft): boolean => JSON.stringify(a) === JSON.stringify(b);
