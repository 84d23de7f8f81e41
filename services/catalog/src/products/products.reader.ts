import { Inject, Injectable } from '@nestjs/common';
import {
  Messages, PER_PAGE,
  type Product, type ProductDetailResponse, type ProductListQuery, type ProductListResponse, type Tag,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { listProducts } from './product-list';
import { PRODUCT_JSON, PRODUCTS_WITH_STATS, toProduct, type ProductRecord } from './product-record';

/** How many products the layout's "latest products" shows. */
export const LATEST_PRODUCTS = 8;

/** The catalogue's reads of products. */
@Injectable()
export class ProductsReader {
  constructor(@Inject(DATABASE) private readonly db: Database, @Inject(Clock) private readonly clock: Clock) {}

  async get(slug: string): Promise<ProductDetailResponse> {
    const { rows } = await this.db.execute<{ product: ProductRecord; tags: Tag[] }>(sql`
      SELECT ${PRODUCT_JSON} AS product,
        (SELECT coalesce(json_agg(json_build_object('name', t.name, 'slug', t.slug) ORDER BY t.name, t.slug), '[]'::json)
          FROM catalog.product_tags pt JOIN catalog.tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id) AS tags
      FROM ${PRODUCTS_WITH_STATS} WHERE p.slug = ${slug}`);
    if (!rows.length) throw notFound(Messages.productNotFound);
    return { product: toProduct(rows[0].product), tags: rows[0].tags };
  }

  async list(query: ProductListQuery): Promise<ProductListResponse> {
    const perPage = PER_PAGE.products;
    const result = await listProducts(this.db, {
      filters: query, sortBy: query.sortBy, page: query.page, perPage, firstSlugs: query.firstProductSlugs, now: this.clock.now(),
    });
    return { products: result.products, filtersData: result.filtersData, total: result.total, perPage, currentPage: query.page };
  }

  /**
   * Products like this one, for the carousel under it: other strains (its own variants are shown
   * apart), in stock first, then the same form, the same cannabis type, the closest THC/CBD dosage,
   * then the more popular.
   */
  async related(slug: string, size: number): Promise<Product[]> {
    const { rows } = await this.db.execute<{ found: boolean; related: ProductRecord[] }>(sql`
      WITH target AS (SELECT id, type, cannabis_type, thc, cbd, family FROM catalog.products WHERE slug = ${slug}),
      picked AS (
        SELECT p.id, row_number() OVER (ORDER BY
            coalesce(s.pharm_count, 0) > 0 DESC,
            p.type = t.type DESC,
            p.cannabis_type IS NOT DISTINCT FROM t.cannabis_type DESC,
            abs(coalesce(p.thc, 0) - coalesce(t.thc, 0)) + abs(coalesce(p.cbd, 0) - coalesce(t.cbd, 0)) ASC,
            p.popularity DESC, p.id ASC) AS rn
        FROM ${PRODUCTS_WITH_STATS} CROSS JOIN target t
        WHERE p.id <> t.id AND (t.family IS NULL OR p.family IS DISTINCT FROM t.family)
        ORDER BY rn LIMIT ${size}
      )
      SELECT EXISTS (SELECT 1 FROM target) AS found,
        (SELECT coalesce(json_agg(${PRODUCT_JSON} ORDER BY picked.rn), '[]'::json) FROM picked JOIN ${PRODUCTS_WITH_STATS} ON p.id = picked.id) AS related`);
    if (!rows[0].found) throw notFound(Messages.productNotFound);
    return rows[0].related.map(toProduct);
  }

  /** The newest products on the market, those in stock first (the footer's "new products"). */
  async latest(limit = LATEST_PRODUCTS): Promise<Product[]> {
    const { rows } = await this.db.execute<{ product: ProductRecord }>(sql`
      WITH picked AS (
        SELECT p.id, row_number() OVER (ORDER BY coalesce(s.pharm_count, 0) > 0 DESC, p.launched_at DESC, p.id DESC) AS rn
        FROM ${PRODUCTS_WITH_STATS} ORDER BY rn LIMIT ${limit}
      )
      SELECT ${PRODUCT_JSON} AS product FROM picked JOIN ${PRODUCTS_WITH_STATS} ON p.id = picked.id ORDER BY picked.rn`);
    return rows.map((r) => toProduct(r.product));
  }
}
