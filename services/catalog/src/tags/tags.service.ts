import { Inject, Injectable } from '@nestjs/common';
import { Messages, PER_PAGE, type CatalogTagPage, type TagDetail } from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { notInArray, sql } from 'drizzle-orm';
import { tags } from '../db/schema';
import { ProductIndex } from '../products/product-index';

export type TagInput = TagDetail;

/** A tag page's catalogue half (the gateway adds the pharmacies carrying the tag from pharm). */
export type TagPage = CatalogTagPage;

const NO_FILTERS = { inStock: false, types: [], cannabisTypes: [], dosages: [], companies: [] };

@Injectable()
export class TagsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(ProductIndex) private readonly index: ProductIndex,
  ) {}

  /** A tag and one page of its products, in the default order (those in stock first). */
  async page(slug: string, page: number): Promise<TagPage> {
    const tag = await this.index.tag(slug);
    if (!tag) throw notFound(Messages.tagNotFound);
    const perPage = PER_PAGE.tagProducts;
    const result = await this.index.list({ filters: NO_FILTERS, sortBy: 'magic', page, perPage, tagId: tag.id, now: this.clock.now() });
    return {
      tag: { name: tag.name, slug: tag.slug, title: tag.title, seoTitle: tag.seoTitle, seoDescription: tag.seoDescription },
      products: result.products,
      total: result.total,
      perPage,
      currentPage: page,
    };
  }

  /** Creates or updates tags by slug (tags publish no event: products carry their tags in theirs). */
  async upsertMany(inputs: TagInput[]): Promise<void> {
    if (!inputs.length) return;
    const rows = [...new Map(inputs.map((t) => [t.slug, t])).values()];
    // In a transaction (of one statement): its commit tells this process's index at once (kit's `onCommit`).
    await this.db.transaction(async (tx) => {
      await tx
        .insert(tags)
        .values(rows.map((t) => ({ slug: t.slug, name: t.name, title: t.title, seoTitle: t.seoTitle, seoDescription: t.seoDescription })))
        .onConflictDoUpdate({
          target: tags.slug,
          set: { name: sql`excluded.name`, title: sql`excluded.title`, seoTitle: sql`excluded.seo_title`, seoDescription: sql`excluded.seo_description` },
          setWhere: sql`(${tags.name}, ${tags.title}, ${tags.seoTitle}, ${tags.seoDescription}) IS DISTINCT FROM (excluded.name, excluded.title, excluded.seo_title, excluded.seo_description)`,
        });
    });
  }

  /** Deletes the tags not in `keep` (their product links go with them). Returns how many. */
  async removeMissing(keep: string[]): Promise<number> {
    const removed = await this.db.transaction(async (tx) => {
      const gone = await tx.delete(tags).where(keep.length ? notInArray(tags.slug, keep) : sql`TRUE`).returning({ id: tags.id });
      return gone.length;
    });
    return removed;
  }
}
