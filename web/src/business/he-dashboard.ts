import { OFFER_STALE_AFTER_HOURS } from '@mc/contracts';

/** The dashboard's Hebrew (spec 2 "Profile screen", 5 "Pharmacy info" and "Opening hours", 8). */
export const heDashboard = {
  title: 'ראשי',
  stats: {
    heading: 'נתונים',
    today: 'היום',
    week: '7 ימים אחרונים',
    month: '30 ימים אחרונים',
    all: 'מאז ומעולם',
    orders: (n: number) => (n === 1 ? 'הזמנה אחת' : `${n.toLocaleString('he-IL')} הזמנות`),
    customers: 'לקוחות',
    products: 'מוצרים',
  },
  details: {
    heading: 'פרטי בית המרקחת',
    edit: 'עריכת פרטים',
    dialog: 'עריכת פרטי בית המרקחת',
    name: 'שם',
    phoneNumber: 'טלפון',
    whatsappNumber: 'וואטסאפ',
    wazeAddress: 'כתובת ב-Waze',
    address: 'כתובת',
    addressReadOnly: 'לשינוי הכתובת פנו אלינו',
    none: 'לא הוזן',
    saved: 'הפרטים עודכנו בהצלחה',
  },
  hours: {
    heading: 'שעות פתיחה',
    edit: 'עריכת שעות',
    dialog: 'עריכת שעות פתיחה',
    closed: 'סגור',
    open: 'פתוח',
    opensAt: 'פתיחה',
    closesAt: 'סגירה',
    addSlot: 'הוספת טווח שעות',
    removeSlot: 'הסרת טווח השעות',
    slot: (day: string, n: number) => `${day}, טווח ${n}`,
    overnight: 'עד למחרת',
    saved: 'שעות הפתיחה עודכנו בהצלחה',
  },
  openOrders: {
    heading: 'הזמנות פתוחות אחרונות',
    all: 'לכל ההזמנות',
    empty: 'לא התקבלו הזמנות',
    id: 'מס׳ הזמנה',
    createdAt: 'תאריך',
    customer: 'לקוח',
    productsCount: 'מוצרים',
    total: 'סה״כ',
    status: 'סטטוס',
  },
  awaitingConfirm: {
    heading: 'ממתינים לאישור מחיר ומלאי',
    intro: `מוצר שמחירו ומלאיו לא אושרו ${OFFER_STALE_AFTER_HOURS} שעות מוצג למטופלים כ״לא אושר לאחרונה״ ולא כזמין במלאי.`,
    all: 'לכל המוצרים',
    empty: 'המחירים והמלאי של כל המוצרים אושרו לאחרונה',
    product: 'מוצר',
    price: 'מחיר',
    confirmedAt: 'אישור אחרון',
    actions: 'פעולות',
    confirmFor: (name: string) => `אישור מחיר ומלאי: ${name}`,
    locked: 'מתעדכן אוטומטית מהשותף',
  },
  stockout: {
    heading: 'מוצרים שאזלו מהמלאי',
    all: 'לכל המוצרים',
    empty: 'אין מוצרים שאזלו מהמלאי',
    product: 'מוצר',
    price: 'מחיר',
  },
} as const;

/** Spec 2 and 8's generic error page, in Hebrew. */
export const heErrorPage = {
  upgradingTitle: 'נחזור בקרוב',
  upgradingText: 'אנחנו משדרגים את האתר ונחזור לפעילות בעוד מספר רגעים.',
  offlineTitle: 'אין חיבור לאינטרנט',
  offlineText: 'נראה שאינך מחובר/ת לרשת. בדקו את החיבור ונסו שוב.',
  errorTitle: 'משהו השתבש',
  errorText: 'אירעה שגיאה בלתי צפויה. נסו לרענן את העמוד, ואם הבעיה חוזרת ספרו לנו.',
  reload: 'רענון העמוד',
} as const;

/** The admin's way into any pharmacy's back office (the user menu). */
export const heAdminBusiness = {
  open: 'פתיחת בית מרקחת',
  slug: 'מזהה בית המרקחת (כפי שמופיע בכתובת /pharms/…)',
  go: 'מעבר לניהול',
  invalid: 'יש להזין מזהה באותיות אנגליות קטנות, ספרות ומקפים',
} as const;
