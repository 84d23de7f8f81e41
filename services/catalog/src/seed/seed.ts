import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import type { INestApplicationContext } from '@nestjs/common';
import { createServiceContext } from '@mc/kit';
import { CompaniesWriter, type CompanyInput } from '../companies/companies.writer';
import { ContentService, type ContentInput } from '../content/content.service';
import { ProductsWriter, type ProductInput } from '../products/products.writer';
import { catalogService } from '../service';
import { TagsService, type TagInput } from '../tags/tags.service';

/** `catalog.json` as deploy/seed/catalog-data.js writes it (money in agorot). */
export interface CatalogSeedFile extends ContentInput {
  /** The cannabis companies the products name (`companySlug`); absent: none. */
  companies?: CompanyInput[];
  tags: TagInput[];
  products: ProductInput[];
}

export interface SeedCounts {
  companies: number;
  tags: number;
  products: number;
  changed: number;
  removed: number;
}

/** Products per transaction: big enough to load 800 in a few seconds, small enough to keep each short. */
const BATCH = 200;

/**
 * Makes the catalogue exactly the file: companies and tags, then products in batches (each batch with its `product
 * changed` events), then removes what the file no longer has (products before the companies they named), then the
 * content. Idempotent: a re-run writes nothing and publishes nothing.
 */
export async function loadCatalog(app: INestApplicationContext, file: CatalogSeedFile): Promise<SeedCounts> {
  const tags = app.get(TagsService);
  const products = app.get(ProductsWriter);
  const companies = app.get(CompaniesWriter);
  const companyList = file.companies ?? [];
  await companies.upsertMany(companyList);
  await tags.upsertMany(file.tags);
  let changed = 0;
  for (let i = 0; i < file.products.length; i += BATCH) changed += await products.upsertMany(file.products.slice(i, i + BATCH));
  const removed = await products.removeMissing(file.products.map((p) => p.slug));
  await tags.removeMissing(file.tags.map((t) => t.slug));
  await companies.removeMissing(companyList.map((c) => c.slug));
  await app.get(ContentService).replace(file);
  return { companies: companyList.length, tags: file.tags.length, products: file.products.length, changed, removed };
}

async function seedCatalog(file: CatalogSeedFile, overrides: NodeJS.ProcessEnv = {}): Promise<SeedCounts> {
  // The seed only writes; the running service consumes pharm's events.
  const app = await createServiceContext(catalogService, { CONSUME_EVENTS: 'false', ...overrides });
  try {
    return await loadCatalog(app, file);
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  const path = process.argv[2];
  if (!path) throw new Error('usage: seed.js <catalog.json>');
  seedCatalog(JSON.parse(readFileSync(path, 'utf8')) as CatalogSeedFile)
    .then((n) => console.log(`[seed] catalog: ${n.products} products (${n.changed} written, ${n.removed} removed), ${n.companies} companies, ${n.tags} tags`))
    .catch((err) => { console.error(err); process.exit(1); });
}
