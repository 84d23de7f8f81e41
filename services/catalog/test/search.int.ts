import { SEARCH_LIMIT, Subjects, type SearchResponse } from '@mc/contracts';
import { rpc, rpcUntyped } from '@mc/kit/testing';
import { eventually, publishPharm } from './support';
import { P, PHARM, testPharms, useTestCatalog } from './test-catalog';

/** Each result as `product:<slug>` or `pharm:<slug>`. */
const names = (answer: SearchResponse) => answer.results.map((r) => `${r.type}:${r.data.slug}`);

describe('catalog.search.suggest', () => {
  const service = useTestCatalog();
  const search = (term: string, limit = SEARCH_LIMIT) => rpc(service.nc(), Subjects.catalog.search, { term, limit });

  it('finds a product by its Hebrew name, the better known first', async () => {
    const answer = await search('זנגביל');
    expect(names(answer)).toEqual([`product:${P.ginger}`, `product:${P.gingerOil}`]);
    expect(answer.total).toBe(2);
  });

  it('forgives niqqud', async () => {
    expect(names(await search('זַנְגְּבִיל סָגוֹל'))).toEqual([`product:${P.ginger}`, `product:${P.gingerOil}`]);
  });

  it('forgives a final letter typed as a regular one, and the reverse', async () => {
    expect(names(await search('הקוטב'))).toContain(`product:${P.polar}`);
    expect(names(await search('צוקי הגולנ'))[0]).toBe(`product:${P.cliffs}`);
    expect(names(await search('שקט לילי'))).toEqual([`product:${P.calm}`]);
    expect(names(await search('שקט לילים'))).toEqual([`product:${P.calm}`]); // a stray final mem: a typo, still found
  });

  it('forgives full and defective spelling (ו/י)', async () => {
    expect(names(await search('זנגבל סגל'))).toEqual([`product:${P.ginger}`, `product:${P.gingerOil}`]);
    expect(names(await search('זנגבייל'))).toEqual([`product:${P.ginger}`, `product:${P.gingerOil}`]);
    expect(names(await search('צקי הגלן'))[0]).toBe(`product:${P.cliffs}`);
  });

  it('forgives one wrong letter', async () => {
    expect(names(await search('זנגביק'))).toEqual([`product:${P.ginger}`, `product:${P.gingerOil}`]);
    expect(names(await search('מרווה כחולע'))).toEqual([`product:${P.sage}`]);
  });

  it('finds by the English name, in any case and with a typo', async () => {
    expect(names(await search('Purple Ginger'))).toEqual([`product:${P.ginger}`, `product:${P.gingerOil}`]);
    expect(names(await search('ginjer'))).toEqual([`product:${P.ginger}`, `product:${P.gingerOil}`]);
    expect(names(await search('golan'))).toEqual([`product:${P.cliffs}`]);
  });

  it('does not match on one right word of two', async () => {
    expect((await search('זנגביל כחולה')).total).toBe(0);
  });

  it('answers products and pharmacies together, the better match first', async () => {
    // Both names hold the term as words: an equal match, products first.
    expect(names(await search('צוקי הגולן'))).toEqual([`product:${P.cliffs}`, `pharm:${PHARM.p1}`]);
    // 'ענבר' starts the product's name and sits inside the pharmacy's word 'הענברים'.
    const amber = await search('ענבר');
    expect(names(amber)).toEqual([`product:${P.amber}`, `pharm:${PHARM.p2}`]);
    expect(amber.results[1]).toEqual({ type: 'pharm', data: { slug: PHARM.p2, name: 'פארם הענברים', city: 'אילת', address: 'שדרות התמרים 5', logo_url: '/logos/amber.png' } });
    // A pharmacy found by its name alone, and by its city.
    expect(names(await search('פארם הענברים'))).toEqual([`pharm:${PHARM.p2}`]);
    expect(names(await search('מטולה'))).toEqual([`pharm:${PHARM.p3}`]);
  });

  it('answers full products with their prices', async () => {
    const [first] = (await search('צוקי')).results;
    expect(first).toMatchObject({ type: 'product', data: { slug: P.cliffs, priceRange: { min: 200, max: 200 }, pharmProductsCount: 1, imageUrl: `/media/products/${P.cliffs}.svg` } });
  });

  it('returns at most `limit` (5 at most) results, counts every match in `total`, and refuses another limit (400)', async () => {
    const one = await search('זנגביל', 1);
    expect(names(one)).toEqual([`product:${P.ginger}`]);
    expect(one.total).toBe(2);
    // 'ct' is in every test slug but no name; 'ה' is in many names: at most 5.
    const many = await search('ה');
    expect(many.results.length).toBeLessThanOrEqual(5);
    expect(many.total).toBeGreaterThanOrEqual(many.results.length);
    for (const limit of [50, 0, 'x', undefined]) {
      await expect(rpcUntyped(service.nc(), Subjects.catalog.search, { term: 'זנגביל', limit })).rejects.toMatchObject({ status: 400 });
    }
  });

  it('answers an empty result for no match, an empty term or a bad payload', async () => {
    for (const term of ['קקקקקקק', '', '   ', '֑֑']) {
      const answer = await search(term);
      expect(answer.results.filter((r) => r.data.slug.startsWith('ct-'))).toEqual([]);
    }
    expect(await search('')).toEqual({ total: 0, results: [] });
    for (const bad of [{ term: null, limit: 5 }, { term: 42, limit: 5 }, { term: { a: 1 }, limit: 5 }, { term: 'x'.repeat(101), limit: 5 }, null]) {
      await expect(rpcUntyped(service.nc(), Subjects.catalog.search, bad)).rejects.toMatchObject({ status: 400 });
    }
  });

  it('no longer suggests a pharmacy pharm has deleted', async () => {
    const [, amber] = testPharms();
    await publishPharm(service.nc(), amber, true);
    await eventually('the pharmacy to leave the suggestions', () => search('פארם הענברים'), (a) => a.total === 0);
    await publishPharm(service.nc(), amber, false);
    await eventually('the pharmacy to come back', () => search('פארם הענברים'), (a) => a.total === 1);
  });
});
