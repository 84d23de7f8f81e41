import { Inject, Injectable } from '@nestjs/common';
import { Events, Messages, type Product, type ProductDetailResponse } from '@mc/contracts';
import { DATABASE, notFound, OutboxRelay, OutboxWriter, type Database } from '@mc/kit';
import { asc, eq, sql } from 'drizzle-orm';
import { products, productTags, tags } from '../db/schema';

type ProductRow = typeof products.$inferSelect;
export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & { tags?: { slug: string; name: string }[] };

export function toProduct(row: ProductRow): Product {
  return {
    name: row.name,
    slug: row.slug,
    shortName: row.shortName,
    type: 'flower',
    imageUrl: row.imageUrl,
    media: [],
    estimated_price: null,
    priceRange: null,
    pharmProductsCount: 0,
    maxExpiresAt: null,
    variants: [],
    sizeQuantity: row.sizeQuantity,
    sizeUnit: row.sizeUnit,
    isPopular: row.isPopular,
    isNew: row.isNew,
    info: {
      hebName: row.hebName,
      engName: row.engName,
      company: row.company,
      cannabisType: row.cannabisType,
      thccbdDosage: row.thcCbdDosage,
      effects: [],
      tastes: [],
      terpenes: [],
      originCountry: null,
      sterilizationMethod: null,
      growingFacility: null,
      originSpecie: null,
      pesticideMethod: null,
      microbialLoad: null,
      moistureTest: null,
    },
  };
}

@Injectable()
export class ProductsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async get(slug: string): Promise<ProductDetailResponse> {
    const [row] = await this.db.select().from(products).where(eq(products.slug, slug)).limit(1);
    if (!row) throw notFound(Messages.productNotFound);
    const productTagRows = await this.db
      .select({ name: tags.name, slug: tags.slug })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(eq(productTags.productId, row.id))
      .orderBy(asc(tags.name));
    return { product: toProduct(row), tags: productTagRows };
  }

  /** Creates or updates a product by slug, with its tags and its `product changed` event, in one transaction. */
  async upsert(input: NewProduct): Promise<Product> {
    const { tags: tagList = [], ...fields } = input;
    const row = await this.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(products)
        .values(fields)
        .onConflictDoUpdate({ target: products.slug, set: { ...fields, updatedAt: sql`now()` } })
        .returning();
      await tx.delete(productTags).where(eq(productTags.productId, saved.id));
      for (const tag of tagList) {
        const [t] = await tx
          .insert(tags)
          .values(tag)
          .onConflictDoUpdate({ target: tags.slug, set: { name: tag.name } })
          .returning({ id: tags.id });
        await tx.insert(productTags).values({ productId: saved.id, tagId: t.id }).onConflictDoNothing();
      }
      await this.outbox.add(tx, Events.catalog.productChanged, { slug: saved.slug });
      return saved;
    });
    this.relay.poke();
    return toProduct(row);
  }
}
