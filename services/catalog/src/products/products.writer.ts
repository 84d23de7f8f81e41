import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  Events, parseDosage, searchDocument, YARPA_PRODUCT_ID_PATTERN,
  type CannabisType, type ProductChangedEvent, type ProductInfo, type ProductMedia, type ProductType, type Tag,
} from '@mc/contracts';
import { DATABASE, OutboxRelay, OutboxWriter, type Database, type Tx } from '@mc/kit';
import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { addToDictionary } from '../common/search';
import { companies, products, productSupply, productTags, tags } from '../db/schema';
import { productImageUrl } from './product-record';

/** A product as the seed (and later the back office) gives it; money in agorot. */
export interface ProductInput {
  slug: string;
  name: string;
  shortName?: string | null;
  type?: ProductType;
  hebName: string;
  engName: string;
  /** The company's name, for a product whose company has no record (`companySlug` absent); else the company's own. */
  company?: string | null;
  /** The slug of an existing company (`catalog.companies`): the product is that company's, under its name. */
  companySlug?: string | null;
  cannabisType?: CannabisType | null;
  thccbdDosage?: string | null;
  family?: string | null;
  effects?: string[];
  tastes?: string[];
  terpenes?: string[];
  originCountry?: string | null;
  sterilizationMethod?: string | null;
  growingFacility?: string | null;
  originSpecie?: string | null;
  pesticideMethod?: ProductInfo['pesticideMethod'];
  microbialLoad?: ProductInfo['microbialLoad'];
  moistureTest?: ProductInfo['moistureTest'];
  sizeQuantity?: number | null;
  sizeUnit?: string | null;
  /** Agorot. */
  estimatedPrice?: number | null;
  /** The licensed-data partner's id of the product (unique); absent: none. */
  yarpaProductId?: string | null;
  popularity?: number;
  isPopular?: boolean;
  isNew?: boolean;
  /** ISO time the product reached the market. */
  launchedAt: string;
  /** Defaults to the generated image. */
  media?: ProductMedia[];
  /** Slugs of existing tags. */
  tags?: string[];
}

type ProductRow = typeof products.$inferSelect;
type NewProductRow = typeof products.$inferInsert;

/** Rows per insert statement when linking tags (two parameters a row, far below PostgreSQL's 65,535). */
const LINK_CHUNK = 10_000;

/**
 * The row of a product; its hash covers the row (with its company's name) and its tags (`slug:name`), so a renamed tag
 * or company re-publishes it too.
 */
function toRow(input: ProductInput, tagKeys: string[], companyNames: ReadonlyMap<string, string>): NewProductRow {
  // Checked here, not by the event's consumer alone: pharm would dead-letter the product's every event.
  if (input.yarpaProductId != null && !YARPA_PRODUCT_ID_PATTERN.test(input.yarpaProductId)) {
    throw new Error(`product ${input.slug}: bad partner product id`);
  }
  const dosage = input.thccbdDosage ? parseDosage(input.thccbdDosage) : null;
  const companySlug = input.companySlug ?? null;
  const company = companySlug === null ? input.company ?? null : companyNames.get(companySlug)!;
  const defaultImage = productImageUrl(input.slug);
  const media = input.media?.length ? input.media : [{ isPrimary: true, type: 'image' as const, url: defaultImage }];
  const row: NewProductRow = {
    slug: input.slug,
    name: input.name,
    shortName: input.shortName ?? null,
    type: input.type ?? 'flower',
    hebName: input.hebName,
    engName: input.engName,
    company,
    companySlug,
    cannabisType: input.cannabisType ?? null,
    thcCbdDosage: input.thccbdDosage ?? null,
    thc: dosage?.thc ?? null,
    cbd: dosage?.cbd ?? null,
    family: input.family ?? null,
    imageUrl: media.find((m) => m.isPrimary && m.type === 'image')?.url ?? defaultImage,
    media,
    sizeQuantity: input.sizeQuantity ?? null,
    sizeUnit: input.sizeUnit ?? null,
    effects: input.effects ?? [],
    tastes: input.tastes ?? [],
    terpenes: input.terpenes ?? [],
    originCountry: input.originCountry ?? null,
    sterilizationMethod: input.sterilizationMethod ?? null,
    growingFacility: input.growingFacility ?? null,
    originSpecie: input.originSpecie ?? null,
    pesticideMethod: input.pesticideMethod ?? null,
    microbialLoad: input.microbialLoad ?? null,
    moistureTest: input.moistureTest ?? null,
    estimatedPrice: input.estimatedPrice ?? null,
    yarpaProductId: input.yarpaProductId ?? null,
    popularity: Math.max(0, Math.min(100, Math.round(input.popularity ?? 0))),
    isPopular: input.isPopular ?? false,
    isNew: input.isNew ?? false,
    launchedAt: new Date(input.launchedAt),
    searchText: searchDocument(input.name, input.hebName, input.engName, input.shortName, company),
  };
  row.sourceHash = createHash('sha1').update(JSON.stringify({ row, tags: [...tagKeys].sort() })).digest('hex');
  return row;
}

/** What `evt.catalog.product.changed` carries (pharm copies it into its read model). */
function toProductChangedEvent(row: ProductRow, productTagList: Tag[], deleted = false): ProductChangedEvent {
  return {
    product: {
      id: row.id,
      slug: row.slug,
      name: row.name,
      shortName: row.shortName,
      type: row.type,
      imageUrl: row.imageUrl,
      hebName: row.hebName,
      engName: row.engName,
      company: row.company,
      companySlug: row.companySlug,
      cannabisType: row.cannabisType,
      thccbdDosage: row.thcCbdDosage,
      family: row.family,
      isPopular: row.isPopular,
      isNew: row.isNew,
      tags: productTagList,
      estimatedPrice: row.estimatedPrice,
      sizeQuantity: row.sizeQuantity,
      sizeUnit: row.sizeUnit,
      yarpaProductId: row.yarpaProductId,
    },
    deleted,
  };
}

