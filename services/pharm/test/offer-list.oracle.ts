/*
 * The offer list as one SQL query, as pharm answered it before the offer index (commit 8ae32a5's
 * src/pharm-products/offer-list.ts, changed since only for its imports and for issue 17: the price order per gram
 * where the pack's weight is known (`comparePriceOrder`), stale offers (`OFFER_STALE_AFTER_HOURS`) and those past their expiry date never in stock, and
 * asked-for companies of the scope listed with 0 (`withNamedCompanies`)):
 * kept here only as the oracle the index's answers are compared with over random queries (offer-index.int.ts).
 */
import {
  agorotToShekels, GRAM_UNITS, OFFER_STALE_AFTER_HOURS, pageStart, shekelsToAgorot,
  type FacetCount, type FiltersData, type GeoPoint, type GeoSort, type ProductFilters, withNamedCompanies,
} from '@mc/contracts';
import type { Database } from '@mc/kit';
import { sql, type SQL } from 'drizzle-orm';
import { searchCondition } from '../src/common/search';

/** The discounts page's rule in SQL, as the list had it: the twin of `isShownDiscount`. */
export const SHOWN_DISCOUNT_SQL = 'pp.original_price IS NOT NULL AND pp.price * 200 <= pp.original_price * 197';

export interface OfferListOptions {
  /** One pharmacy's offers, or every pharmacy's. */
  pharmId?: number;
  /** Only offers whose discount badge shows (the discounts page). */
  discounted?: boolean;
  filters: ProductFilters;
  sortBy: GeoSort;
  page: number;
  perPage: number;
  /** A pharm product id placed first (when it is in the filtered set). */
  firstProduct?: number;
  location?: GeoPoint;
  now: Date;
}

export interface OfferListResult {
  total: number;
  /** The page's pharm product ids, in order. */
  ids: number[];
  filtersData: FiltersData;
}

