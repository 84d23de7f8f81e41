import type { INestApplicationContext } from '@nestjs/common';
import { parseProductListQuery, PER_PAGE, Subjects, type ProductListResponse } from '@mc/contracts';
import { createServiceContext } from '@mc/kit';
import { rpc, TEST_ENV } from '@mc/kit/testing';
import { ProductsReader } from '../src/products/products.reader';
import { catalogService } from '../src/service';
import { TagsService } from '../src/tags/tags.service';
import { eventually, offer, publishOffers } from './support';
import { COMPANY, P, PHARM, testOffers, useTestCatalog } from './test-catalog';

const slugs = (answer: { products: { slug: string }[] }) => answer.products.map((p) => p.slug);

/** Queries that between them use every filter, facet, order and paging edge of the test catalogue. */
const QUERIES: Record<string, unknown>[] = [
  {}, { inStock: 0 }, { sortBy: 'price' }, { sortBy: 'popular', inStock: 0 }, { sortBy: 'new' }, { sortBy: 'new', inStock: 0 },
  { types: 'flower,oil' }, { cannabisTypes: 'sativa', companies: COMPANY.a }, { dosages: 'T20/C4,T15/C3', inStock: 0 },
  { priceRange: '200-300' }, { priceRange: '185-195', inStock: 0 }, { search: 'זנגביל' }, { search: 'golan', inStock: 0 },
  { firstProductSlugs: `${P.polar},${P.sage}`, inStock: 0 }, { page: 2 }, { search: 'אין-מוצר-כזה' },
];

describe('catalog product index', () => {
  const service = useTestCatalog();
  /** A second copy of the service on the same database, with no event consumers: it learns of changes only from the feed. */
  let second: INestApplicationContext;
  const list = (query: Record<string, unknown> = {}) => rpc(service.nc(), Subjects.catalog.productList, parseProductListQuery(query));
  const secondList = (query: Record<string, unknown> = {}): Promise<ProductListResponse> => second.get(ProductsReader).list(parseProductListQuery(query));
  const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  beforeAll(async () => {
    service.clock().set(Date.now());
    second = await createServiceContext(catalogService, { ...TEST_ENV, CONSUME_EVENTS: 'false' }, { clock: service.clock() });
  }, 60_000);

  afterAll(async () => {
    await second?.close();
    service.clock().reset();
  });

  it('answers every list, tag page, related and latest products alike in a second copy of the service', async () => {
    for (const query of QUERIES) expect(asJson(await secondList(query))).toEqual(await list(query));
    for (const page of [1, 2]) {
      expect(asJson(await second.get(TagsService).page('ct-sativa', page))).toEqual(await rpc(service.nc(), Subjects.catalog.tagGet, { slug: 'ct-sativa', page }));
    }
    expect(asJson(await second.get(ProductsReader).related(P.ginger, 3))).toEqual((await rpc(service.nc(), Subjects.catalog.productRelated, { slug: P.ginger, size: 3 })).related);
    expect(slugs({ products: await second.get(ProductsReader).latest(3) })).toEqual([P.cliffs, P.polar, P.gingerOil]);
  });

  describe('changes', () => {
    afterEach(async () => {
      await service.sql(`UPDATE catalog.products SET name = 'זנגביל סגול T20/C4' WHERE slug = $1`, [P.ginger]);
      await service.sql(`DELETE FROM catalog.product_tags WHERE product_id = (SELECT id FROM catalog.products WHERE slug = $1)`, [P.cliffs]);
      await publishOffers(service.nc(), testOffers());
      await eventually('the test offers to be restored', () => secondList(), (a) => a.products.find((p) => p.slug === P.cliffs)?.priceRange?.min === 200);
    });

    it('shows a price and stock change made through pharm’s event in both copies within 1 s', async () => {
      const started = Date.now();
      await publishOffers(service.nc(), [offer(4, P.cliffs, PHARM.p1, 150)]);
      await eventually('the new price in the second copy', () => secondList({ sortBy: 'price' }), (a) => a.products[0]?.priceRange?.min === 150, 1000);
      // The other copy hears of the commit a moment apart (its own signal).
      await eventually('the new price in the first copy', () => list({ priceRange: '140-160' }), (a) => slugs(a).join() === P.cliffs, 1000);
      expect(Date.now() - started).toBeLessThan(1000);

      const outAt = Date.now();
      await publishOffers(service.nc(), [offer(4, P.cliffs, PHARM.p1, 150, { inStock: false })]);
      await eventually('the product to leave the in-stock list of the second copy', () => secondList(), (a) => a.total === 3, 1000);
      expect(Date.now() - outAt).toBeLessThan(1000);
      expect(asJson(await secondList({ inStock: 0 }))).toEqual(await list({ inStock: 0 }));
    });

    it('shows rows another process changed in SQL: statistics, a name, a tag link', async () => {
      const started = Date.now();
      await service.sql(`UPDATE catalog.product_stats SET min_price = 12300, pharm_count = 5 WHERE product_slug = $1`, [P.cliffs]);
      for (const read of [list, secondList]) {
        await eventually('the changed statistics', () => read({ sortBy: 'price' }), (a) => a.products[0]?.slug === P.cliffs && a.products[0].priceRange?.min === 123, 1000);
      }
      expect(Date.now() - started).toBeLessThan(1000);

      await service.sql(`UPDATE catalog.products SET name = 'זנגביל חדש' WHERE slug = $1`, [P.ginger]);
      const renamed = await eventually('the new name in the list', () => secondList({ search: 'זנגביל' }),
        (a) => a.products.find((p) => p.slug === P.ginger)?.name === 'זנגביל חדש', 1000);
      expect(renamed.products.find((p) => p.slug === P.gingerOil)).toBeDefined();

      await service.sql(`INSERT INTO catalog.product_tags (product_id, tag_id)
        SELECT p.id, t.id FROM catalog.products p, catalog.tags t WHERE p.slug = $1 AND t.slug = 'ct-empty'`, [P.cliffs]);
      const page = await eventually('the tag link', () => rpc(service.nc(), Subjects.catalog.tagGet, { slug: 'ct-empty', page: 1 }), (a) => a.total === 1, 1000);
      expect(slugs(page)).toEqual([P.cliffs]);
      expect(page.perPage).toBe(PER_PAGE.tagProducts);
    });
  });
});
