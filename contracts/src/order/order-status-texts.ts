import type { OrderStatus } from './orders';

/** What the patient is told of an order: its status, pickup or delivery, and the pharmacy to call. */
export interface StatusExplained {
  status: OrderStatus;
  pickup: boolean;
  pharm: { phone: string | null };
}

const WAITING = 'ההזמנה התקבלה בבית המרקחת וממתינה לבדיקה ולאישור שלו.';
const NOT_YET = 'עדיין אין להגיע לאיסוף: נעדכן אתכם בדוא״ל וב-SMS כשבית המרקחת יעדכן את ההזמנה.';
const PENDING = 'בית המרקחת מטפל בהזמנה וממתין להשלמה כלשהי (למשל מרשם, מסמכים או מלאי).';

/** Per status, for pickup and for delivery: what it means to the patient and what to do now (the phone is added after). */
const MEANINGS: Record<OrderStatus, { pickup: string; delivery: string }> = {
  new: { pickup: `${WAITING} ${NOT_YET}`, delivery: `${WAITING} נעדכן אתכם בדוא״ל וב-SMS כשבית המרקחת יעדכן את ההזמנה.` },
  open: { pickup: `${WAITING} ${NOT_YET}`, delivery: `${WAITING} נעדכן אתכם בדוא״ל וב-SMS כשבית המרקחת יעדכן את ההזמנה.` },
  pending: {
    pickup: `${PENDING} עדיין אין להגיע לאיסוף: כדאי להתקשר לבית המרקחת ולברר מה חסר.`,
    delivery: `${PENDING} המשלוח יֵצא רק אחרי ההשלמה: כדאי להתקשר לבית המרקחת ולברר מה חסר.`,
  },
  complete: {
    pickup: 'בית המרקחת השלים את ההזמנה: אם טרם אספתם אותה, אפשר להגיע לאסוף אותה בשעות הפתיחה, עם תעודת זהות, רישיון ומרשם בתוקף.',
    delivery: 'בית המרקחת השלים את ההזמנה, והיא נשלחת (או כבר נמסרה) לכתובת שמסרתם. אם המשלוח לא הגיע, התקשרו לבית המרקחת.',
  },
  canceled: {
    pickup: 'ההזמנה בוטלה ואין לאסוף אותה. אפשר להזמין שוב, מבית מרקחת זה או מאחר.',
    delivery: 'ההזמנה בוטלה ולא תישלח. אפשר להזמין שוב, מבית מרקחת זה או מאחר.',
  },
  closed: {
    pickup: 'ההזמנה נסגרה ואין בה עוד טיפול.',
    delivery: 'ההזמנה נסגרה ואין בה עוד טיפול.',
  },
};

/**
 * Issue 26: what the order's status means to the patient, for pickup or for delivery, and how to reach the pharmacy
 * (its phone when it has one). The order dialog, /order/completed and the status e-mail and SMS say the same.
 */
export function orderStatusMeaning(order: StatusExplained): string {
  const meaning = MEANINGS[order.status]?.[order.pickup ? 'pickup' : 'delivery'] ?? '';
  const phone = order.pharm.phone?.trim();
  const call = phone ? `טלפון בית המרקחת: ${phone}.` : 'לשאלות אפשר לפנות לבית המרקחת.';
  return `${meaning} ${call}`.trim();
}
