/** The back offices' shared Hebrew: the words of their building blocks (each area keeps its own words beside them). */
export const heBackOffice = {
  close: 'סגירה',
  confirm: 'אישור',
  cancel: 'ביטול',
  save: 'שמירה',
  delete: 'מחיקה',
  edit: 'עריכה',
  pages: 'עמודים',
  loadMore: 'טען עוד',
  backToStart: 'חזרה להתחלה',
  search: 'חיפוש',
  noResults: 'לא נמצאו תוצאות',
  /** The autosave's state between an edit and its save (the save indicator's first state). */
  notSavedYet: 'השינויים טרם נשמרו',
  openCalendar: 'פתיחת לוח השנה',
  previousMonth: 'החודש הקודם',
  nextMonth: 'החודש הבא',
  /** The week's opening hours editor. */
  hours: {
    closed: 'סגור',
    open: 'פתוח',
    opensAt: 'פתיחה',
    closesAt: 'סגירה',
    addSlot: 'הוספת טווח שעות',
    removeSlot: 'הסרת טווח השעות',
    slot: (day: string, n: number) => `${day}, טווח ${n}`,
    overnight: 'עד למחרת',
  },
} as const;
