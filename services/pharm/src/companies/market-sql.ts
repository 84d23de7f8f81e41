import { ISRAEL_TIME_ZONE, OFFER_STALE_AFTER_MS } from '@mc/contracts';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The companies' market in SQL (issue 29). An offer `pp` is in stock as the storefront says (`isShownInStock`): the
 * pharmacy's flag, confirmed within the stale time, not past its expiry date; only published offers count at all.
 */
export function inStockSql(now: Date): SQL {
  return sql`(pp.in_stock AND pp.confirmed_at >= ${new Date(now.getTime() - OFFER_STALE_AFTER_MS).toISOString()}::timestamptz
    AND (pp.expires_at IS NULL OR pp.expires_at > ${now.toISOString()}::timestamptz))`;
}

/** What a patient can buy now (issue 31): an offer `pp` published and in stock at `now`, of a live pharmacy `ph`. */
export function sellingSql(now: Date): SQL {
  return sql`(pp.published AND ph.state = 'live' AND ${inStockSql(now)})`;
}

/** A product's lowest price a patient can buy now (agorot, null when none), for the product slug `slug`. */
export function lowestNowSql(slug: SQL, now: Date): SQL {
  return sql`(SELECT min(pp.price) FROM pharm.pharm_products pp JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id
    WHERE pp.product_slug = ${slug} AND ${sellingSql(now)})`;
}

/**
 * The market figures of a group of offers (`MarketFigures`, agorot). The median is the middle in-stock price, or the
 * mean of the two middle ones rounded (percentile_cont).
 */
export function marketColumnsSql(inStock: SQL): SQL {
  return sql`count(DISTINCT pp.pharm_id) FILTER (WHERE ${inStock})::int AS pharmacies_in_stock,
    count(DISTINCT pp.pharm_id)::int AS pharmacies_offering,
    coalesce(sum(pp.amount) FILTER (WHERE ${inStock}), 0)::int AS units,
    min(pp.price) FILTER (WHERE ${inStock}) AS lowest,
    round(percentile_cont(0.5) WITHIN GROUP (ORDER BY pp.price) FILTER (WHERE ${inStock}))::int AS median,
    max(pp.price) FILTER (WHERE ${inStock}) AS highest`;
}

export type MarketRow = {
  pharmacies_in_stock: number;
  pharmacies_offering: number;
  units: number;
  lowest: number | null;
  median: number | null;
  highest: number | null;
};

export const toMarketFigures = (r: MarketRow) => ({
  pharmaciesInStock: r.pharmacies_in_stock,
  pharmaciesOffering: r.pharmacies_offering,
  units: r.units,
  lowestPrice: r.lowest,
  medianPrice: r.median,
  highestPrice: r.highest,
});

const israelDate = new Intl.DateTimeFormat('en-CA', { timeZone: ISRAEL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** YYYY-MM-DD: the day in Israel at `at`. */
export const israelDay = (at: Date): string => israelDate.format(at);
