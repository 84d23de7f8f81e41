/** The back office's shared Hebrew (each page keeps its own words beside it). */
export const heBusiness = {
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
  publicPage: 'לעמוד הציבורי',
  nav: {
    label: 'ניהול העסק',
    main: 'ראשי',
    orders: 'הזמנות',
    products: 'מוצרים',
    discounts: 'הנחות',
    shipments: 'משלוחים',
    announcements: 'הכרזות',
  },
  noResults: 'לא נמצאו תוצאות',
  free: 'חינם',
  /** The autosave's state between an edit and its save (the save indicator's first state). */
  notSavedYet: 'השינויים טרם נשמרו',
  /** Beside a row whose edit waits for the autosave. */
  rowNotSavedYet: 'טרם נשמר',
  openCalendar: 'פתיחת לוח השנה',
  previousMonth: 'החודש הקודם',
  nextMonth: 'החודש הבא',
} as const;
