import { parseProductListQuery, Subjects, type Product, type ProductListResponse } from '@mc/contracts';
import { rpc } from '@mc/kit/testing';
import { OFFERS_CONSUMER } from '../src/events/read-models.consumers';
import { eventually, offer, publishOffers, publishPharm, publishPharmEvent } from './support';
import { EXPIRES, P, PHARM, testOffers, testPharms, useTestCatalog } from './test-catalog';

describe('read model of pharm’s offers and pharmacies', () => {
  const service = useTestCatalog();
  const list = (query: Record<string, unknown> = {}) => rpc(service.nc(), Subjects.catalog.productList, parseProductListQuery(query));
  const product = async (slug: string): Promise<Product> => (await rpc(service.nc(), Subjects.catalog.productGet, { slug })).product;
  const inList = (answer: ProductListResponse, slug: string) => answer.products.find((p) => p.slug === slug);
  const handled = async (eventId: string) =>
    (await service.sql('SELECT 1 FROM catalog.inbox WHERE consumer = $1 AND event_id = $2', [OFFERS_CONSUMER, eventId])).length === 1;

  /** Back to the offers and pharmacies of the test catalogue. */
  afterEach(async () => {
    const at = new Date();
    for (const pharm of testPharms()) await publishPharm(service.nc(), pharm, false, at);
    const envelope = await publishOffers(service.nc(), testOffers(), at);
    // Generous: a message handed to another suite's consumer just as it stopped comes back after the ack wait (30 s).
    await eventually('the test offers to be restored', () => handled(envelope.eventId), Boolean, 45_000);
    await eventually('the pharmacies to be restored', () => product(P.polar), (p) => p.pharmProductsCount === 2, 45_000);
  }, 60_000);

  it('shows a price change in lists and in search within 1 s', async () => {
    const started = Date.now();
    await publishOffers(service.nc(), [offer(4, P.cliffs, PHARM.p1, 170)]);
    await eventually('the new price in the list', () => list(), (a) => inList(a, P.cliffs)?.priceRange?.min === 170, 1000);
    await eventually('the new price in search', () => rpc(service.nc(), Subjects.catalog.search, { term: 'צוקי', limit: 5 }),
      (a) => a.results.some((r) => r.type === 'product' && r.data.slug === P.cliffs && r.data.priceRange?.min === 170), 1000 - (Date.now() - started));
    expect(Date.now() - started).toBeLessThan(1000);
    // The cheaper price also moves it in the price order and into a lower price filter.
    expect((await list({ sortBy: 'price' })).products[0].slug).toBe(P.cliffs);
    expect((await list({ priceRange: '160-180' })).products.map((p) => p.slug)).toEqual([P.cliffs]);
  });

  it('shows a stock change within 1 s: out of stock leaves the default list, back in stock returns', async () => {
    await publishOffers(service.nc(), [offer(4, P.cliffs, PHARM.p1, 200, { inStock: false })]);
    await eventually('the product to leave the in-stock list', () => list(), (a) => a.total === 3 && !inList(a, P.cliffs), 1000);
    expect(await product(P.cliffs)).toMatchObject({ priceRange: null, pharmProductsCount: 0 });
    await publishOffers(service.nc(), [offer(4, P.cliffs, PHARM.p1, 200)]);
    await eventually('the product to come back', () => list(), (a) => a.total === 4, 1000);
  });

  it('counts only published, in-stock offers of pharmacies that exist, and keeps the latest expiry', async () => {
    const pharms = testPharms();
    await publishOffers(service.nc(), [offer(9, P.ginger, PHARM.p3, 270, { expiresAt: '2028-01-01T00:00:00.000Z' })]);
    await eventually('a third pharmacy', () => product(P.ginger), (p) => p.pharmProductsCount === 3);
    expect(await product(P.ginger)).toMatchObject({ priceRange: { min: 250, max: 280 }, maxExpiresAt: '2028-01-01T00:00:00.000Z' });

    await publishPharm(service.nc(), pharms[2], true); // pharm deletes ct-pharm-three
    await eventually('the deleted pharmacy to stop counting', () => product(P.ginger), (p) => p.pharmProductsCount === 2);
    expect(await product(P.ginger)).toMatchObject({ maxExpiresAt: EXPIRES.later });
    expect(await product(P.polar)).toMatchObject({ priceRange: { min: 360, max: 360 }, pharmProductsCount: 1 });

    await publishOffers(service.nc(), [offer(1, P.ginger, PHARM.p1, 250, { deleted: true }), offer(9, P.ginger, PHARM.p3, 270, { deleted: true })]);
    await eventually('a deleted offer to stop counting', () => product(P.ginger), (p) => p.pharmProductsCount === 1);
    expect(await product(P.ginger)).toMatchObject({ priceRange: { min: 280, max: 280 } });

    await publishOffers(service.nc(), [offer(2, P.ginger, PHARM.p2, 280, { published: false })]);
    await eventually('an unpublished offer to stop counting', () => product(P.ginger), (p) => p.pharmProductsCount === 0 && p.priceRange === null && p.maxExpiresAt === null);
  });

  it('leaves a pharmacy pharm no longer shows (suspended) out of the figures and search within 1 s, and takes it back when live again', async () => {
    const amber = testPharms().find((p) => p.slug === PHARM.p2)!;
    const suggested = async () => (await rpc(service.nc(), Subjects.catalog.search, { term: 'פארם הענברים', limit: 5 }))
      .results.some((r) => r.type === 'pharm' && r.data.slug === PHARM.p2);
    expect(await product(P.ginger)).toMatchObject({ pharmProductsCount: 2, priceRange: { min: 250, max: 280 } });
    expect(await suggested()).toBe(true);

    let started = Date.now();
    await publishPharm(service.nc(), amber, true);
    await eventually('its offers to stop counting', () => product(P.ginger), (p) => p.pharmProductsCount === 1 && p.priceRange?.max === 250, 1000);
    await eventually('it to leave search', suggested, (found) => !found, Math.max(1, 1000 - (Date.now() - started)));
    expect(Date.now() - started).toBeLessThan(1000);

    started = Date.now();
    await publishPharm(service.nc(), amber, false);
    await eventually('its offers to count again', () => product(P.ginger), (p) => p.pharmProductsCount === 2 && p.priceRange?.max === 280, 1000);
    await eventually('it to be suggested again', suggested, Boolean, Math.max(1, 1000 - (Date.now() - started)));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('ignores a snapshot older than the one applied', async () => {
    const stale = await publishOffers(service.nc(), [offer(4, P.cliffs, PHARM.p1, 999)], new Date(Date.now() - 3600_000));
    await eventually('the stale event to be handled', () => handled(stale.eventId), Boolean);
    expect((await product(P.cliffs)).priceRange).toEqual({ min: 200, max: 200 });
  });

  it('applies the valid offers of an event and skips what cannot be an offer', async () => {
    const event = await publishPharmEvent(service.nc(), 'evt.pharm.offers.changed', {
      offers: [{ pharmProductId: 'x' }, null, { ...offer(4, P.cliffs, PHARM.p1, 190), price: -5 }, offer(7, P.polar, PHARM.p2, 355)],
    });
    await eventually('the event to be handled', () => handled(event.eventId), Boolean);
    expect((await product(P.polar)).priceRange).toEqual({ min: 355, max: 400 });
    expect((await product(P.cliffs)).priceRange).toEqual({ min: 200, max: 200 });
  });

  it('moves the discount into the default order', async () => {
    // polar at 200 was 360: a 44 % discount and 43 % under its typical price lifts it above the oil.
    await publishOffers(service.nc(), [offer(7, P.polar, PHARM.p2, 200, { originalPrice: 36_000 })]);
    await eventually('the discount to lift polar', () => list(), (a) => a.products.findIndex((p) => p.slug === P.polar) < a.products.findIndex((p) => p.slug === P.gingerOil), 1000);
  });
});
