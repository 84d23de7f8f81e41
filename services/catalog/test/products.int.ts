import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  Events, MAX_RELATED, Messages, RELATED_SIZE, streamName, Subjects,
  type EventEnvelope, type ProductChangedEvent,
} from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, rpcUntyped, waitFor } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { DeliverPolicy, JSONCodec } from 'nats';
import { products as productsTable } from '../src/db/schema';
import { ProductsWriter } from '../src/products/products.writer';
import { P, testProducts, useTestCatalog } from './test-catalog';

describe('catalog.product.get', () => {
  const service = useTestCatalog();
  const get = (slug: string) => rpc(service.nc(), Subjects.catalog.productGet, { slug });
  /**
   * The first `product changed` event relayed since `since` that `wanted` picks: other suites' saves may
   * be relayed in the same window (a whole demo catalogue, after the seed suite), so it reads on until found.
   */
  const nextEvent = async (since: Date, wanted: (event: ProductChangedEvent) => boolean): Promise<ProductChangedEvent | undefined> => {
    const consumer = await service.nc().jetstream().consumers.get(streamName('catalog'), { filterSubjects: Events.catalog.productChanged, deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() });
    const codec = JSONCodec<EventEnvelope<ProductChangedEvent>>();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const message = await consumer.next({ expires: 5000 });
      if (!message) continue;
      const envelope = codec.decode(message.data);
      expect(envelope).toMatchObject({ type: Events.catalog.productChanged, version: 1 });
      // The stream's start time is when the relay published; an older event (the seed's) may be published after `since`.
      if (new Date(envelope.occurredAt) >= since && wanted(envelope.data)) return envelope.data;
    }
    return undefined;
  };

  it('answers a product with every field, its variants, offer statistics and tags', async () => {
    const { product, tags } = await get(P.ginger);
    expect(product).toEqual({
      name: 'זנגביל סגול T20/C4',
      slug: P.ginger,
      shortName: 'זנגביל סגול',
      type: 'flower',
      imageUrl: `/media/products/${P.ginger}.svg`,
      media: [{ isPrimary: true, type: 'image', url: `/media/products/${P.ginger}.svg` }],
      sizeQuantity: 10,
      sizeUnit: 'גרם',
      estimated_price: 300,
      yarpaProductId: 'CT-YRP-GINGER',
      priceRange: { min: 250, max: 280 },
      pharmProductsCount: 2,
      maxExpiresAt: '2027-06-30T00:00:00.000Z',
      isPopular: true,
      isNew: false,
      variants: [{ slug: P.gingerOil, name: 'שמן זנגביל סגול T20/C4', short_name: 'זנגביל סגול', imageUrl: `/media/products/${P.gingerOil}.svg` }],
      info: {
        hebName: 'זנגביל סגול',
        engName: 'Purple Ginger',
        company: 'חברה אלף',
        companySlug: 'ct-alef',
        cannabisType: 'sativa',
        thccbdDosage: 'T20/C4',
        effects: ['אנרגיה', 'מצב רוח'],
        tastes: ['הדרים'],
        terpenes: ['Limonene', 'Pinene'],
        originCountry: 'ישראל',
        sterilizationMethod: 'קרינת בטא',
        growingFacility: 'חממה',
        originSpecie: 'Sour Diesel, Haze',
        pesticideMethod: 'organic',
        microbialLoad: 'cold_plasma',
        moistureTest: 'lod',
      },
      supply: null,
    });
    expect(tags).toEqual([{ name: 'ליום (בדיקה)', slug: 'ct-day' }, { name: 'סאטיבה (בדיקה)', slug: 'ct-sativa' }]);
  });

  it('answers a product nobody offers with its typical price and no range', async () => {
    const { product, tags } = await get(P.amber);
    expect(product).toMatchObject({ priceRange: null, pharmProductsCount: 0, maxExpiresAt: null, estimated_price: 280, yarpaProductId: null, variants: [] });
    // A company named by its name alone (no record): the name, no slug.
    expect(product.info).toMatchObject({ company: 'חברה אלף', companySlug: null });
    expect(tags).toEqual([{ name: 'סאטיבה (בדיקה)', slug: 'ct-sativa' }]);
  });

  it('answers 404 with a Hebrew message for an unknown slug', async () => {
    await expect(get('no-such-product')).rejects.toEqual({ status: 404, code: 'NOT_FOUND', message: Messages.productNotFound });
  });

  it('answers 400 with the spec message for a malformed slug, never a 500', async () => {
    for (const slug of ['Bad Slug', '', '../etc']) {
      await expect(get(slug)).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    }
    for (const slug of [42, null]) {
      await expect(rpcUntyped(service.nc(), Subjects.catalog.productGet, { slug })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    }
    await expect(rpcUntyped(service.nc(), Subjects.catalog.productGet, null)).rejects.toMatchObject({ status: 400 });
  });

  it('publishes `product changed` with the product and its tags through the outbox when a product changes, and nothing when it does not', async () => {
    const products = service.app().get(ProductsWriter);
    const input = testProducts().find((p) => p.slug === P.cliffs)!;
    expect(await products.upsert(input)).toBe(false); // unchanged: no write, no event
    const started = new Date();
    expect(await products.upsert({ ...input, isPopular: true, tags: ['ct-day'] })).toBe(true);
    const event = await nextEvent(started, (e) => e.product?.slug === P.cliffs);
    const [{ id }] = await service.app().get<Database>(DATABASE).select({ id: productsTable.id }).from(productsTable).where(eq(productsTable.slug, P.cliffs));
    expect(event).toEqual({
      product: {
        id, slug: P.cliffs, name: 'צוקי הגולן T15/C3', shortName: 'צוקי הגולן', type: 'flower', imageUrl: `/media/products/${P.cliffs}.svg`,
        hebName: 'צוקי הגולן', engName: 'Golan Cliffs', company: 'חברה בית', companySlug: 'ct-bet', cannabisType: 'indica', thccbdDosage: 'T15/C3',
        family: 'ct-cliffs', isPopular: true, isNew: true, tags: [{ slug: 'ct-day', name: 'ליום (בדיקה)' }], estimatedPrice: 24_000,
        sizeQuantity: 10, sizeUnit: 'גרם', yarpaProductId: 'CT-YRP-CLIFFS',
      },
      deleted: false,
    });
    expect((await get(P.cliffs)).tags).toEqual([{ slug: 'ct-day', name: 'ליום (בדיקה)' }]);
    await products.upsert(input);
  }, 30_000);

  it('carries the catalogue price (agorot, or null) in `product changed`, so pharm’s catalogue-priced offers follow it', async () => {
    const products = service.app().get(ProductsWriter);
    const input = testProducts().find((p) => p.slug === P.cliffs)!;
    try {
      let started = new Date();
      expect(await products.upsert({ ...input, estimatedPrice: 25_550 })).toBe(true);
      expect(await nextEvent(started, (e) => e.product?.slug === P.cliffs)).toMatchObject({ product: { slug: P.cliffs, estimatedPrice: 25_550 }, deleted: false });
      expect((await get(P.cliffs)).product.estimated_price).toBe(255.5);
      started = new Date();
      expect(await products.upsert({ ...input, estimatedPrice: null })).toBe(true);
      expect(await nextEvent(started, (e) => e.product?.slug === P.cliffs)).toMatchObject({ product: { slug: P.cliffs, estimatedPrice: null } });
    } finally {
      await products.upsert(input);
    }
  }, 45_000);

  it('carries the partner’s product id in `product changed` and in the product, one product per id', async () => {
    const products = service.app().get(ProductsWriter);
    const input = testProducts().find((p) => p.slug === P.cliffs)!;
    try {
      let started = new Date();
      expect(await products.upsert({ ...input, yarpaProductId: 'CT-YRP-CLIFFS-2' })).toBe(true);
      expect(await nextEvent(started, (e) => e.product?.slug === P.cliffs)).toMatchObject({ product: { slug: P.cliffs, yarpaProductId: 'CT-YRP-CLIFFS-2' } });
      expect((await get(P.cliffs)).product.yarpaProductId).toBe('CT-YRP-CLIFFS-2');
      started = new Date();
      expect(await products.upsert({ ...input, yarpaProductId: null })).toBe(true);
      expect(await nextEvent(started, (e) => e.product?.slug === P.cliffs)).toMatchObject({ product: { slug: P.cliffs, yarpaProductId: null } });
      // Another product's id, or one the pattern refuses: nothing written.
      await expect(products.upsert({ ...input, yarpaProductId: 'CT-YRP-GINGER' })).rejects.toThrow();
      await expect(products.upsert({ ...input, yarpaProductId: 'has spaces' })).rejects.toThrow('bad partner product id');
      // The read follows the change feed: within moments, not necessarily at the next read.
      await waitFor('the product without a partner id', () => get(P.cliffs), { until: (p) => p.product.yarpaProductId === null });
    } finally {
      await products.upsert(input);
    }
    await waitFor('the product with its partner id again', () => get(P.cliffs), { until: (p) => p.product.yarpaProductId === 'CT-YRP-CLIFFS' });
  }, 45_000);

  it('publishes a deleted product as `deleted`', async () => {
    const products = service.app().get(ProductsWriter);
    const input = { ...testProducts()[0], slug: 'ct-short-lived', family: null, yarpaProductId: null, tags: [] };
    await products.upsert(input);
    const started = new Date();
    expect(await products.remove('ct-short-lived')).toBe(true);
    expect(await nextEvent(started, (e) => e.product?.slug === 'ct-short-lived' && e.deleted)).toMatchObject({ product: { slug: 'ct-short-lived' }, deleted: true });
    await expect(get('ct-short-lived')).rejects.toMatchObject({ status: 404 });
  }, 30_000);
});

