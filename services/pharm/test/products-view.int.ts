import { randomUUID } from 'node:crypto';
import {
  Events, Messages, parseComparisonQuery, parsePharmListQuery, parsePharmProductListQuery, Subjects,
  type EventEnvelope, type ProductChangedEvent,
} from '@mc/contracts';
import { rpc, waitFor } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { JSONCodec } from 'nats';
import { productsView } from '../src/db/schema';
import { PharmProductsReader } from '../src/pharm-products/pharm-products.reader';
import { PharmsReader } from '../src/pharms/pharms.reader';
import { productEvent, usePharm } from './support';

const codec = JSONCodec();
// The test NATS keeps catalog's events of every earlier run: a new durable (or one behind) replays them first.
const CATCH_UP_MS = 120_000;
jest.setTimeout(CATCH_UP_MS + 10_000);

describe('products view: pharm’s copy of the catalogue, fed by evt.catalog.product.changed', () => {
  const service = usePharm('pt-pv');
  const { data } = service;

  /** Publishes on catalog's stream, as catalog's outbox relay does. */
  const publish = async (data: unknown, occurredAt: Date) => {
    const envelope: EventEnvelope = { eventId: randomUUID(), type: Events.catalog.productChanged, version: 1, occurredAt: occurredAt.toISOString(), correlationId: 'test', data };
    await service.nc().jetstream().publish(Events.catalog.productChanged, codec.encode(envelope), { msgID: envelope.eventId });
  };
  const row = async (slug: string) => (await data.db.select().from(productsView).where(eq(productsView.slug, slug)))[0];
  const caughtUp = { timeoutMs: CATCH_UP_MS };
  const changed = (slug: string, fields: Partial<ProductChangedEvent['product']> = {}, deleted = false): ProductChangedEvent =>
    ({ product: { ...productEvent(slug), ...fields }, deleted });

  it('copies a product with its dosage, tags and search text, and applies a newer change', async () => {
    const slug = data.slug('kush');
    const t0 = new Date(Date.now() - 60_000);
    await publish(changed(slug, { name: 'קוש הגליל T22/C1', hebName: 'קוש הגליל', engName: 'Galilee Kush', thccbdDosage: 'T22/C1', company: 'חברה', cannabisType: 'indica', family: 'kush', isPopular: true, tags: [{ slug: 'indica', name: 'אינדיקה' }] }), t0);
    await waitFor('the product', async () => !!(await row(slug)), caughtUp);
    expect(await row(slug)).toMatchObject({
      name: 'קוש הגליל T22/C1', hebName: 'קוש הגליל', engName: 'Galilee Kush', dosage: 'T22/C1', thc: 22, cbd: 1, cannabisType: 'indica', family: 'kush',
      isPopular: true, tags: [{ slug: 'indica', name: 'אינדיקה' }], deleted: false, sourceAt: t0,
    });
    expect((await row(slug)).searchText).toContain('galilee kush');

    const t1 = new Date(t0.getTime() + 1000);
    await publish(changed(slug, { name: 'קוש הגליל החדש', thccbdDosage: 'T20/C2' }), t1);
    await waitFor('the newer change', async () => (await row(slug)).sourceAt.getTime() === t1.getTime(), caughtUp);
    expect(await row(slug)).toMatchObject({ name: 'קוש הגליל החדש', dosage: 'T20/C2', thc: 20, cbd: 2 });
  });

  it('copies the partner’s product id, keeps it through an event that does not tell it, and drops it when catalog does', async () => {
    const slug = data.slug('partnered');
    const partnerId = `YRP-${slug}`;
    const t0 = new Date(Date.now() - 30_000);
    await publish(changed(slug, { yarpaProductId: partnerId }), t0);
    await waitFor('the product', async () => !!(await row(slug)), caughtUp);
    expect((await row(slug)).yarpaProductId).toBe(partnerId);

    // An event of a catalog from before the field (no yarpaProductId at all): the known id stays.
    const t1 = new Date(t0.getTime() + 1000);
    await publish(changed(slug, { name: 'שם חדש' }), t1);
    await waitFor('the event without the id', async () => (await row(slug)).sourceAt.getTime() === t1.getTime(), caughtUp);
    expect(await row(slug)).toMatchObject({ name: 'שם חדש', yarpaProductId: partnerId });

    const t2 = new Date(t1.getTime() + 1000);
    await publish(changed(slug, { yarpaProductId: null }), t2);
    await waitFor('the id dropped', async () => (await row(slug)).sourceAt.getTime() === t2.getTime(), caughtUp);
    expect((await row(slug)).yarpaProductId).toBeNull();
  });

  it('keeps a partner id on one product as catalog moves it, in whatever order the events come', async () => {
    const [a, b] = [data.slug('moved-from'), data.slug('moved-to')];
    const partnerId = `YRP-${a}`;
    const at = (s: number) => new Date(Date.parse('2026-11-28T08:00:00Z') + s * 1000);
    const ids = async () => [(await row(a))?.yarpaProductId ?? null, (await row(b))?.yarpaProductId ?? null];

    expect(await data.applyProduct({ ...productEvent(a), yarpaProductId: partnerId }, false, at(1))).toBe('applied');
    // Catalog moved the id to b (b's event is newer): a gives it up, though a's own event saying so has not come yet.
    expect(await data.applyProduct({ ...productEvent(b), yarpaProductId: partnerId }, false, at(3))).toBe('applied');
    expect(await ids()).toEqual([null, partnerId]);
    // a's event from between (still naming the id) comes late: b's newer claim keeps it.
    expect(await data.applyProduct({ ...productEvent(a), yarpaProductId: partnerId }, false, at(2))).toBe('applied');
    expect(await ids()).toEqual([null, partnerId]);
    // b deleted: its tombstone holds no id, and a may take it again.
    expect(await data.applyProduct({ ...productEvent(b), yarpaProductId: partnerId }, true, at(4))).toBe('applied');
    expect(await ids()).toEqual([null, null]);
    expect(await data.applyProduct({ ...productEvent(a), yarpaProductId: partnerId }, false, at(5))).toBe('applied');
    expect(await ids()).toEqual([partnerId, null]);
    // Still one product per id, as the unique index wants.
    await expect(data.db.update(productsView).set({ yarpaProductId: partnerId }).where(eq(productsView.slug, b))).rejects.toThrow();
  });

  it('ignores an event older than the change applied last, and skips one it cannot read without stopping', async () => {
    const slug = data.slug('order');
    const now = Date.now();
    await publish(changed(slug, { name: 'חדש' }), new Date(now));
    await waitFor('the product', async () => !!(await row(slug)), caughtUp);
    await publish(changed(slug, { name: 'ישן' }), new Date(now - 5000));
    await publish({ product: { slug: 'Not A Slug!' }, deleted: 'no' }, new Date(now));
    const marker = data.slug('marker');
    await publish(changed(marker), new Date(now));
    await waitFor('the events after them', async () => !!(await row(marker)), caughtUp);
    expect((await row(slug)).name).toBe('חדש');
  });

  it('keeps a deleted product as a tombstone: its offers leave every list and the comparison answers 404', async () => {
    const slug = await data.product('retired');
    const pharm = await data.pharmacy('seller');
    await data.offers(pharm, [{ productSlug: slug, price: 20000 }]);
    const reader = service.app().get(PharmProductsReader);
    expect((await reader.list({ ...parsePharmProductListQuery({}), slug: pharm })).total).toBe(1);
    const selling = { ...parsePharmListQuery({ hasPharmProducts: '1' }), tag: data.tag };
    expect((await service.app().get(PharmsReader).list(selling)).total).toBe(1);

    await publish(changed(slug, {}, true), new Date(Date.now() + 1000));
    await waitFor('the tombstone', async () => (await row(slug)).deleted, caughtUp);
    expect((await reader.list({ ...parsePharmProductListQuery({}), slug: pharm })).total).toBe(0);
    await expect(rpc(service.nc(), Subjects.pharm.comparisonList, parseComparisonQuery(slug, { sortBy: 'price' }))).rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
    // The directory sees it within a second (its fingerprint follows the view): the pharmacy sells nothing now.
    await waitFor('the directory', async () => (await service.app().get(PharmsReader).list(selling)).total === 0, { timeoutMs: 3000 });
    const all = await rpc(service.nc(), Subjects.pharm.pharmList, { ...parsePharmListQuery({}), tag: data.tag });
    expect(all.total).toBe(1);
  });
});
