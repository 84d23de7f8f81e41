import { heBackOffice } from '../../kit/backoffice/he-backoffice';

/** The back office's shared Hebrew (each page keeps its own words beside it). */
export const heBusiness = {
  ...heBackOffice,
  publicPage: 'לעמוד הציבורי',
  /** The notice at the top of the back office while the pharmacy is not shown to patients (issue 30). */
  notLive: {
    suspended: 'בית המרקחת מושהה ואינו מוצג למטופלים',
    onboarding: 'בית המרקחת בהקמה ואינו מוצג עדיין למטופלים',
  },
  nav: {
    label: 'ניהול העסק',
    main: 'ראשי',
    orders: 'הזמנות',
    products: 'מוצרים',
    discounts: 'הנחות',
    shipments: 'משלוחים',
    announcements: 'הכרזות',
  },
  free: 'חינם',
  /** Beside a row whose edit waits for the autosave. */
  rowNotSavedYet: 'טרם נשמר',
} as const;
