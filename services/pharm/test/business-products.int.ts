import { randomUUID } from 'node:crypto';
import {
  BUSINESS_PAGE_SIZE, BusinessMessages, DEFAULT_PHARM_PRODUCT, Events, Messages, parseComparisonQuery, Subjects,
  type BusinessPharmProduct, type EventEnvelope, type OffersChangedEvent, type ProductChangedEvent,
} from '@mc/contracts';
import { rpcUntyped, TestIdentity, waitFor } from '@mc/kit/testing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { JSONCodec } from 'nats';
import { outbox, pharmProducts } from '../src/db/schema';
import { PharmProductsReader } from '../src/pharm-products/pharm-products.reader';
import { productEvent, usePharm } from './support';

const codec = JSONCodec();
// The test NATS may hold catalog's events of earlier suites: the products-view consumer replays them first.
const CATCH_UP_MS = 120_000;

describe('back-office products: pharm.business.* (list, get, options, create, update, remove, bump)', () => {
  const service = usePharm('pt-bp');
  const { data } = service;
  const identity = new TestIdentity();
  const one = () => data.slug('one');
  const two = () => data.slug('two');
  const p = (name: string) => data.slug(name);
  const owner = () => identity.token({ sub: '9000201', role: 'business_owner', biz: [`pharmacy:${one()}`] });
  const ownerOfTwo = () => identity.token({ sub: '9000202', role: 'business_owner', biz: [`pharmacy:${two()}`] });
  const admin = () => identity.token({ sub: '9000203', role: 'admin' });
  const patient = () => identity.token({ sub: '9000204', role: 'user' });
  const companyStaff = () => identity.token({ sub: '9000205', role: 'business_owner', biz: [`company:${data.slug('company')}`] });
  const ids = new Map<string, number>();

  /** A back-office call as `caller` (pharmacy one's owner unless told), naming pharmacy one unless the payload names another. */
  const call = <T>(subject: string, payload: Record<string, unknown>, caller: string | null = owner()) =>
    rpcUntyped<T>(service.nc(), subject, { businessId: one(), ...payload }, { caller: caller ?? undefined });
  const list = (payload: Record<string, unknown> = {}, caller?: string) =>
    call<{ pharmProducts: BusinessPharmProduct[]; total: number; perPage: number; currentPage: number }>(Subjects.pharm.businessProducts, payload, caller);
  const names = (res: { pharmProducts: BusinessPharmProduct[] }) => res.pharmProducts.map((o) => o.product.slug.replace(`${data.prefix}-`, ''));
  const edit = (row: BusinessPharmProduct, changes: Record<string, unknown>) => ({
    id: row.id, alwaysInStock: row.alwaysInStock, amount: row.amount, price: row.price, expiresAt: row.expiresAt, published: row.published,
    isNewByDefault: row.isNewByDefault, isPopularByDefault: row.isPopularByDefault, ...changes,
  });
  const getRow = async (id: number) => (await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductGet, { id })).pharmProduct;
  const eventsOf = async (offerId: number) => {
    const rows = await data.db.select().from(outbox)
      .where(and(eq(outbox.subject, Events.pharm.offersChanged), sql`${outbox.envelope} -> 'data' -> 'offers' @> ${JSON.stringify([{ pharmProductId: offerId }])}::jsonb`))
      .orderBy(outbox.id);
    return rows.map((r) => ({ sent: r.sentAt !== null, offer: (r.envelope as { data: OffersChangedEvent }).data.offers.find((o) => o.pharmProductId === offerId)! }));
  };

  beforeAll(async () => {
    identity.serveKeys(service.nc());
    await data.product('alpha', { name: 'אלפא T20/C4', hebName: 'אלפא', engName: 'Alpha Haze', thccbdDosage: 'T20/C4', estimatedPrice: 15_000 });
    await data.product('beta', { name: 'בטא T20/C4', hebName: 'בטא', engName: 'Beta Kush', thccbdDosage: 'T20/C4', estimatedPrice: 16_000, yarpaProductId: `YRP-${p('beta')}` });
    await data.product('gamma', { name: 'גמא T10/C10', hebName: 'גמא', engName: 'Gamma Balance', thccbdDosage: 'T10/C10', estimatedPrice: 12_000 });
    await data.product('delta', { name: 'דלתא', hebName: 'דלתא', engName: 'Delta Oil', thccbdDosage: null, estimatedPrice: 9_000 });
    await data.product('new-one', { name: 'חדש T15/C3', hebName: 'חדש', engName: 'Fresh Start', thccbdDosage: 'T15/C3', estimatedPrice: 20_000 });
    await data.product('unpriced', { name: 'ללא מחיר', hebName: 'ללא מחיר', engName: 'No Price', thccbdDosage: 'T5/C5', estimatedPrice: null });
    await data.product('removed', { hebName: 'הוסר', engName: 'Removed' });
    await data.applyProduct({ ...productEvent(p('removed')), estimatedPrice: 1000 }, true);
    await data.pharmacy('one');
    await data.pharmacy('two');
    for (const [slug, id] of await data.offers(one(), [
      { productSlug: p('alpha'), price: 20_000 },
      { productSlug: p('beta'), price: 21_000, originalPrice: 25_000 },
      { productSlug: p('gamma'), price: 13_000, amount: 3, expiresAt: new Date('2026-12-01T00:00:00Z') },
      { productSlug: p('delta'), price: 9_500, alwaysInStock: true },
    ])) ids.set(`one/${slug.replace(`${data.prefix}-`, '')}`, id);
    for (const [slug, id] of await data.offers(two(), [{ productSlug: p('alpha'), price: 19_000 }])) ids.set(`two/${slug.replace(`${data.prefix}-`, '')}`, id);
  });
  afterAll(() => identity.stop());

  describe('who may call', () => {
    const requests = (): [string, Record<string, unknown>][] => [
      [Subjects.pharm.businessProducts, {}],
      [Subjects.pharm.businessProductGet, { id: ids.get('one/alpha') }],
      [Subjects.pharm.businessProductOptions, {}],
      [Subjects.pharm.businessProductCreate, { ...DEFAULT_PHARM_PRODUCT, productSlug: p('new-one') }],
      [Subjects.pharm.businessProductsUpdate, { pharmProducts: [{ ...DEFAULT_PHARM_PRODUCT, id: ids.get('one/alpha') }] }],
      [Subjects.pharm.businessProductRemove, { id: ids.get('one/alpha') }],
      [Subjects.pharm.businessProductBump, { id: ids.get('one/alpha') }],
      [Subjects.pharm.businessProductConfirm, { id: ids.get('one/alpha') }],
    ];

    it('refuses every handler to an anonymous caller (401), a patient (403), another pharmacy’s owner and a company’s staff (404), and changes nothing', async () => {
      const before = await list();
      const events = (await eventsOf(ids.get('one/alpha')!)).length;
      for (const [subject, payload] of requests()) {
        await expect(call(subject, payload, null)).rejects.toMatchObject({ status: 401 });
        await expect(call(subject, payload, patient())).rejects.toMatchObject({ status: 403 });
        await expect(call(subject, payload, ownerOfTwo())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
        await expect(call(subject, payload, companyStaff())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
        // The company's staff naming their own business: it passes the guard, but it is no pharmacy.
        await expect(call(subject, { ...payload, businessId: data.slug('company') }, companyStaff())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      }
      expect(await list()).toEqual(before);
      expect(await eventsOf(ids.get('one/alpha')!)).toHaveLength(events);
    });

    it('lets an admin open any pharmacy, but answers 404 for a business that is not a pharmacy', async () => {
      expect(names(await list({}, admin()))).toContain('alpha');
      expect(names(await list({ businessId: two() }, admin()))).toEqual(['alpha']);
      await expect(list({ businessId: data.slug('nowhere') }, admin())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    });

    it("does not reach another pharmacy's offer through one's own business (404)", async () => {
      const theirs = ids.get('two/alpha')!;
      await expect(call(Subjects.pharm.businessProductGet, { id: theirs })).rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
      await expect(call(Subjects.pharm.businessProductBump, { id: theirs })).rejects.toMatchObject({ status: 404 });
      await expect(call(Subjects.pharm.businessProductRemove, { id: theirs })).rejects.toMatchObject({ status: 404 });
      expect(names(await list({ businessId: two() }, ownerOfTwo()))).toEqual(['alpha']);
    });
  });

  describe('the list', () => {
    it('orders by T/C dosage group (stronger THC first, none last), then the last bumped, then name; shows the back-office fields', async () => {
      const res = await list();
      expect(res).toMatchObject({ total: 4, perPage: BUSINESS_PAGE_SIZE.products, currentPage: 1 });
      expect(names(res)).toEqual(['alpha', 'beta', 'gamma', 'delta']);
      expect(res.pharmProducts[1]).toEqual({
        id: ids.get('one/beta'), price: 210, totalPrice: 210, originalPrice: 250, inStock: true, alwaysInStock: false, amount: 5,
        expiresAt: '2027-06-01', published: true, isNewByDefault: false, isPopularByDefault: false, isYarpaLocked: false, bumpedAt: null,
        confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        product: {
          slug: p('beta'), name: 'בטא T20/C4', shortName: null, imageUrl: `/media/products/${p('beta')}.svg`, estimatedPrice: 160, yarpaProductId: `YRP-${p('beta')}`,
          info: { hebName: 'בטא', engName: 'Beta Kush', company: null, cannabisType: 'hybrid', thccbdDosage: 'T20/C4' },
        },
      });
      expect(res.pharmProducts[2]).toMatchObject({ expiresAt: '2026-12-01', amount: 3 });
    });

    it('searches by the Hebrew or the English name, and pages', async () => {
      expect(names(await list({ search: 'גמא' }))).toEqual(['gamma']);
      expect(names(await list({ search: 'beta kush' }))).toEqual(['beta']);
      expect(await list({ search: 'zzzzqqq' })).toMatchObject({ pharmProducts: [], total: 0 });
      expect(await list({ page: 2 })).toMatchObject({ pharmProducts: [], total: 4, currentPage: 2 });
    });

    it('refuses a bad page or search with 400', async () => {
      for (const bad of [{ page: 0 }, { page: 'x' }, { page: 10_001 }, { search: 'a'.repeat(101) }, { search: 5 }, { search: 'a\u0000b' }]) {
        await expect(list(bad)).rejects.toMatchObject({ status: 400 });
      }
      await expect(call(Subjects.pharm.businessProductGet, { id: 'abc' })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    });

    it('bumps an offer to the top of its dosage group', async () => {
      const beta = ids.get('one/beta')!;
      const events = (await eventsOf(beta)).length;
      const { pharmProduct } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductBump, { id: beta });
      expect(pharmProduct.bumpedAt).not.toBeNull();
      expect(names(await list())).toEqual(['beta', 'alpha', 'gamma', 'delta']);
      // Bumping gamma moves it first in its own group only.
      await call(Subjects.pharm.businessProductBump, { id: ids.get('one/gamma') });
      expect(names(await list())).toEqual(['beta', 'alpha', 'gamma', 'delta']);
      await call(Subjects.pharm.businessProductBump, { id: ids.get('one/alpha') }, admin());
      expect(names(await list())).toEqual(['alpha', 'beta', 'gamma', 'delta']);
      // Nothing a shopper sees changed: no offers event.
      expect(await eventsOf(beta)).toHaveLength(events);
    });

    it('confirms an offer’s price and stock unchanged as of now (its event says it in stock), never another pharmacy’s or a partner-locked one', async () => {
      const beta = ids.get('one/beta')!;
      const events = (await eventsOf(beta)).length;
      const before = (await list()).pharmProducts.find((r) => r.id === beta)!;
      data.setNow('2027-01-02T03:04:05Z');
      const { pharmProduct } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductConfirm, { id: beta });
      expect(pharmProduct).toEqual({ ...before, confirmedAt: '2027-01-02T03:04:05.000Z' });
      // Catalog hears it: an offer told out of stock once it went stale is in stock again.
      const told = await eventsOf(beta);
      expect(told).toHaveLength(events + 1);
      expect(told[events].offer).toMatchObject({ pharmProductId: beta, inStock: true, deleted: false });
      await expect(call(Subjects.pharm.businessProductConfirm, { id: ids.get('two/alpha') })).rejects.toMatchObject({ status: 404 });
      const gamma = ids.get('one/gamma')!;
      await data.db.update(pharmProducts).set({ isYarpaLocked: true }).where(eq(pharmProducts.id, gamma));
      try {
        await expect(call(Subjects.pharm.businessProductConfirm, { id: gamma })).rejects.toMatchObject({ status: 400, message: BusinessMessages.partnerLocked });
      } finally {
        await data.db.update(pharmProducts).set({ isYarpaLocked: false }).where(eq(pharmProducts.id, gamma));
      }
    });
  });

  describe('the catalogue picker', () => {
    const options = (payload: Record<string, unknown> = {}) =>
      call<{ products: { slug: string; estimatedPrice: number | null }[]; total: number; perPage: number }>(
        Subjects.pharm.businessProductOptions, payload, payload.businessId === two() ? ownerOfTwo() : owner());

    it('offers catalogue products the pharmacy does not sell yet (not removed ones), searchable and paged', async () => {
      const found = async (search: string) => (await options({ search })).products.map((o) => o.slug);
      expect(await options({ search: 'fresh start' })).toMatchObject({ products: [{ slug: p('new-one'), estimatedPrice: 200 }], total: 1 });
      expect(await found('no price')).toContain(p('unpriced'));
      expect(await found('ללא מחיר')).toContain(p('unpriced'));
      // Offered already (pharmacy one sells them), or removed from the catalogue.
      expect(await found('alpha haze')).not.toContain(p('alpha'));
      expect(await found('beta kush')).not.toContain(p('beta'));
      expect(await found(p('removed'))).not.toContain(p('removed'));
      // Pharmacy two does not sell beta: its picker offers it.
      expect((await options({ search: 'beta kush', businessId: two() })).products.map((o) => o.slug)).toContain(p('beta'));
      const all = await options();
      expect(all.perPage).toBe(BUSINESS_PAGE_SIZE.productOptions);
      expect(all.products.length).toBeLessThanOrEqual(BUSINESS_PAGE_SIZE.productOptions);
    });
  });

  describe('create', () => {
    it('offers a catalogue product with spec §9’s defaults: catalogue price, always in stock, published; with its event; 409 the second time', async () => {
      const { pharmProduct } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductCreate, { ...DEFAULT_PHARM_PRODUCT, productSlug: p('new-one') });
      expect(pharmProduct).toMatchObject({
        price: 0, totalPrice: 200, alwaysInStock: true, amount: 0, inStock: true, published: true, isNewByDefault: false, isPopularByDefault: false,
        expiresAt: null, isYarpaLocked: false, product: { slug: p('new-one'), estimatedPrice: 200 },
      });
      const [event] = await eventsOf(pharmProduct.id);
      expect(event.offer).toEqual({
        pharmProductId: pharmProduct.id, productSlug: p('new-one'), pharmSlug: one(), price: 20_000, originalPrice: null, inStock: true, published: true,
        expiresAt: null, deleted: false,
      });
      await waitFor('the event to be relayed', async () => (await eventsOf(pharmProduct.id))[0].sent, { timeoutMs: 5000 });
      // The storefront's comparison shows it at once.
      const comparison = await service.app().get(PharmProductsReader).comparison(parseComparisonQuery(p('new-one'), {}));
      expect(comparison.offers.map((o) => [o.pharm.slug, o.totalPrice])).toEqual([[one(), 200]]);
      await expect(call(Subjects.pharm.businessProductCreate, { ...DEFAULT_PHARM_PRODUCT, productSlug: p('new-one') }))
        .rejects.toMatchObject({ status: 409, message: BusinessMessages.productAlreadyOffered });
    });

    it('takes an own price, a stock amount and an expiry date', async () => {
      const productSlug = p('unpriced');
      const { pharmProduct } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductCreate, {
        productSlug, alwaysInStock: false, amount: 0, price: 99.9, expiresAt: '2027-01-31', published: false, isNewByDefault: true, isPopularByDefault: true,
      });
      expect(pharmProduct).toMatchObject({ price: 99.9, totalPrice: 99.9, alwaysInStock: false, amount: 0, inStock: false, expiresAt: '2027-01-31', published: false, isNewByDefault: true, isPopularByDefault: true });
      await call(Subjects.pharm.businessProductRemove, { id: pharmProduct.id });
    });

    it('refuses bad input with spec §5’s Hebrew, an unknown or removed product with 404, and price 0 without a catalogue price', async () => {
      const create = (fields: Record<string, unknown>) => call(Subjects.pharm.businessProductCreate, { ...DEFAULT_PHARM_PRODUCT, productSlug: p('unpriced'), ...fields });
      await expect(create({ price: undefined })).rejects.toMatchObject({ status: 400, message: BusinessMessages.priceRequired });
      await expect(create({ price: '' })).rejects.toMatchObject({ status: 400, message: BusinessMessages.priceRequired });
      await expect(create({ price: -1 })).rejects.toMatchObject({ status: 400, message: BusinessMessages.priceInvalid });
      await expect(create({ price: 1.234 })).rejects.toMatchObject({ status: 400, message: BusinessMessages.priceRequired });
      await expect(create({ alwaysInStock: false, amount: undefined })).rejects.toMatchObject({ status: 400, message: BusinessMessages.stockRequired });
      await expect(create({ alwaysInStock: false, amount: -1 })).rejects.toMatchObject({ status: 400, message: BusinessMessages.stockRequired });
      await expect(create({ expiresAt: '31/01/2027' })).rejects.toMatchObject({ status: 400 });
      await expect(create({ productSlug: 'Not a slug' })).rejects.toMatchObject({ status: 400 });
      await expect(create({ price: 0 })).rejects.toMatchObject({ status: 400, message: BusinessMessages.catalogPriceMissing });
      await expect(create({ productSlug: p('no-such-product'), price: 10 })).rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
      await expect(create({ productSlug: p('removed'), price: 10 })).rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
      const offered = await data.db.select().from(pharmProducts).where(eq(pharmProducts.productSlug, p('unpriced')));
      expect(offered).toEqual([]);
    });
  });

  describe('update', () => {
    const update = (edits: Record<string, unknown>[], caller?: string) =>
      call<{ pharmProducts: BusinessPharmProduct[] }>(Subjects.pharm.businessProductsUpdate, { pharmProducts: edits }, caller);

    it('saves a list of edits and writes their events in one transaction; price 0 is the catalogue price; the amount is kept while always in stock', async () => {
      const alpha = await getRow(ids.get('one/alpha')!);
      const gamma = await getRow(ids.get('one/gamma')!);
      const before = (await eventsOf(alpha.id)).length;
      const res = await update([edit(alpha, { price: 0, published: false }), edit(gamma, { alwaysInStock: true, amount: 999, expiresAt: null })]);
      expect(res.pharmProducts.map((o) => o.id)).toEqual([alpha.id, gamma.id]);
      expect(res.pharmProducts[0]).toMatchObject({ price: 0, totalPrice: 150, published: false });
      expect(res.pharmProducts[1]).toMatchObject({ alwaysInStock: true, amount: 3, inStock: true, expiresAt: null });
      const events = await eventsOf(alpha.id);
      expect(events).toHaveLength(before + 1);
      expect(events.at(-1)!.offer).toMatchObject({ price: 15_000, published: false });
      expect((await eventsOf(gamma.id)).at(-1)!.offer).toMatchObject({ price: 13_000, expiresAt: null, inStock: true });
      // An own price again: it stops following the catalogue.
      const again = await update([edit(res.pharmProducts[0], { price: 175.5, published: true })], admin());
      expect(again.pharmProducts[0]).toMatchObject({ price: 175.5, totalPrice: 175.5, published: true });
    });

    it('ends a discount whose original price is no longer above the price', async () => {
      const beta = await getRow(ids.get('one/beta')!);
      expect(beta.originalPrice).toBe(250);
      const res = await update([edit(beta, { price: 260 })]);
      expect(res.pharmProducts[0]).toMatchObject({ price: 260, originalPrice: null });
    });

    it('writes nothing and sends no event when nothing changes', async () => {
      const delta = await getRow(ids.get('one/delta')!);
      const before = (await eventsOf(delta.id)).length;
      expect((await update([edit(delta, {})])).pharmProducts[0]).toEqual(delta);
      expect(await eventsOf(delta.id)).toHaveLength(before);
    });

    it('is all or none: an offer of another pharmacy, an unknown id, a duplicate or one bad field refuses the whole list', async () => {
      const delta = await getRow(ids.get('one/delta')!);
      const events = (await eventsOf(delta.id)).length;
      const theirs = ids.get('two/alpha')!;
      await expect(update([edit(delta, { price: 1 }), { ...edit(delta, {}), id: theirs }])).rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
      await expect(update([edit(delta, { price: 1 }), { ...edit(delta, {}), id: 2_000_000_000 }])).rejects.toMatchObject({ status: 404 });
      await expect(update([edit(delta, { price: 1 }), edit(delta, { price: 2 })])).rejects.toMatchObject({ status: 400 });
      await expect(update([edit(delta, { price: 1 }), edit(delta, { price: -5 })])).rejects.toMatchObject({ status: 400, message: BusinessMessages.priceInvalid });
      await expect(update([])).rejects.toMatchObject({ status: 400 });
      expect(await getRow(delta.id)).toEqual(delta);
      expect(await eventsOf(delta.id)).toHaveLength(events);
    });

    it('refuses a change of a partner-locked offer’s price or stock (and nothing of the list is saved), but takes its other fields', async () => {
      const gamma = await getRow(ids.get('one/gamma')!);
      const delta = await getRow(ids.get('one/delta')!);
      await data.db.update(pharmProducts).set({ isYarpaLocked: true }).where(eq(pharmProducts.id, gamma.id));
      try {
        const locked = await getRow(gamma.id);
        expect(locked.isYarpaLocked).toBe(true);
        for (const change of [{ price: 1 }, { alwaysInStock: false, amount: 7 }, { price: 0 }]) {
          await expect(update([edit(delta, { published: false }), edit(locked, change)])).rejects.toMatchObject({ status: 400, message: BusinessMessages.partnerLocked });
        }
        expect(await getRow(delta.id)).toEqual(delta);
        const res = await update([edit(locked, { published: false, expiresAt: '2027-03-01' })]);
        expect(res.pharmProducts[0]).toMatchObject({ published: false, expiresAt: '2027-03-01', price: locked.price, alwaysInStock: locked.alwaysInStock, isYarpaLocked: true });
      } finally {
        await data.db.update(pharmProducts).set({ isYarpaLocked: false }).where(eq(pharmProducts.id, gamma.id));
      }
    });

    it('refuses price 0 for a product without a catalogue price', async () => {
      const { pharmProduct } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductCreate, { ...DEFAULT_PHARM_PRODUCT, productSlug: p('unpriced'), price: 50 });
      await expect(update([edit(pharmProduct, { price: 0 })])).rejects.toMatchObject({ status: 400, message: BusinessMessages.catalogPriceMissing });
      await call(Subjects.pharm.businessProductRemove, { id: pharmProduct.id });
    });
  });

  describe('remove', () => {
    it('removes the offer with a `deleted` event, then answers 404 for it', async () => {
      const { pharmProduct } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductCreate, { ...DEFAULT_PHARM_PRODUCT, productSlug: p('unpriced'), price: 42 });
      await expect(call(Subjects.pharm.businessProductRemove, { id: pharmProduct.id })).resolves.toEqual({ ok: true });
      expect((await eventsOf(pharmProduct.id)).at(-1)!.offer).toMatchObject({ deleted: true, pharmSlug: one() });
      await expect(getRow(pharmProduct.id)).rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
      await expect(call(Subjects.pharm.businessProductRemove, { id: pharmProduct.id })).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('the catalogue price', () => {
    /** Publishes on catalog's stream, as catalog's outbox relay does. */
    const publish = async (product: ProductChangedEvent['product']) => {
      const envelope: EventEnvelope = {
        eventId: randomUUID(), type: Events.catalog.productChanged, version: 1, occurredAt: new Date().toISOString(), correlationId: 'test',
        data: { product, deleted: false } satisfies ProductChangedEvent,
      };
      await service.nc().jetstream().publish(Events.catalog.productChanged, codec.encode(envelope), { msgID: envelope.eventId });
    };
    const offerRows = (slug: string) => data.db.select().from(pharmProducts).where(and(eq(pharmProducts.productSlug, slug), inArray(pharmProducts.pharmId, sql`(SELECT id FROM pharm.pharmacies WHERE slug LIKE ${`${data.prefix}-%`})`)));

    it('moves catalogue-priced offers (only those) with the product’s new price, with their events', async () => {
      // Pharmacy one's new-one is catalogue-priced (200); pharmacy two takes it at its own price.
      const { pharmProduct: mine } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductGet, {
        id: (await offerRows(p('new-one'))).find((r) => r.catalogPrice)!.id,
      });
      expect(mine).toMatchObject({ price: 0, totalPrice: 200 });
      const { pharmProduct: theirs } = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductCreate, {
        ...DEFAULT_PHARM_PRODUCT, productSlug: p('new-one'), price: 180, businessId: two(),
      }, ownerOfTwo());
      await publish({ ...productEvent(p('new-one')), name: 'חדש T15/C3', hebName: 'חדש', engName: 'Fresh Start', thccbdDosage: 'T15/C3', estimatedPrice: 22_250 });
      await waitFor('the offer to follow the catalogue price', async () => (await getRow(mine.id)).totalPrice === 222.5, { timeoutMs: CATCH_UP_MS });
      expect(await getRow(mine.id)).toMatchObject({ price: 0, totalPrice: 222.5, product: { estimatedPrice: 222.5 } });
      expect((await eventsOf(mine.id)).at(-1)!.offer).toMatchObject({ price: 22_250, pharmSlug: one() });
      await waitFor('its event to be relayed', async () => (await eventsOf(mine.id)).at(-1)!.sent, { timeoutMs: 5000 });
      const two_ = await call<{ pharmProduct: BusinessPharmProduct }>(Subjects.pharm.businessProductGet, { id: theirs.id, businessId: two() }, ownerOfTwo());
      expect(two_.pharmProduct).toMatchObject({ price: 180, totalPrice: 180 });
    }, CATCH_UP_MS + 20_000);
  });
});
