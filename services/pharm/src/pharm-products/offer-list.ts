import {
  agorotToShekels, shekelsToAgorot,
  type FacetCount, type FiltersData, type GeoPoint, type GeoSort, type ProductFilters,
} from '@mc/contracts';
import type { Database } from '@mc/kit';
import { sql, type SQL } from 'drizzle-orm';
import { SHOWN_DISCOUNT_SQL } from '../common/discount';
import { searchCondition } from '../common/search';

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
export const distanceSql = (at: GeoPoint): SQL =>
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
const MAGIC_SCORE = `(2 * is_promoted::int + 2 * is_popular::int + product_popular::int + is_new::int
  + least(discount_pct, 30) / 10.0 + freshness)`;

const ORDER: Record<Exclude<GeoSort, 'nearby'>, string> = {
  magic: `in_stock DESC, ${MAGIC_SCORE} DESC, price ASC, id ASC`,
  price: 'in_stock DESC, price ASC, id ASC',
  popular: 'in_stock DESC, is_popular DESC, product_popular DESC, price ASC, id ASC',
  new: 'in_stock DESC, is_new DESC, created_at DESC, id DESC',
};

export function orderSql(sortBy: GeoSort, hasLocation: boolean, firstProduct?: number): SQL {
  const order = sortBy === 'nearby'
    ? (hasLocation ? 'in_stock DESC, distance_km ASC, price ASC, id ASC' : ORDER.magic)
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

const facetSql = (column: string, where: SQL): SQL => sql`(SELECT coalesce(json_agg(json_build_object('value', v, 'count', n) ORDER BY n DESC, v), '[]'::json)
  FROM (SELECT ${sql.raw(column)} AS v, count(*)::int AS n FROM base WHERE ${where} AND ${sql.raw(column)} IS NOT NULL GROUP BY 1) f)`;

/**
 * One round trip: the published offers in scope that pass search and stock (`base`), then over it the
 * total, the page's ids and the facets, each facet counted with every filter but its own.
 */
export async function listOfferIds(db: Database, options: OfferListOptions): Promise<OfferListResult> {
  const { filters, location } = options;
  const baseWhere: SQL[] = [sql`pp.published`, sql`NOT pv.deleted`];
  if (options.pharmId !== undefined) baseWhere.push(sql`pp.pharm_id = ${options.pharmId}`);
  if (options.discounted) baseWhere.push(sql.raw(SHOWN_DISCOUNT_SQL));
  if (filters.inStock) baseWhere.push(sql`pp.in_stock`);
  const search = searchCondition(sql`pv.search_text`, filters.search);
  if (search) baseWhere.push(search);

  const nearby = options.sortBy === 'nearby' && location !== undefined;
  const conditions = facetConditions(filters);
  const all = allBut(conditions);
  const offset = (options.page - 1) * options.perPage;

  const query = sql`WITH base AS MATERIALIZED (
    SELECT pp.id, pp.price, pp.in_stock, pp.is_promoted, pp.is_popular, pp.is_new, pp.created_at,
      pv.type, pv.cannabis_type, pv.dosage, pv.company, pv.is_popular AS product_popular,
      CASE WHEN pp.original_price > pp.price THEN 100.0 * (1 - pp.price::numeric / pp.original_price) ELSE 0 END AS discount_pct,
      greatest(0, 1 - extract(epoch FROM (${options.now.toISOString()}::timestamptz - pp.updated_at)) / 2592000.0) AS freshness,
      ${nearby ? distanceSql(location) : sql`NULL::float8`} AS distance_km
    FROM pharm.pharm_products pp
    JOIN pharm.products_view pv ON pv.slug = pp.product_slug
    ${nearby ? sql`JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id` : sql``}
    WHERE ${sql.join(baseWhere, sql` AND `)}
  )
  SELECT
    (SELECT count(*)::int FROM base WHERE ${all}) AS total,
    (SELECT coalesce(json_agg(id ORDER BY rn), '[]'::json) FROM (
      SELECT id, row_number() OVER (ORDER BY ${orderSql(options.sortBy, nearby, options.firstProduct)}) AS rn
      FROM base WHERE ${all} ORDER BY rn LIMIT ${options.perPage} OFFSET ${offset}) page) AS ids,
    ${facetSql('type', allBut(conditions, 'types'))} AS types,
    ${facetSql('cannabis_type', allBut(conditions, 'cannabisTypes'))} AS cannabis_types,
    ${facetSql('dosage', allBut(conditions, 'dosages'))} AS dosages,
    ${facetSql('company', allBut(conditions, 'companies'))} AS companies,
    (SELECT json_build_object('min', min(price), 'max', max(price)) FROM base WHERE ${allBut(conditions, 'price')}) AS price_range`;

  const { rows } = await db.execute<{
    total: number; ids: number[]; types: FacetCount[]; cannabis_types: FacetCount[]; dosages: FacetCount[]; companies: FacetCount[];
    price_range: { min: number | null; max: number | null };
  }>(query);
  const row = rows[0];
  const range = row.price_range;
  return {
    total: row.total,
    ids: row.ids,
    filtersData: {
      types: row.types,
      cannabisTypes: row.cannabis_types,
      dosages: row.dosages,
      companies: row.companies,
      priceRange: range.min === null || range.max === null ? null : { min: agorotToShekels(range.min), max: agorotToShekels(range.max) },
    },
  };
}
