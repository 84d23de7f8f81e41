// The rules and texts of price history and alerts, apart from their DTOs (alerts.ts): the product page's comparison and
// chart read them, and take no class-validator (as storefront/query.ts).

/** The periods of a product's price chart, in days. */
export const PRICE_HISTORY_PERIODS = [30, 90, 365] as const;
export type PriceHistoryPeriod = (typeof PRICE_HISTORY_PERIODS)[number];

/** An offer's own history in the back office: its latest changes, at most this many. */
export const OFFER_HISTORY_LIMIT = 200;
/** A comparison row is marked when the offer's price dropped within this many days. */
export const PRICE_DROP_MARK_DAYS = 7;

/** Alerts: how many one patient keeps, the distances offered, and the quiet hours (Israel time) when none is sent. */
export const ALERT_RULES = {
  perUser: 50,
  radiiKm: [5, 10, 25, 50] as const,
  maxRadiusKm: 100,
  /** Held from 22:00 until 08:00. */
  quietFromHour: 22,
  quietUntilHour: 8,
} as const;

export const ALERT_KINDS = ['price', 'stock'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const AlertMessages = {
  /** Shown beside the chart when the lowest in-stock price now is the period's lowest. */
  periodLowest: (days: number) => `המחיר הנמוך ב-${days} הימים האחרונים`,
  priceDropped: 'המחיר ירד',
  invalidPeriod: 'יש לבחור תקופה',
  invalidKind: 'יש לבחור סוג התראה',
  invalidBelow: 'יש להזין מחיר תקין',
  invalidPlace: 'יש לבחור מיקום תקין',
  invalidRadius: 'יש לבחור מרחק',
  tooMany: `אפשר לשמור עד ${ALERT_RULES.perUser} התראות`,
  notFound: 'ההתראה לא נמצאה',
  invalidLink: 'הקישור להסרת ההתראה אינו תקין',
  created: 'ההתראה נשמרה',
  removed: 'ההתראה הוסרה',
} as const;