/** `col = excluded.col` for every column a re-save may change. */
const EXCLUDED: Record<string, SQL> = Object.fromEntries(
  Object.entries(getTableColumns(products))
    .filter(([key]) => key !== 'id' && key !== 'createdAt' && key !== 'updatedAt')
    .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
);

/** The catalogue's writes: each change and its `product changed` event commit in one transaction. */
@Injectable()
export class ProductsWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async upsert(input: ProductInput): Promise<boolean> {
    return (await this.upsertMany([input])) === 1;
  }

  /**
   * Creates or updates products by slug, with their tags. A product whose content is unchanged is not
   * written and publishes nothing, so loading the same data twice is a no-op. Returns how many changed.
   */
  async upsertMany(inputs: ProductInput[]): Promise<number> {
    if (!inputs.length) return 0;
    const unique = [...new Map(inputs.map((i) => [i.slug, i])).values()];
    const changed = await this.db.transaction(async (tx) => {
      const tagBySlug = await this.tagsBySlug(tx, unique.flatMap((i) => i.tags ?? []));
      const tagsOf = new Map(unique.map((i) => [i.slug, [...new Set(i.tags ?? [])].map((slug) => ({ slug, ...tagBySlug.get(slug)! }))]));
      const companyNames = await this.companyNames(tx, unique.flatMap((i) => (i.companySlug ? [i.companySlug] : [])));
      const rows = unique.map((input) => toRow(input, tagsOf.get(input.slug)!.map((t) => `${t.slug}:${t.name}`), companyNames));
      const saved = await tx
        .insert(products)
        .values(rows)
        .onConflictDoUpdate({
          target: products.slug,
          set: { ...EXCLUDED, updatedAt: sql`now()` },
          setWhere: sql`${products.sourceHash} IS DISTINCT FROM excluded.source_hash`,
        })
        .returning();
      if (!saved.length) return 0;
      await addToDictionary(tx, saved.map((r) => r.searchText));
      // A supply report is its company's: a product given to another company (or none) loses the old one's.
      await tx.delete(productSupply).where(and(
        inArray(productSupply.productId, saved.map((r) => r.id)),
        sql`NOT EXISTS (SELECT 1 FROM catalog.products p WHERE p.id = catalog.product_supply.product_id AND p.company_slug = catalog.product_supply.company_slug)`,
      ));

      const links = saved.flatMap((row) => tagsOf.get(row.slug)!.map((t) => ({ productId: row.id, tagId: t.id })));
      await tx.delete(productTags).where(inArray(productTags.productId, saved.map((r) => r.id)));
      for (let i = 0; i < links.length; i += LINK_CHUNK) await tx.insert(productTags).values(links.slice(i, i + LINK_CHUNK));

      for (const row of saved) {
        const rowTags = tagsOf.get(row.slug)!.map((t) => ({ slug: t.slug, name: t.name }));
        await this.outbox.add(tx, Events.catalog.productChanged, toProductChangedEvent(row, rowTags));
      }
      return saved.length;
    });
    if (changed) this.relay.poke();
    return changed;
  }

  /** Deletes every product whose slug is not in `keep`, each with a `deleted` event. Returns how many. */
  async removeMissing(keep: string[]): Promise<number> {
    const removed = await this.db.transaction(async (tx) => {
      const gone = await tx.delete(products).where(keep.length ? notInArray(products.slug, keep) : sql`TRUE`).returning();
      for (const row of gone) await this.outbox.add(tx, Events.catalog.productChanged, toProductChangedEvent(row, [], true));
      return gone.length;
    });
    if (removed) this.relay.poke();
    return removed;
  }

  /** Deletes one product (with its `deleted` event); false when there was none. */
  async remove(slug: string): Promise<boolean> {
    const removed = await this.db.transaction(async (tx) => {
      const gone = await tx.delete(products).where(eq(products.slug, slug)).returning();
      for (const row of gone) await this.outbox.add(tx, Events.catalog.productChanged, toProductChangedEvent(row, [], true));
      return gone.length;
    });
    if (removed) this.relay.poke();
    return removed > 0;
  }

  private async companyNames(tx: Tx, slugs: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(slugs)];
    const rows = wanted.length ? await tx.select({ slug: companies.slug, name: companies.name }).from(companies).where(inArray(companies.slug, wanted)) : [];
    const found = new Map(rows.map((r) => [r.slug, r.name]));
    const missing = wanted.filter((s) => !found.has(s));
    if (missing.length) throw new Error(`unknown companies: ${missing.join(', ')}`);
    return found;
  }

  private async tagsBySlug(tx: Tx, slugs: string[]): Promise<Map<string, { id: number; name: string }>> {
    const wanted = [...new Set(slugs)];
    const rows = wanted.length ? await tx.select({ id: tags.id, slug: tags.slug, name: tags.name }).from(tags).where(inArray(tags.slug, wanted)) : [];
    const found = new Map(rows.map((r) => [r.slug, { id: r.id, name: r.name }]));
    const missing = wanted.filter((s) => !found.has(s));
    if (missing.length) throw new Error(`unknown tags: ${missing.join(', ')}`);
    return found;
  }
}
