import { STOCK_FEED_COLUMNS } from '@mc/contracts';

// A feed's rows, one by one (docs/API.md "Partner stock feed"): what a row must be, and why one is rejected.

/** The references a row is checked against: the synced pharmacies by partner code, the catalogue's products by partner id. */
export interface FeedRefs {
  pharmacies: ReadonlyMap<string, { id: number; slug: string }>;
  products: ReadonlyMap<string, { slug: string; estimatedPrice: number | null }>;
}

/** A row that may be applied. */
export interface FeedRow {
  line: number;
  pharmId: number;
  pharmSlug: string;
  productSlug: string;
  amount: number;
  /** Agorot; null: the price is unchanged. */
  price: number | null;
  /** A new offer with no price in the row takes this (the catalogue's), or the row is rejected. */
  estimatedPrice: number | null;
  updatedAt: Date;
}

const MAX_AMOUNT = 1_000_000;
const MAX_AGOROT = 10_000_000;
/** A partner's clock may run a little ahead of ours; a row dated further ahead would pin its offer's freshness. */
const FUTURE_SLACK_MS = 5 * 60_000;
const WHOLE = /^\d{1,7}$/;
const SHEKELS = /^\d{1,6}(\.\d{1,2})?$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Null when the header is the feed's; otherwise why the feed is refused. */
export function headerProblem(header: string[]): string | null {
  const given = header.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  return given.length === STOCK_FEED_COLUMNS.length && given.every((h, i) => h === STOCK_FEED_COLUMNS[i])
    ? null
    : `the header must be ${STOCK_FEED_COLUMNS.join(',')}`;
}

/** The row as it may be applied, or why it is rejected. */
export function checkRow(record: string[], line: number, refs: FeedRefs, nowMs: number): FeedRow | { reason: string } {
  if (record.length !== STOCK_FEED_COLUMNS.length) return { reason: `${STOCK_FEED_COLUMNS.length} columns expected, ${record.length} found` };
  const [code, productId, amountText, priceText, updatedText] = record.map((v) => v.trim());
  const pharm = refs.pharmacies.get(code);
  if (!pharm) return { reason: 'pharmacy_code is not a pharmacy synced with this partner' };
  const product = refs.products.get(productId);
  if (!product) return { reason: 'partner_product_id is not in the catalogue' };
  if (!WHOLE.test(amountText) || Number(amountText) > MAX_AMOUNT) return { reason: 'amount must be a whole number from 0' };
  let price: number | null = null;
  if (priceText !== '') {
    if (!SHEKELS.test(priceText)) return { reason: 'price must be shekels with at most 2 decimals, or empty' };
    price = Math.round(Number(priceText) * 100);
    if (price <= 0 || price > MAX_AGOROT) return { reason: 'price must be above 0' };
  }
  if (!ISO_WITH_OFFSET.test(updatedText)) return { reason: 'updated_at must be ISO 8601 with an offset' };
  const updatedAt = new Date(updatedText);
  if (Number.isNaN(updatedAt.getTime()) || !isCalendarDay(updatedText.slice(0, 10))) return { reason: 'updated_at is not a real time' };
  if (updatedAt.getTime() > nowMs + FUTURE_SLACK_MS) return { reason: 'updated_at is in the future' };
  return {
    line, pharmId: pharm.id, pharmSlug: pharm.slug, productSlug: product.slug, amount: Number(amountText), price,
    estimatedPrice: product.estimatedPrice, updatedAt,
  };
}

/** Whether `YYYY-MM-DD` is a day of the calendar (JavaScript would roll 31 February over into March). */
function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
}

export const isRejection = (checked: FeedRow | { reason: string }): checked is { reason: string } => 'reason' in checked;
