import { formatShekels, type AlertKind } from '@mc/contracts';

/** dd/MM/yyyy of a YYYY-MM-DD day (the services' Israel days). */
export const formatDay = (day: string): string => (/^\d{4}-\d{2}-\d{2}/.test(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : day);

/**
 * Price history and alerts (issue 31): the product page's chart and "notify me" form, the patient's alerts page and
 * the e-mailed unsubscribe link. The API's own answers (created, removed, the field errors) are `AlertMessages`.
 */
export const heAlerts = {
  kinds: { price: 'ירידת מחיר', stock: 'חזרה למלאי' } satisfies Record<AlertKind, string>,
  /** Between the comparison row's 'המחיר ירד' and the price before (heard, not seen). */
  droppedFrom: ' מ-',
  history: {
    title: 'היסטוריית מחירים',
    period: 'תקופה',
    days: (n: number) => `${n} ימים`,
    chartTitle: (days: number) => `המחיר הנמוך במלאי בכל יום, ב-${days} הימים האחרונים`,
    today: 'היום',
    lowest: 'הנמוך',
    highest: 'הגבוה',
    now: 'עכשיו',
    notInStock: 'לא במלאי',
    range: (from: string, to: string) => `מ-${from} עד ${to}`,
    loading: 'טוענים את היסטוריית המחירים…',
    empty: 'עוד אין היסטוריית מחירים למוצר הזה.',
    loadFailed: 'לא הצלחנו לטעון את היסטוריית המחירים.',
    retry: 'נסו שוב',
    showTable: 'הצגת המחירים בטבלה',
    hideTable: 'הסתרת הטבלה',
    tableCaption: (days: number) => `המחיר הנמוך במלאי בכל יום, ב-${days} הימים האחרונים, מהחדש לישן`,
    day: 'יום',
    price: 'המחיר הנמוך',
  },
  form: {
    title: 'התראה על המוצר',
    lead: 'נשלח לך הודעה כשהמחיר יורד או כשהמוצר חוזר למלאי.',
    open: 'יצירת התראה',
    close: 'סגירת הטופס',
    signedOut: 'כדי לקבל התראה על המוצר צריך להתחבר.',
    signIn: 'התחברות',
    kind: 'סוג ההתראה',
    below: 'להתריע כשהמחיר יורד אל (₪)',
    belowHint: 'לא חובה. בלי מחיר: על כל ירידה במחיר הנמוך.',
    place: 'איפה',
    anywhere: 'בכל בית מרקחת',
    nearMe: 'קרוב למיקום שלי',
    nearAddress: (address: string) => `ליד ${address}`,
    locating: 'מאתרים את המיקום שלך…',
    located: 'המיקום נמצא.',
    locateFailed: 'לא הצלחנו לאתר את המיקום. אפשר לאשר גישה למיקום בהגדרות הדפדפן, או לבחור בכל בית מרקחת.',
    radius: 'מרחק',
    km: (n: number) => `עד ${n} ק״מ`,
    sms: 'גם הודעת SMS לטלפון שבחשבון',
    submit: 'שמירת ההתראה',
    saving: 'שומרים…',
    toMyAlerts: 'להתראות שלי',
  },
  list: {
    title: 'ההתראות שלי',
    count: (n: number) => (n === 1 ? 'התראה אחת' : `${n} התראות`),
    empty: 'עוד אין לך התראות. בעמוד של כל מוצר אפשר לבקש התראה כשהמחיר יורד או כשהמוצר חוזר למלאי.',
    toProducts: 'למוצרים',
    kind: 'סוג',
    threshold: 'מחיר',
    below: (price: number) => `עד ${formatShekels(price)}`,
    anyDrop: 'כל ירידה',
    place: 'איפה',
    near: (km: number | null) => (km ? `עד ${km} ק״מ מהמיקום שבחרת` : 'ליד המיקום שבחרת'),
    anywhere: 'בכל בית מרקחת',
    channels: 'ערוצים',
    email: 'דוא״ל',
    emailAndSms: 'דוא״ל ו-SMS',
    lowestNow: 'המחיר הנמוך עכשיו',
    outOfStock: 'לא במלאי',
    remove: 'הסרת ההתראה',
    /** After the button's words, for a screen reader: which alert. */
    removeOf: (product: string) => `על ${product}`,
    removing: 'מסירים…',
  },
  unsubscribe: {
    title: 'הסרת התראה',
    lead: 'לחיצה על הכפתור תסיר את ההתראה, ולא יישלחו עוד הודעות עליה.',
    action: 'הסרת ההתראה',
    working: 'מסירים…',
    home: 'לדף הבית',
  },
} as const;
