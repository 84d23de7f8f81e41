import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Events, Messages, streamName, Subjects, type EventEnvelope, type ProductDetailResponse } from '@mc/contracts';
import { rpc, useService } from '@mc/kit/testing';
import { DeliverPolicy, JSONCodec } from 'nats';
import { ProductsService } from '../src/products/products.service';
import { FIXTURE_PRODUCTS } from '../src/seed/fixture-products';
import { catalogService } from '../src/service';

describe('catalog.product.get', () => {
  const service = useService(catalogService);

  beforeAll(async () => {
    const products = service.app().get(ProductsService);
    for (const product of FIXTURE_PRODUCTS) await products.upsert(product);
  });

  it('answers a seeded product with its Hebrew name and tags', async () => {
    const answer = await rpc<ProductDetailResponse>(service.nc(), Subjects.catalog.productGet, { slug: 'dr-green-t20-c4' });
    expect(answer.product).toMatchObject({
      slug: 'dr-green-t20-c4',
      name: 'דוקטור גרין T20/C4',
      info: { hebName: 'דוקטור גרין', engName: 'Dr. Green', cannabisType: 'sativa', thccbdDosage: 'T20/C4' },
    });
    expect(answer.tags.map((t) => t.slug).sort()).toEqual(['high-thc', 'sativa']);
  });

  it('answers 404 with a Hebrew message for an unknown slug', async () => {
    await expect(rpc(service.nc(), Subjects.catalog.productGet, { slug: 'no-such-product' }))
      .rejects.toEqual({ status: 404, code: 'NOT_FOUND', message: Messages.productNotFound });
  });

  it('answers 400 with the spec message for a malformed slug, never a 500', async () => {
    for (const slug of ['Bad Slug', '', '../etc', 42, null]) {
      await expect(rpc(service.nc(), Subjects.catalog.productGet, { slug })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    }
    await expect(rpc(service.nc(), Subjects.catalog.productGet, null)).rejects.toMatchObject({ status: 400 });
  });

  it('publishes `product changed` through the outbox when a product is saved', async () => {
    const products = service.app().get(ProductsService);
    const started = new Date();
    await products.upsert({ ...FIXTURE_PRODUCTS[1], isPopular: true });
    const js = service.nc().jetstream();
    const consumer = await js.consumers.get(streamName('catalog'), { filterSubjects: Events.catalog.productChanged, deliver_policy: DeliverPolicy.StartTime, opt_start_time: started.toISOString() });
    // Other saves of this suite may be relayed in the same window: look for this product's event among them.
    const codec = JSONCodec<EventEnvelope<{ slug: string }>>();
    let event: EventEnvelope<{ slug: string }> | undefined;
    for (let i = 0; i < FIXTURE_PRODUCTS.length + 1 && !event; i++) {
      const message = await consumer.next({ expires: 5000 });
      if (!message) break;
      const decoded = codec.decode(message.data);
      if (decoded.data.slug === FIXTURE_PRODUCTS[1].slug) event = decoded;
    }
    expect(event).toMatchObject({ type: Events.catalog.productChanged, version: 1, data: { slug: FIXTURE_PRODUCTS[1].slug } });
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
