import { Inject, Injectable } from '@nestjs/common';
import { searchForms, type PharmSummary, type SearchResponse, type SearchResult } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { searchMatch, searchRank } from '../common/search';
import { PRODUCT_JSON, PRODUCTS_WITH_STATS, toProduct, type ProductRecord } from '../products/product-record';

type Row = { kind: 'product'; product: ProductRecord; pharm: null } | { kind: 'pharm'; product: null; pharm: PharmSummary };

/** Search suggestions: products and pharmacies in one ranked list. */
@Injectable()
export class SearchService {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The best `limit` matches of `term` among products and pharmacies, best first (see `searchRank`);
   * within a rank, products before pharmacies, in stock before not, popular before less so.
   * `total` counts every match.
   */
  async suggest(term: string | undefined, limit: number): Promise<SearchResponse> {
    const forms = searchForms(term);
    if (!forms) return { total: 0, results: [] };
    const products = sql`p.search_text`;
    const pharms = sql`v.search_text`;
    const { rows } = await this.db.execute<{ total: number; top: Row[] | null }>(sql`
      WITH matches AS (
        SELECT 0 AS kind, p.id, NULL::text AS slug, ${searchRank(products, forms)} AS rank,
          coalesce(s.pharm_count, 0) > 0 AS in_stock, p.popularity
        FROM ${PRODUCTS_WITH_STATS} WHERE ${searchMatch(products, forms)}
        UNION ALL
        SELECT 1, NULL, v.slug, ${searchRank(pharms, forms)}, TRUE, 0
        FROM catalog.pharms_view v WHERE NOT v.deleted AND ${searchMatch(pharms, forms)}
      ),
      top AS (
        SELECT kind, id, slug, row_number() OVER (ORDER BY rank DESC, kind, in_stock DESC, popularity DESC, id, slug) AS rn
        FROM matches ORDER BY rn LIMIT ${limit}
      )
      SELECT (SELECT count(*)::int FROM matches) AS total,
        (SELECT json_agg(CASE WHEN top.kind = 0
            THEN json_build_object('kind', 'product', 'product', (SELECT ${PRODUCT_JSON} FROM ${PRODUCTS_WITH_STATS} WHERE p.id = top.id))
            ELSE json_build_object('kind', 'pharm', 'pharm', (SELECT json_build_object('slug', v.slug, 'name', v.name, 'city', v.city, 'address', v.address, 'logo_url', v.logo_url)
              FROM catalog.pharms_view v WHERE v.slug = top.slug)) END
          ORDER BY top.rn) FROM top) AS top`);
    const { total, top } = rows[0];
    const results: SearchResult[] = (top ?? []).map((r) => (r.kind === 'product' ? { type: 'product', data: toProduct(r.product) } : { type: 'pharm', data: r.pharm }));
    return { total, results };
  }
}