describe('catalog.product.related', () => {
  const service = useTestCatalog();
  const related = (request: { slug: string; size?: number }) => rpc(service.nc(), Subjects.catalog.productRelated, { size: RELATED_SIZE, ...request });

  it('answers other strains, in stock first, then the same form, cannabis type and the closest dosage', async () => {
    // ginger (sativa flower T20/C4): its own oil variant is left out; in stock: cliffs (flower) before polar (pre-roll);
    // then out of stock by dosage distance: amber T18/C3, sage T10/C10, calm T1/C20.
    expect((await related({ slug: P.ginger, size: 5 })).related.map((p) => p.slug)).toEqual([P.cliffs, P.polar, P.amber, P.sage, P.calm]);
  });

  it('answers `size` of them (the storefront asks for three), and 400 for a size outside 1 to MAX_RELATED', async () => {
    expect((await related({ slug: P.ginger, size: RELATED_SIZE })).related.map((p) => p.slug)).toEqual([P.cliffs, P.polar, P.amber]);
    expect((await related({ slug: P.ginger, size: 1 })).related.map((p) => p.slug)).toEqual([P.cliffs]);
    for (const size of ['lots', 0, MAX_RELATED + 1, undefined]) {
      await expect(rpcUntyped(service.nc(), Subjects.catalog.productRelated, { slug: P.ginger, size })).rejects.toMatchObject({ status: 400 });
    }
  });

  it('answers full products', async () => {
    const [first] = (await related({ slug: P.ginger, size: 1 })).related;
    expect(first).toMatchObject({ slug: P.cliffs, priceRange: { min: 200, max: 200 }, pharmProductsCount: 1, info: { hebName: 'צוקי הגולן' } });
  });

  it('answers 404 for an unknown product and 400 for a malformed slug', async () => {
    await expect(related({ slug: 'no-such-product' })).rejects.toEqual({ status: 404, code: 'NOT_FOUND', message: Messages.productNotFound });
    await expect(related({ slug: 'Bad Slug' })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    await expect(rpcUntyped(service.nc(), Subjects.catalog.productRelated, null)).rejects.toMatchObject({ status: 400 });
  });
});

describe('catalog start-up', () => {
  it('refuses to start on a bad environment value, naming it', () => {
    const main = join(__dirname, '../dist/main.js');
    const result = spawnSync(process.execPath, [main], { env: { ...process.env, NATS_URL: 'http://wrong' }, encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('NATS_URL');
  });
});
