import { Inject, Injectable } from '@nestjs/common';
import type { CatalogSitemap } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { asc } from 'drizzle-orm';
import { products, tags } from '../db/schema';

/** Every product and tag page, for the gateway's sitemap.xml. */
@Injectable()
export class SitemapReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async get(): Promise<CatalogSitemap> {
    const [productRows, tagRows] = await Promise.all([
      this.db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).orderBy(asc(products.slug)),
      this.db.select({ slug: tags.slug }).from(tags).orderBy(asc(tags.slug)),
    ]);
    return {
      products: productRows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() })),
      tags: tagRows.map((r) => ({ slug: r.slug, updatedAt: null })),
    };
  }
}
