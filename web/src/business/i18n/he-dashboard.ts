import { OFFER_STALE_AFTER_HOURS } from '@mc/contracts';
import { heBackOffice } from '../../kit/backoffice/he-backoffice';

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
    ...heBackOffice.hours,
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
  partner: {
    heading: 'סנכרון מלאי ומחירים מהשותף',
    intro: 'המחירים והמלאי של בית המרקחת מתקבלים אוטומטית מהשותף לנתוני המלאי, ואינם ניתנים לעריכה בניהול המוצרים.',
    code: 'קוד בית המרקחת אצל השותף',
    lastFeed: 'עדכון אחרון מהשותף',
    noFeed: 'טרם התקבל עדכון מהשותף',
  },
  stockout: {
    heading: 'מוצרים שאזלו מהמלאי',
    all: 'לכל המוצרים',
    empty: 'אין מוצרים שאזלו מהמלאי',
    product: 'מוצר',
    price: 'מחיר',
  },
} as const;

/** The admin's way into any pharmacy's back office (the user menu). */
export const heAdminBusiness = {
  open: 'פתיחת בית מרקחת',
  slug: 'מזהה בית המרקחת (כפי שמופיע בכתובת /pharms/…)',
  go: 'מעבר לניהול',
  invalid: 'יש להזין מזהה באותיות אנגליות קטנות, ספרות ומקפים',
} as const;
