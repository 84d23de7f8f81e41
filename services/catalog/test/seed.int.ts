import { join } from 'node:path';
import { parseProductListQuery, Subjects } from '@mc/contracts';
import { rpc } from '@mc/kit/testing';
import { loadCatalog, type CatalogSeedFile } from '../src/seed/seed';
import { useCatalog } from './support';

// The data generator is plain CommonJS tooling of deploy/ (it needs contracts/dist, built by `make build`).
const SEED_TOOLS = join(__dirname, '../../../deploy/seed');
/* eslint-disable @typescript-eslint/no-require-imports */
const { seededRandom } = require(join(SEED_TOOLS, 'generate')) as { seededRandom: (seed: number) => () => number };
const { generateCatalog } = require(join(SEED_TOOLS, 'catalog-data')) as { generateCatalog: (volume: string, rng: () => number) => CatalogSeedFile };
/* eslint-enable @typescript-eslint/no-require-imports */

/** The catalogue part of `generate.js <volume>` (the same seed). */
const generate = (volume: 'fixtures' | 'demo') => ({ catalog: generateCatalog(volume, seededRandom(1001)) });

describe('catalog seed', () => {
  const service = useCatalog();
  const outboxCount = async () => (await service.sql<{ n: number }>('SELECT count(*)::int AS n FROM catalog.outbox'))[0].n;

  it('loads the fixture catalogue with its stable slugs, and a second load changes nothing', async () => {
    const { catalog } = generate('fixtures');
    const first = await loadCatalog(service.app(), catalog);
    expect(first.products).toBe(catalog.products.length);
    const { product, tags } = await rpc(service.nc(), Subjects.catalog.productGet, { slug: 'dr-green-t20-c4' });
    expect(product.info).toMatchObject({ hebName: 'דוקטור גרין', cannabisType: 'sativa', thccbdDosage: 'T20/C4' });
    expect(product.variants.map((v) => v.slug)).toEqual(['dr-green-oil-t20-c4']);
    expect(tags.map((t) => t.slug)).toEqual(expect.arrayContaining(['sativa', 'high-thc', 'flower']));
    for (const slug of ['galilee-gold-t15-c3', 'balance-t10-c10', 'calm-cbd-t1-c20']) {
      await expect(rpc(service.nc(), Subjects.catalog.productGet, { slug })).resolves.toBeDefined();
    }
    expect((await rpc(service.nc(), Subjects.catalog.faqList, {})).faq).toHaveLength(8);

    // Every company is a record, the spec's three among them; one fixture product is greenmed's, under its name.
    const companies = await service.sql<{ slug: string; name: string; licence_number: string; logo_url: string }>('SELECT slug, name, licence_number, logo_url FROM catalog.companies ORDER BY id');
    expect(companies).toHaveLength(19);
    expect(companies.slice(-3).map((c) => [c.slug, c.name])).toEqual([['greenmed', 'גרינמד'], ['medocann', 'מדוקאן'], ['bubble', 'באבל']]);
    expect(companies.every((c) => /^IL-MC-\d{4}-\d{4}$/.test(c.licence_number) && c.logo_url === `/media/companies/${c.slug}.svg`)).toBe(true);
    const balance = await rpc(service.nc(), Subjects.catalog.productGet, { slug: 'balance-t10-c10' });
    expect(balance.product.info).toMatchObject({ company: 'גרינמד', companySlug: 'greenmed' });
    expect(product.info).toMatchObject({ company: 'שדות הגליל', companySlug: 'galil-fields' });

    // Every product has the partner's id, and keeps it in both volumes.
    expect(product.yarpaProductId).toBe('YRP-204729');
    expect(catalog.products.every((p) => /^YRP-\d{6}$/.test(p.yarpaProductId ?? ''))).toBe(true);

    const events = await outboxCount();
    expect(await loadCatalog(service.app(), catalog)).toMatchObject({ changed: 0, removed: 0 });
    expect(await outboxCount()).toBe(events);
  });

  it('loads the demo volume (800 products, 150 tags) in a few seconds, then shrinks back to the fixtures', async () => {
    const { catalog } = generate('demo');
    expect(catalog.products).toHaveLength(800);
    expect(catalog.tags).toHaveLength(150);
    const started = Date.now();
    const counts = await loadCatalog(service.app(), catalog);
    const seconds = (Date.now() - started) / 1000;
    expect(counts.changed).toBeGreaterThanOrEqual(794);
    expect(seconds).toBeLessThan(20);
    const all = await rpc(service.nc(), Subjects.catalog.productList, parseProductListQuery({ inStock: '0' }));
    expect(all.total).toBe(800);
    expect(new Set(catalog.products.map((p) => p.yarpaProductId)).size).toBe(800);
    const [stored] = await service.sql<{ n: number; ids: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT yarpa_product_id)::int AS ids FROM catalog.products WHERE yarpa_product_id ~ '^YRP-[0-9]{6}$'");
    expect(stored).toEqual({ n: 800, ids: 800 });
    const { product } = await rpc(service.nc(), Subjects.catalog.productGet, { slug: all.products[0].slug });
    expect(product.yarpaProductId).toMatch(/^YRP-\d{6}$/);
    // Every product is a company's; greenmed has the most, medocann and bubble a fair share.
    const perCompany = await service.sql<{ slug: string; n: number }>(
      'SELECT c.slug, count(p.id)::int AS n FROM catalog.companies c LEFT JOIN catalog.products p ON p.company_slug = c.slug GROUP BY c.slug ORDER BY n DESC, c.slug');
    expect(perCompany.reduce((sum, c) => sum + c.n, 0)).toBe(800);
    expect(perCompany[0].slug).toBe('greenmed');
    expect(perCompany[0].n).toBeGreaterThanOrEqual(60);
    for (const slug of ['medocann', 'bubble']) expect(perCompany.find((c) => c.slug === slug)!.n).toBeGreaterThanOrEqual(30);

    const { catalog: fixtures } = generate('fixtures');
    expect(await loadCatalog(service.app(), fixtures)).toMatchObject({ removed: 800 - fixtures.products.length });
    expect((await rpc(service.nc(), Subjects.catalog.productList, parseProductListQuery({ inStock: '0' }))).total).toBe(fixtures.products.length);
  }, 60_000);
});
