import type { AnnouncementType } from '@mc/contracts';

/** The announcements page's Hebrew (spec §5's validation texts come from contracts' BusinessMessages). */
export const heAnnouncements = {
  title: 'הכרזות',
  create: 'הכרזה חדשה',
  createTitle: 'יצירת הכרזה',
  editTitle: 'עריכת הכרזה',
  tableLabel: 'רשימת ההכרזות',
  columns: {
    name: 'שם',
    type: 'סוג',
    content: 'תוכן',
    published: 'פרסום',
    startDate: 'תאריך התחלה',
    endDate: 'תאריך סיום',
    actions: 'פעולות',
  },
  fields: {
    name: 'שם ההכרזה',
    type: 'סוג ההכרזה',
    content: 'תוכן ההכרזה',
    published: 'מפורסמת',
    startDate: 'תאריך התחלה',
    endDate: 'תאריך סיום',
    openCalendar: 'פתיחת לוח השנה',
    previousMonth: 'החודש הקודם',
    nextMonth: 'החודש הבא',
  },
  /** `n` of `max` characters, read out as such. */
  counter: (n: number, max: number) => `${n}/${max}`,
  counterLabel: (n: number, max: number) => `${n} מתוך ${max} תווים`,
  published: 'מפורסמת',
  unpublished: 'לא מפורסמת',
  /** Its end date has passed: no longer shown on the pharmacy page. */
  ended: 'הסתיימה',
  noEnd: 'ללא',
  editOf: (name: string) => `עריכה: ${name}`,
  deleteOf: (name: string) => `מחיקה: ${name}`,
  /** Spec §8's empty state and success alerts. */
  empty: 'אין הכרזות',
  saved: 'ההכרזה נשמרה',
  deleted: 'ההכרזה נמחקה',
  loading: 'טוען…',
  types: { DISCOUNT: 'הנחה', BANNER: 'באנר' } satisfies Record<AnnouncementType, string>,
} as const;
