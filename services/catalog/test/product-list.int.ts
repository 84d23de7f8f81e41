import { parseProductListQuery, PER_PAGE, Subjects, type ProductListResponse } from '@mc/contracts';
import { rpc, rpcUntyped } from '@mc/kit/testing';
import { loadCatalog } from '../src/seed/seed';
import { COMPANY, P, testCatalog, testProducts, useTestCatalog } from './test-catalog';

const slugs = (answer: ProductListResponse) => answer.products.map((p) => p.slug);
const facet = (values: { value: string; count: number }[]) => Object.fromEntries(values.map((v) => [v.value, v.count]));

describe('catalog.product.list', () => {
  const service = useTestCatalog();
  /** The list for a URL's query, parsed as the gateway parses it. */
  const list = (query: Record<string, unknown> = {}) => rpc(service.nc(), Subjects.catalog.productList, parseProductListQuery(query));

  describe('stock', () => {
    it('lists only products some pharmacy has in stock by default, with the server’s page size', async () => {
      const answer = await list();
      expect(answer.total).toBe(4);
      expect(slugs(answer).sort()).toEqual([P.cliffs, P.ginger, P.gingerOil, P.polar].sort());
      expect(answer.perPage).toBe(PER_PAGE.products);
      expect(answer.currentPage).toBe(1);
    });

    it('lists every product with inStock=0, those in stock first', async () => {
      const answer = await list({ inStock: '0' });
      expect(answer.total).toBe(7);
      expect(slugs(answer).slice(0, 4).sort()).toEqual([P.cliffs, P.ginger, P.gingerOil, P.polar].sort());
      expect(slugs(answer).slice(4).sort()).toEqual([P.amber, P.calm, P.sage].sort());
    });

    it('shows each product’s price range, pharmacy count and latest expiry over published in-stock offers', async () => {
      const answer = await list({ inStock: 'false' });
      const bySlug = new Map(answer.products.map((p) => [p.slug, p]));
      expect(bySlug.get(P.ginger)).toMatchObject({ priceRange: { min: 250, max: 280 }, pharmProductsCount: 2, estimated_price: 300 });
      // The latest expiry is the product page's (a card does not draw it).
      const { product } = await rpc(service.nc(), Subjects.catalog.productGet, { slug: P.ginger });
      expect(product).toMatchObject({ priceRange: { min: 250, max: 280 }, pharmProductsCount: 2, maxExpiresAt: '2027-06-30T00:00:00.000Z' });
      expect(bySlug.get(P.polar)).toMatchObject({ priceRange: { min: 360, max: 400 }, pharmProductsCount: 2 });
      // Out of stock, unpublished, or never offered: no range, no count, the typical price still shown.
      for (const slug of [P.sage, P.calm, P.amber]) expect(bySlug.get(slug)).toMatchObject({ priceRange: null, pharmProductsCount: 0 });
      expect(bySlug.get(P.sage)!.estimated_price).toBe(220);
    });
  });

  describe('filters', () => {
    it('filters by types, ignoring values outside the allowed set', async () => {
      expect(slugs(await list({ types: 'flower' })).sort()).toEqual([P.cliffs, P.ginger].sort());
      expect(slugs(await list({ types: 'oil,pre-roll' })).sort()).toEqual([P.gingerOil, P.polar].sort());
      expect((await list({ types: 'seeds,flower' })).total).toBe(2);
      expect((await list({ types: 'seeds' })).total).toBe(4);
    });

    it('filters by cannabis types', async () => {
      expect(slugs(await list({ cannabisTypes: 'indica' }))).toEqual([P.cliffs]);
      expect((await list({ cannabisTypes: ['sativa', 'indica'] })).total).toBe(4);
      expect((await list({ cannabisTypes: 'ruderalis' })).total).toBe(4);
    });

    it('filters by dosages (T{n}/C{n} only)', async () => {
      expect(slugs(await list({ dosages: 'T20/C4' })).sort()).toEqual([P.ginger, P.gingerOil].sort());
      expect(slugs(await list({ dosage: 'T22/C1,T15/C3' })).sort()).toEqual([P.cliffs, P.polar].sort());
      expect((await list({ dosages: 'strong' })).total).toBe(4);
    });

    it('filters by companies', async () => {
      expect(slugs(await list({ companies: COMPANY.c }))).toEqual([P.polar]);
      expect((await list({ companies: `${COMPANY.a},${COMPANY.b}` })).total).toBe(3);
      expect((await list({ companies: 'אין חברה כזו' })).total).toBe(0);
    });

    it('filters by the price range over each product’s cheapest offer (shekels), either order of bounds', async () => {
      expect(slugs(await list({ priceRange: '200-300' })).sort()).toEqual([P.cliffs, P.ginger].sort());
      expect(slugs(await list({ priceRange: '300-200' })).sort()).toEqual([P.cliffs, P.ginger].sort());
      expect(slugs(await list({ priceRange: '330-360' })).sort()).toEqual([P.gingerOil, P.polar].sort());
      // 280 is ginger's dearest offer, not its cheapest: not in 260–290.
      expect((await list({ priceRange: '260-290' })).total).toBe(0);
      expect((await list({ priceRange: 'cheap' })).total).toBe(4);
    });

    it('prices an out-of-stock product at its typical price when all products are listed', async () => {
      expect(slugs(await list({ inStock: 0, priceRange: '185-195' }))).toEqual([P.calm]);
      expect(slugs(await list({ inStock: 0, priceRange: '199-221' })).sort()).toEqual([P.cliffs, P.sage].sort());
    });

    it('searches names forgivingly (Hebrew with niqqud, English)', async () => {
      expect(slugs(await list({ search: 'זַנְגְּבִיל' })).sort()).toEqual([P.ginger, P.gingerOil].sort());
      expect(slugs(await list({ search: 'golan' }))).toEqual([P.cliffs]);
      expect((await list({ search: 'חברה גימל' })).total).toBe(1);
    });

    it('combines filters', async () => {
      expect(slugs(await list({ cannabisTypes: 'sativa', types: 'flower,pre-roll', priceRange: '0-300' }))).toEqual([P.ginger]);
    });
  });

  describe('facets', () => {
    it('counts every facet over the filtered set', async () => {
      const { filtersData } = await list();
      expect(facet(filtersData.types)).toEqual({ flower: 2, oil: 1, 'pre-roll': 1 });
      expect(facet(filtersData.cannabisTypes)).toEqual({ sativa: 3, indica: 1 });
      expect(facet(filtersData.dosages)).toEqual({ 'T20/C4': 2, 'T15/C3': 1, 'T22/C1': 1 });
      expect(facet(filtersData.companies)).toEqual({ [COMPANY.a]: 2, [COMPANY.b]: 1, [COMPANY.c]: 1 });
      expect(filtersData.priceRange).toEqual({ min: 200, max: 360 });
      expect(filtersData.types[0]).toEqual({ value: 'flower', count: 2 }); // most first
    });

    it('counts each facet without its own filter, but with the others', async () => {
      const { filtersData, total } = await list({ types: 'flower' });
      expect(total).toBe(2);
      expect(facet(filtersData.types)).toEqual({ flower: 2, oil: 1, 'pre-roll': 1 });
      expect(facet(filtersData.cannabisTypes)).toEqual({ sativa: 1, indica: 1 });
      expect(facet(filtersData.companies)).toEqual({ [COMPANY.a]: 1, [COMPANY.b]: 1 });

      const bySativa = await list({ cannabisTypes: 'sativa', companies: COMPANY.a });
      expect(facet(bySativa.filtersData.cannabisTypes)).toEqual({ sativa: 2 });
      expect(facet(bySativa.filtersData.companies)).toEqual({ [COMPANY.a]: 2, [COMPANY.c]: 1 });
    });

    it('lists an asked-for company the other filters leave out with 0, and never one the catalogue lacks', async () => {
      const { filtersData, total } = await list({ types: 'flower', companies: `${COMPANY.c},אין חברה כזו` });
      expect(total).toBe(0);
      expect(filtersData.companies).toEqual([{ value: COMPANY.a, count: 1 }, { value: COMPANY.b, count: 1 }, { value: COMPANY.c, count: 0 }]);
      expect(facet((await list({ search: 'זנגביל', companies: COMPANY.b })).filtersData.companies)).toEqual({ [COMPANY.a]: 2, [COMPANY.b]: 0 });
    });

    it('gives the price range of the set filtered by everything but the price', async () => {
      const { filtersData, total } = await list({ priceRange: '200-260' });
      expect(total).toBe(2);
      expect(filtersData.priceRange).toEqual({ min: 200, max: 360 });
      expect((await list({ types: 'flower', priceRange: '0-1' })).filtersData.priceRange).toEqual({ min: 200, max: 250 });
    });

    it('counts over everything with inStock=0, and has no price range when nothing matches', async () => {
      expect(facet((await list({ inStock: 0 })).filtersData.types)).toEqual({ flower: 5, oil: 1, 'pre-roll': 1 });
      expect((await list({ search: 'אין-מוצר-כזה-בכלל' })).filtersData).toEqual({ types: [], cannabisTypes: [], dosages: [], companies: [], priceRange: null });
    });
  });

  describe('sorting', () => {
    it('sorts by price, cheapest first (per gram where the pack is weighed), those in stock ahead of the rest', async () => {
      // The oil comes in millilitres: its price per gram is unknown, so it follows the packs in grams, whatever its price.
      expect(slugs(await list({ sortBy: 'price' }))).toEqual([P.cliffs, P.ginger, P.polar, P.gingerOil]);
      expect(slugs(await list({ sortBy: 'price', inStock: 0 }))).toEqual([P.cliffs, P.ginger, P.polar, P.gingerOil, P.calm, P.sage, P.amber]);
    });

    it('sorts by popularity, the editors’ popular flag first', async () => {
      expect(slugs(await list({ sortBy: 'popular' }))).toEqual([P.ginger, P.polar, P.cliffs, P.gingerOil]);
    });

    it('sorts newest first', async () => {
      expect(slugs(await list({ sortBy: 'new' }))).toEqual([P.cliffs, P.polar, P.gingerOil, P.ginger]);
      expect(slugs(await list({ sortBy: 'new', inStock: 0 })).slice(4)).toEqual([P.sage, P.calm, P.amber]);
    });

    it('sorts by "magic" by default: popularity, deals and freshness together', async () => {
      // ginger: popular and 17 % under its typical price; cliffs: new and fresh, 17 % under; the oil: an 18 % discount;
      // polar: popular enough but dearer than typical and 100 days old.
      expect(slugs(await list())).toEqual([P.ginger, P.cliffs, P.gingerOil, P.polar]);
      expect(slugs(await list({ sortBy: 'magic' }))).toEqual([P.ginger, P.cliffs, P.gingerOil, P.polar]);
      expect(slugs(await list({ sortBy: 'random' }))).toEqual([P.ginger, P.cliffs, P.gingerOil, P.polar]);
    });

    it('places firstProductSlugs first, in their order, when they pass the filters', async () => {
      expect(slugs(await list({ firstProductSlugs: `${P.polar},${P.gingerOil}` }))).toEqual([P.polar, P.gingerOil, P.ginger, P.cliffs]);
      expect(slugs(await list({ firstProductSlugs: [P.sage, P.cliffs], sortBy: 'price' }))).toEqual([P.cliffs, P.ginger, P.polar, P.gingerOil]);
      expect(slugs(await list({ firstProductSlugs: 'Not A Slug,' }))).toEqual([P.ginger, P.cliffs, P.gingerOil, P.polar]);
    });
  });

  describe('paging and bad input', () => {
    it('answers a page past the end as an empty page with the right total', async () => {
      const answer = await list({ page: 2 });
      expect(answer).toMatchObject({ products: [], total: 4, currentPage: 2, perPage: PER_PAGE.products });
      expect((await list({ page: '9999' })).products).toEqual([]);
    });

    it('ignores bad numbers and unknown values as the gateway parses them, and refuses them (400) unparsed', async () => {
      const unparsable = [{ page: 'abc' }, { page: -3 }, { page: 1.5 }, { inStock: 'maybe' }, { sortBy: 42 }, { priceRange: '1-x' }, { types: { a: 1 } }];
      for (const query of [...unparsable, { search: '' }, { search: '%_\\' }]) {
        const answer = await list(query);
        expect(answer.currentPage).toBe(1);
        expect(answer.total).toBeGreaterThanOrEqual(0);
      }
      for (const query of unparsable) {
        await expect(rpcUntyped(service.nc(), Subjects.catalog.productList, { ...parseProductListQuery({}), ...query })).rejects.toMatchObject({ status: 400 });
      }
      await expect(rpcUntyped(service.nc(), Subjects.catalog.productList, null)).rejects.toMatchObject({ status: 400 });
      expect((await list({ inStock: 'maybe' })).total).toBe(4);
    });
  });

  describe('full pages', () => {
    beforeAll(async () => {
      const data = testCatalog();
      const fillers = Array.from({ length: PER_PAGE.products + 1 }, (_, i) => ({
        ...testProducts()[6], slug: `ct-filler-${i}`, name: `מילוי ${i}`, family: null, company: 'חברת מילוי', popularity: i, tags: [],
      }));
      await loadCatalog(service.app(), { ...data, products: [...data.products, ...fillers] });
    });

    it('fills a page with exactly perPage products and puts the rest on the next one', async () => {
      const first = await list({ inStock: 0, companies: 'חברת מילוי', sortBy: 'popular' });
      expect(first.total).toBe(PER_PAGE.products + 1);
      expect(first.products).toHaveLength(PER_PAGE.products);
      expect(first.products[0].slug).toBe(`ct-filler-${PER_PAGE.products}`);
      const second = await list({ inStock: 0, companies: 'חברת מילוי', sortBy: 'popular', page: 2 });
      expect(slugs(second)).toEqual(['ct-filler-0']);
      expect((await list({ inStock: 0, companies: 'חברת מילוי', page: 3 })).products).toEqual([]);
    });
  });
});
