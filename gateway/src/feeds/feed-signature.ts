import type { IncomingHttpHeaders } from 'node:http';
import { ErrorCodes, STOCK_FEED_HEADERS, STOCK_FEED_REPLAY_WINDOW_S, type ServiceError, type StockFeedSigned } from '@mc/contracts';
import { feedSignature, sameSignature, withinReplayWindow } from '@mc/kit';

/** What a partner is told when the gateway refuses a feed call (the partner's developers read these). */
export const FeedMessages = {
  unknownPartner: 'השותף אינו מוכר (x-feed-partner)',
  timestamp: 'חותמת הזמן (x-feed-timestamp, שניות Unix) חסרה או רחוקה מהשעה הנוכחית ביותר מ-5 דקות',
  signature: 'החתימה (x-feed-signature) אינה תואמת: HMAC-SHA256 בהקסדצימלי של "{timestamp}.{body}" בסוד השותף',
  empty: 'הקובץ ריק',
  noRows: 'הקובץ אינו מכיל שורות מלבד שורת הכותרת',
  header: 'שורת הכותרת חייבת להיות: pharmacy_code,partner_product_id,amount,price,updated_at',
  gzip: 'קובץ ה-gzip אינו תקין',
  mediaType: 'יש לשלוח קובץ CSV (text/csv) או קובץ gzip שלו (application/gzip)',
  contentEncoding: 'אין לשלוח Content-Encoding: קובץ gzip נשלח כפי שהוא, כגוף הבקשה (application/gzip)',
  tooLarge: 'הקובץ גדול מהמותר',
} as const;

export const feedRefusal = (status: 400 | 401 | 413 | 415, message: string): ServiceError => ({
  status, code: status === 401 ? ErrorCodes.unauthorized : ErrorCodes.badRequest, message,
});

/** A partner call whose partner and timestamp passed; its signature is checked over the body (streamed, for a push). */
export interface PartnerCall extends StockFeedSigned {
  secret: string;
}

const header = (headers: IncomingHttpHeaders, name: string): string => {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The partner, timestamp and signature headers of a feed call, before any body is read: 401 for a partner not
 * configured, a timestamp missing, malformed or outside the replay window, or a signature that is not 64 hex digits.
 */
export function partnerCallOf(headers: IncomingHttpHeaders, secretOf: (partner: string) => string | undefined, nowMs = Date.now()): PartnerCall {
  const partner = header(headers, STOCK_FEED_HEADERS.partner);
  const secret = partner ? secretOf(partner) : undefined;
  if (!secret) throw feedRefusal(401, FeedMessages.unknownPartner);
  const rawTimestamp = header(headers, STOCK_FEED_HEADERS.timestamp);
  const timestamp = /^\d{1,12}$/.test(rawTimestamp) ? Number(rawTimestamp) : Number.NaN;
  if (!withinReplayWindow(timestamp, nowMs, STOCK_FEED_REPLAY_WINDOW_S)) throw feedRefusal(401, FeedMessages.timestamp);
  const signature = header(headers, STOCK_FEED_HEADERS.signature).toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(signature)) throw feedRefusal(401, FeedMessages.signature);
  return { partner, timestamp, signature, secret };
}

/** Throws the 401 unless `computed` (hex) is the call's signature. */
export function assertSigned(call: PartnerCall, computed: string): void {
  if (!sameSignature(computed, call.signature)) throw feedRefusal(401, FeedMessages.signature);
}

/** A call without a body (a status request) signs `{timestamp}.`: its partner, timestamp and signature checked. */
export function bodilessCallOf(headers: IncomingHttpHeaders, secretOf: (partner: string) => string | undefined, nowMs = Date.now()): StockFeedSigned {
  const call = partnerCallOf(headers, secretOf, nowMs);
  assertSigned(call, feedSignature(call.secret, call.timestamp));
  return { partner: call.partner, timestamp: call.timestamp, signature: call.signature };
}