const list = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Great-circle kilometres between the pharmacy `ph` and a point, in SQL (the same formula as contracts' `distanceKm`). */
const distanceSql = (at: GeoPoint): SQL =>
  sql`(6371.0088 * 2 * asin(least(1, sqrt(power(sin(radians(ph.lat - ${at.lat}::float8) / 2), 2)
    + cos(radians(${at.lat}::float8)) * cos(radians(ph.lat)) * power(sin(radians(ph.lng - ${at.lng}::float8) / 2), 2)))))`;

/**
 * "Magic", the default order, for shoppers who have not said what they want:
 *   1. in stock first: an offer that cannot be bought today is a dead end, whatever its price;
 *   2. then a score: promoted by the pharmacy (+2), marked popular by the pharmacy (+2), a popular product
 *      in the catalogue (+1), new (+1), the discount (+0.1 per percent, at most +3, so a big sale lifts an
 *      offer without burying everything else), and freshness (+1 for an offer updated just now, fading to 0
 *      over 30 days: recently confirmed prices and stock are the ones worth trusting);
 *   3. then the cheaper first, then the id (a stable order for paging).
 */
const FRESHNESS_SECONDS = 30 * 24 * 3600;
const MAGIC_SCORE = `(2 * is_promoted::int + 2 * is_popular::int + product_popular::int + is_new::int
  + least(discount_pct, 30) / 10.0 + freshness)`;

/** "Cheaper": per gram where the pack's weight is known, those first; then the pack price (`comparePriceOrder`). */
const CHEAPER = '(per_gram IS NULL) ASC, per_gram ASC, price ASC';

const ORDER: Record<Exclude<GeoSort, 'nearby'>, string> = {
  magic: `in_stock DESC, ${MAGIC_SCORE} DESC, ${CHEAPER}, id ASC`,
  price: `in_stock DESC, ${CHEAPER}, id ASC`,
  popular: `in_stock DESC, is_popular DESC, product_popular DESC, ${CHEAPER}, id ASC`,
  new: 'in_stock DESC, is_new DESC, created_at DESC, id DESC',
};

function orderSql(sortBy: GeoSort, hasLocation: boolean, firstProduct?: number): SQL {
  const order = sortBy === 'nearby'
    ? (hasLocation ? `in_stock DESC, distance_km ASC, ${CHEAPER}, id ASC` : ORDER.magic)
    : ORDER[sortBy];
  return firstProduct !== undefined ? sql`(id = ${firstProduct}) DESC, ${sql.raw(order)}` : sql.raw(order);
}

type Facet = 'types' | 'cannabisTypes' | 'dosages' | 'companies' | 'price';

/** The facet filters over the `base` rows, each by name, so a facet can be counted without its own. */
function facetConditions(filters: ProductFilters): Map<Facet, SQL> {
  const conditions = new Map<Facet, SQL>();
  if (filters.types.length) conditions.set('types', sql`type IN (${list(filters.types)})`);
  if (filters.cannabisTypes.length) conditions.set('cannabisTypes', sql`cannabis_type IN (${list(filters.cannabisTypes)})`);
  if (filters.dosages.length) conditions.set('dosages', sql`dosage IN (${list(filters.dosages)})`);
  if (filters.companies.length) conditions.set('companies', sql`company IN (${list(filters.companies)})`);
  if (filters.priceRange) {
    conditions.set('price', sql`price BETWEEN ${shekelsToAgorot(filters.priceRange.min)} AND ${shekelsToAgorot(filters.priceRange.max)}`);
  }
  return conditions;
}

const allBut = (conditions: Map<Facet, SQL>, except?: Facet): SQL => {
  const parts = [...conditions].filter(([facet]) => facet !== except).map(([, condition]) => condition);
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
};

/** The facets' columns in `base`, in the order of the grouping sets (GROUPING() numbers them from the left). */
const FACET_COLUMNS = [
  { facet: 'types', column: 'type' },
  { facet: 'cannabisTypes', column: 'cannabis_type' },
  { facet: 'dosages', column: 'dosage' },
  { facet: 'companies', column: 'company' },
] as const;

interface FacetRow { value: string; facet: number; counts: number[] }

/**
 * Every facet in one pass over `base`: one grouping set per facet column, each row counting with every
 * filter but its own facet's (the other facets' counts on that row are ignored).
 */
function facetsSql(conditions: Map<Facet, SQL>): SQL {
  const columns = FACET_COLUMNS.map((f) => sql.raw(f.column));
  const counts = FACET_COLUMNS.map((f) => sql`count(*) FILTER (WHERE ${allBut(conditions, f.facet)})::int`);
  return sql`(SELECT coalesce(json_agg(json_build_object('value', coalesce(${sql.join(columns, sql`, `)}), 'facet', g, 'counts', json_build_array(${sql.join(counts.map((_, i) => sql.raw(`n${i}`)), sql`, `)}))), '[]'::json)
    FROM (SELECT ${sql.join(columns, sql`, `)}, GROUPING(${sql.join(columns, sql`, `)}) AS g,
        ${sql.join(counts.map((c, i) => sql`${c} AS ${sql.raw(`n${i}`)}`), sql`, `)}
      FROM base GROUP BY GROUPING SETS (${sql.join(columns.map((c) => sql`(${c})`), sql`, `)})) f)`;
}

/** Facet rows back to lists: a row of grouping set i has every column but the i-th grouped away (GROUPING bit set). */
function facetLists(rows: FacetRow[], namedCompanies: string[]): Pick<FiltersData, 'types' | 'cannabisTypes' | 'dosages' | 'companies'> {
  const lists = FACET_COLUMNS.map(() => [] as FacetCount[]);
  const width = FACET_COLUMNS.length;
  for (const row of rows) {
    const index = FACET_COLUMNS.findIndex((_, i) => row.facet === ((1 << width) - 1) - (1 << (width - 1 - i)));
    if (index < 0 || row.value === null || row.counts[index] === 0) continue;
    lists[index].push({ value: row.value, count: row.counts[index] });
  }
  for (const list of lists) list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return { types: lists[0], cannabisTypes: lists[1], dosages: lists[2], companies: withNamedCompanies(lists[3], new Set(namedCompanies)) };
}

/**
 * One round trip: the published offers in scope that pass search and stock (`base`), then over it the
 * total and the price range (one pass), the page's ids (a top-N sort, not a sort of the whole set) and
 * the facets (one pass), each facet counted with every filter but its own.
 */
export async function listOfferIds(db: Database, options: OfferListOptions): Promise<OfferListResult> {
  const { filters, location } = options;
  const baseWhere: SQL[] = [sql`pp.published`, sql`NOT pv.deleted`];
  if (options.pharmId !== undefined) baseWhere.push(sql`pp.pharm_id = ${options.pharmId}`);
  if (options.discounted) baseWhere.push(sql.raw(SHOWN_DISCOUNT_SQL));
  const scope = sql.join(baseWhere, sql` AND `);
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const inStock = sql`(pp.in_stock AND pp.confirmed_at >= ${now} - make_interval(hours => ${OFFER_STALE_AFTER_HOURS}) AND (pp.expires_at IS NULL OR pp.expires_at > ${now}))`;
  if (filters.inStock) baseWhere.push(inStock);
  const search = searchCondition(sql`pv.search_text`, filters.search);
  if (search) baseWhere.push(search);

  const nearby = options.sortBy === 'nearby' && location !== undefined;
  const conditions = facetConditions(filters);
  const all = allBut(conditions);
  const order = orderSql(options.sortBy, nearby, options.firstProduct);
  const offset = pageStart(options.page, options.perPage);

  const query = sql`WITH base AS MATERIALIZED (
    SELECT pp.id, pp.price, ${inStock} AS in_stock, pp.is_promoted,
      CASE WHEN pv.size_quantity > 0 AND lower(btrim(pv.size_unit)) IN (${list([...GRAM_UNITS])})
        THEN round(pp.price::numeric / pv.size_quantity) END AS per_gram, pp.is_popular, pp.is_new, pp.created_at,
      pv.type, pv.cannabis_type, pv.dosage, pv.company, pv.is_popular AS product_popular,
      CASE WHEN pp.original_price > pp.price THEN 100 * (1 - pp.price::float8 / pp.original_price) ELSE 0 END AS discount_pct,
      least(1, greatest(0, 1 - extract(epoch FROM (${options.now.toISOString()}::timestamptz - pp.updated_at))::float8 / ${FRESHNESS_SECONDS})) AS freshness,
      ${nearby ? distanceSql(location) : sql`NULL::float8`} AS distance_km
    FROM pharm.pharm_products pp
    JOIN pharm.products_view pv ON pv.slug = pp.product_slug
    ${nearby ? sql`JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id` : sql``}
    WHERE ${sql.join(baseWhere, sql` AND `)}
  )
  SELECT totals.*,
    (SELECT coalesce(json_agg(page.id ORDER BY ${order}), '[]'::json)
      FROM (SELECT * FROM base WHERE ${all} ORDER BY ${order} LIMIT ${options.perPage} OFFSET ${offset}) page) AS ids,
    ${facetsSql(conditions)} AS facets,
    ${filters.companies.length ? sql`(SELECT coalesce(json_agg(DISTINCT pv.company), '[]'::json) FROM pharm.pharm_products pp
      JOIN pharm.products_view pv ON pv.slug = pp.product_slug WHERE ${scope} AND pv.company IN (${list(filters.companies)}))` : sql`'[]'::json`} AS named_companies
  FROM (SELECT count(*) FILTER (WHERE ${all})::int AS total,
      min(price) FILTER (WHERE ${allBut(conditions, 'price')}) AS min_price,
      max(price) FILTER (WHERE ${allBut(conditions, 'price')}) AS max_price
    FROM base) totals`;

  const { rows } = await db.execute<{ total: number; min_price: number | null; max_price: number | null; ids: number[]; facets: FacetRow[]; named_companies: string[] }>(query);
  const row = rows[0];
  return {
    total: row.total,
    ids: row.ids,
    filtersData: {
      ...facetLists(row.facets, row.named_companies),
      priceRange: row.min_price === null || row.max_price === null ? null : { min: agorotToShekels(row.min_price), max: agorotToShekels(row.max_price) },
    },
  };
}
