import {
  agorotToShekels, pageStart, searchForms, shekelsToAgorot,
  type FacetCount, type FiltersData, type ListSort, type Product, type ProductFilters,
} from '@mc/contracts';
import type { Database } from '@mc/kit';
import { sql, type SQL } from 'drizzle-orm';
import { searchMatch } from '../common/search';
import { PRODUCT_JSON, PRODUCTS_WITH_STATS, toProduct, type ProductRecord } from './product-record';

export interface ProductListOptions {
  filters: ProductFilters;
  sortBy: ListSort;
  page: number;
  perPage: number;
  /** Slugs placed first, in this order, when they are in the filtered set. */
  firstSlugs?: string[];
  /** Only the products carrying this tag (tag pages). */
  tagId?: number;
  now: Date;
}

export interface ProductListResult {
  total: number;
  products: Product[];
  filtersData: FiltersData;
}

/**
 * "Magic", the default order, for shoppers who have not said what they want:
 *   1. in stock first: a product no pharmacy can sell today is a dead end, whatever else it has;
 *   2. then a score, highest first:
 *      - popularity (0–100, from sales and views) × 0.03, up to +3: what patients actually buy is the
 *        best guess of what the next one wants, so it weighs most;
 *      - flagged popular by the editors (+1) and new (+1);
 *      - the deal, up to +3: the larger of the best discount on offer and how far the cheapest offer
 *        is below the product's typical price, 0.1 per percent capped at 30 %, so a real bargain rises
 *        without burying the products people come for;
 *      - freshness, up to +1, fading to 0 over 90 days since launch: new strains are what returning
 *        patients look for;
 *      - availability, up to +1 at 20 pharmacies: a product many pharmacies stock is easy to get nearby;
 *   3. then the cheaper first, then the id, so paging is stable.
 */
/** New products count as fresh for 90 days. */
const FRESHNESS_SECONDS = 90 * 86_400;

const magicScore = (now: Date): SQL => sql`(p.popularity * 0.03::float8 + p.is_popular::int + p.is_new::int
  + least(30::float8, greatest(s.best_discount_pct::float8,
      CASE WHEN p.estimated_price > 0 AND s.min_price IS NOT NULL THEN 100 * (1 - s.min_price::float8 / p.estimated_price) ELSE 0::float8 END)) / 10
  + greatest(0::float8, 1 - (${now.getTime() / 1000}::float8 - date_part('epoch', p.launched_at)) / ${FRESHNESS_SECONDS}::float8)
  + least(coalesce(s.pharm_count, 0), 20)::float8 / 20)`;

const ORDER: Record<ListSort, string> = {
  magic: 'in_stock DESC, score DESC, price ASC NULLS LAST, id ASC',
  price: 'in_stock DESC, price ASC NULLS LAST, id ASC',
  popular: 'in_stock DESC, is_popular DESC, popularity DESC, id ASC',
  new: 'in_stock DESC, launched_at DESC, id DESC',
};

function orderSql(sortBy: ListSort, firstSlugs: string[]): SQL {
  const order = sql.raw(ORDER[sortBy]);
  if (!firstSlugs.length) return order;
  return sql`array_position(${sql`ARRAY[${sql.join(firstSlugs.map((s) => sql`${s}`), sql`, `)}]::text[]`}, slug) ASC NULLS LAST, ${order}`;
}

type Facet = 'types' | 'cannabisTypes' | 'dosages' | 'companies' | 'price';

const list = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The facet filters over `base`, each by name, so a facet can be counted without its own. */
function facetConditions(filters: ProductFilters): Map<Facet, SQL> {
  const conditions = new Map<Facet, SQL>();
  if (filters.types.length) conditions.set('types', sql`type::text IN (${list(filters.types)})`);
  if (filters.cannabisTypes.length) conditions.set('cannabisTypes', sql`cannabis_type::text IN (${list(filters.cannabisTypes)})`);
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
 * One round trip: the products in scope that pass search and stock (`base`), then over it the total,
 * the page (as full products) and the facets, each facet counted with every filter but its own.
 * A product's price is its cheapest in-stock offer, or its typical price while it has none.
 */
export async function listProducts(db: Database, options: ProductListOptions): Promise<ProductListResult> {
  const { filters } = options;
  const baseWhere: SQL[] = [];
  if (filters.inStock) baseWhere.push(sql`coalesce(s.pharm_count, 0) > 0`);
  const forms = searchForms(filters.search);
  if (forms) baseWhere.push(searchMatch(sql`p.search_text`, forms));
  if (options.tagId !== undefined) {
    baseWhere.push(sql`EXISTS (SELECT 1 FROM catalog.product_tags pt WHERE pt.product_id = p.id AND pt.tag_id = ${options.tagId})`);
  }

  const conditions = facetConditions(filters);
  const all = allBut(conditions);
  const offset = pageStart(options.page, options.perPage);

  const query = sql`WITH base AS MATERIALIZED (
    SELECT p.id, p.slug, p.type::text AS type, p.cannabis_type::text AS cannabis_type, p.thc_cbd_dosage AS dosage, p.company,
      coalesce(s.min_price, p.estimated_price) AS price,
      coalesce(s.pharm_count, 0) > 0 AS in_stock,
      p.popularity, p.is_popular, p.launched_at,
      ${magicScore(options.now)} AS score
    FROM ${PRODUCTS_WITH_STATS}
    WHERE ${baseWhere.length ? sql.join(baseWhere, sql` AND `) : sql`TRUE`}
  ),
  page AS (
    SELECT id, row_number() OVER (ORDER BY ${orderSql(options.sortBy, options.firstSlugs ?? [])}) AS rn
    FROM base WHERE ${all} ORDER BY rn LIMIT ${options.perPage} OFFSET ${offset}
  )
  SELECT
    (SELECT count(*)::int FROM base WHERE ${all}) AS total,
    (SELECT coalesce(json_agg(${PRODUCT_JSON} ORDER BY page.rn), '[]'::json)
      FROM page JOIN ${PRODUCTS_WITH_STATS} ON p.id = page.id) AS products,
    ${facetSql('type', allBut(conditions, 'types'))} AS types,
    ${facetSql('cannabis_type', allBut(conditions, 'cannabisTypes'))} AS cannabis_types,
    ${facetSql('dosage', allBut(conditions, 'dosages'))} AS dosages,
    ${facetSql('company', allBut(conditions, 'companies'))} AS companies,
    (SELECT json_build_object('min', min(price), 'max', max(price)) FROM base WHERE ${allBut(conditions, 'price')}) AS price_range`;

  const { rows } = await db.execute<{
    total: number; products: ProductRecord[]; types: FacetCount[]; cannabis_types: FacetCount[]; dosages: FacetCount[]; companies: FacetCount[];
    price_range: { min: number | null; max: number | null };
  }>(query);
  const row = rows[0];
  const range = row.price_range;
  return {
    total: row.total,
    products: row.products.map(toProduct),
    filtersData: {
      types: row.types,
      cannabisTypes: row.cannabis_types,
      dosages: row.dosages,
      companies: row.companies,
      priceRange: range.min === null || range.max === null ? null : { min: agorotToShekels(range.min), max: agorotToShekels(range.max) },
    },
  };
}
