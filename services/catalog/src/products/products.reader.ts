import { Inject, Injectable } from '@nestjs/common';
import {
  Messages, PER_PAGE,
  type Product, type ProductDetailResponse, type ProductListQuery, type ProductListResponse, type Tag,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { ProductIndex } from './product-index';
import { PRODUCT_JSON, PRODUCTS_WITH_STATS, toProduct, type ProductRecord } from './product-record';

/** How many products the layout's "latest products" shows. */
const LATEST_PRODUCTS = 8;

/** The catalogue's reads of products. */
@Injectable()
export class ProductsReader {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ProductIndex) private readonly index: ProductIndex,
  ) {}

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
    const result = await this.index.list({
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
    const related = await this.index.related(slug, size);
    if (!related) throw notFound(Messages.productNotFound);
    return related;
  }

  /** The newest products on the market, those in stock first (the footer's "new products"). */
  latest(limit = LATEST_PRODUCTS): Promise<Product[]> {
    return this.index.latest(limit);
  }
}
