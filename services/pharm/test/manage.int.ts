import {
  Events, ManageMessages, Messages, parseComparisonQuery, parsePharmListQuery, parsePharmProductListQuery, Subjects,
  type AddressSuggestion, type AuditRecordedEvent, type ManagedPharm, type ManagedPharmsPage, type PharmBusinessInfo, type PharmChangedEvent,
} from '@mc/contracts';
import { rpc, rpcUntyped, TestIdentity, waitFor } from '@mc/kit/testing';
import { and, eq, gt, sql } from 'drizzle-orm';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { outbox, pharmacies } from '../src/db/schema';
import { usePharm } from './support';

const codec = JSONCodec();

/** Another service's handler on `subject`, answered in Nest's framing, until stopped. */
async function serve<T>(nc: NatsConnection, subject: string, answer: (data: T) => unknown): Promise<Subscription> {
  const subscription = nc.subscribe(subject, {
    callback: (_err, msg) => {
      const packet = codec.decode(msg.data) as { id?: string; data: T };
      msg.respond(codec.encode({ response: answer(packet.data), isDisposed: true, id: packet.id }));
    },
  });
  await nc.flush();
  return subscription;
}

/** The gazetteer as the fake shipping-quote knows it: each suggestion answers any text it starts with. */
const GAZETTEER: AddressSuggestion[] = [
  { address: 'הרצל 12, חיפה', text: 'הרצל 12, חיפה', street: 'הרצל', houseNumber: '12', city: 'חיפה', lat: 32.8135, lng: 34.9985 },
  { address: 'יפו 30, ירושלים', text: 'יפו 30, ירושלים', street: 'יפו', houseNumber: '30', city: 'ירושלים', lat: 31.7833, lng: 35.2167 },
];

const HOURS = [
  { dayOfWeek: '0', opensAt: '08:00', closesAt: '20:00' },
  { dayOfWeek: '1', opensAt: '08:00:00', closesAt: '20:00' },
];

/** How soon a state change shows on every public read (the "at once"). */
const AT_ONCE_MS = 1000;

describe('the operator\'s console: pharmacies (pharm.manage.*) and their state on every public read', () => {
  const service = usePharm('pt-mg');
  const { data } = service;
  const identity = new TestIdentity();
  const ADMIN_ID = 9000701;
  const admin = () => identity.token({ sub: String(ADMIN_ID), role: 'admin' });
  const memberAdmin = () => identity.token({ sub: '9000705', role: 'admin', biz: [`pharmacy:${data.slug('fresh')}`] });
  const patient = () => identity.token({ sub: '9000702', role: 'user' });
  const owner = () => identity.token({ sub: '9000703', role: 'business_owner', biz: [`pharmacy:${data.slug('fresh')}`] });
  const companyStaff = () => identity.token({ sub: '9000704', role: 'business_owner', biz: ['company:pt-mg-company'] });
  let gazetteer: Subscription;

  const call = <T>(subject: string, payload: unknown, caller: string | null = admin()) =>
    rpcUntyped<T>(service.nc(), subject, payload, { caller: caller ?? undefined });
  const onboard = (fields: Record<string, unknown>, caller: string | null = admin()) => call<ManagedPharm>(Subjects.pharm.manageOnboard, {
    name: `פארם ${data.prefix} חדש`, slug: data.slug('fresh'), licenceNumber: '12-345', address: 'הרצל 12, חיפה', phoneNumber: '04-8123456',
    whatsappNumber: '', orderEmail: 'orders@fresh.pharm.test', shipping: 'free', openingHours: HOURS, partnerCode: '', ...fields,
  }, caller);
  const update = (slug: string, fields: Record<string, unknown>, caller: string | null = admin()) =>
    call<ManagedPharm>(Subjects.pharm.manageUpdate, { slug, ...fields }, caller);
  const lastOutboxId = async () => (await data.db.select({ v: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox))[0].v;
  const eventsSince = async <T>(subject: string, since: number, slug: string): Promise<T[]> => (await data.db.select().from(outbox)
    .where(and(eq(outbox.subject, subject), gt(outbox.id, since), sql`(${outbox.envelope} -> 'data' ->> 'targetId' = ${slug} OR ${outbox.envelope} -> 'data' -> 'pharm' ->> 'slug' = ${slug})`))
    .orderBy(outbox.id)).map((r) => (r.envelope as { data: T }).data);

  beforeAll(async () => {
    await identity.serveKeys(service.nc());
    gazetteer = await serve<{ text: string }>(service.nc(), Subjects.shippingQuote.addressSearch, ({ text }) => {
      return { results: GAZETTEER.filter((s) => s.address.startsWith(text)) };
    });
    await data.pharmacy('synced', { partnerCode: 'ZQ-PARTNER-77', name: `פארם ${data.prefix} מסונכרן` });
  });
  afterAll(() => {
    gazetteer?.unsubscribe();
    identity.stop();
  });

  describe('who may', () => {
    it('lets only an admin call each subject: anonymous 401, patient, owner and company staff 403', async () => {
      const calls: [string, unknown][] = [
        [Subjects.pharm.manageList, {}],
        [Subjects.pharm.manageGet, { slug: data.slug('synced') }],
        [Subjects.pharm.manageOnboard, { slug: data.slug('refused') }],
        [Subjects.pharm.manageUpdate, { slug: data.slug('synced'), state: 'suspended' }],
      ];
      for (const [subject, payload] of calls) {
        await expect(call(subject, payload, null)).rejects.toMatchObject({ status: 401 });
        for (const caller of [patient(), owner(), companyStaff()]) await expect(call(subject, payload, caller)).rejects.toMatchObject({ status: 403 });
      }
      expect((await call<ManagedPharm>(Subjects.pharm.manageGet, { slug: data.slug('synced') })).state).toBe('live');
      expect((await data.db.select().from(pharmacies).where(eq(pharmacies.slug, data.slug('synced'))))[0].state).toBe('live');
    });
  });

  describe('onboarding', () => {
    it('refuses an address the gazetteer does not suggest word for word (400), a taken slug and a taken partner code (409)', async () => {
      for (const address of ['הרצל 99, חיפה', 'הרצל 12', 'רחוב שאינו קיים']) {
        await expect(onboard({ address })).rejects.toMatchObject({ status: 400, message: ManageMessages.addressNotFound });
      }
      await expect(onboard({ slug: data.slug('synced') })).rejects.toMatchObject({ status: 409, message: ManageMessages.slugTaken });
      await expect(onboard({ partnerCode: 'ZQ-PARTNER-77' })).rejects.toMatchObject({ status: 409, message: ManageMessages.partnerCodeTaken });
      await expect(onboard({ slug: 'Not A Slug' })).rejects.toMatchObject({ status: 400, message: ManageMessages.slugInvalid });
      await expect(onboard({ licenceNumber: 'abc' })).rejects.toMatchObject({ status: 400, message: ManageMessages.licenceInvalid });
      expect(await data.db.select().from(pharmacies).where(eq(pharmacies.slug, data.slug('fresh')))).toEqual([]);
    });

    it('adds a pharmacy in onboarding, placed by the gazetteer, hidden from patients, with its record and catalog\'s copy told deleted', async () => {
      const since = await lastOutboxId();
      const made = await onboard({});
      expect(made).toMatchObject({
        slug: data.slug('fresh'), state: 'onboarding', licenceNumber: '12-345', address: 'הרצל 12, חיפה', city: 'חיפה', lat: 32.8135, lng: 34.9985,
        phone: '04-8123456', whatsapp: null, orderEmail: 'orders@fresh.pharm.test', shipping: 'free', partnerCode: null, offersCount: 0,
        openingHours: { 0: [{ opensAt: '08:00', closesAt: '20:00' }], 1: [{ opensAt: '08:00', closesAt: '20:00' }] },
      });
      const [row] = await data.db.select().from(pharmacies).where(eq(pharmacies.slug, data.slug('fresh')));
      expect(row).toMatchObject({ address: 'הרצל 12', city: 'חיפה', district: 'חיפה', wazeAddress: 'הרצל 12, חיפה', isOnboard: true });
      const audit = await eventsSince<AuditRecordedEvent>(Events.pharm.auditRecorded, since, data.slug('fresh'));
      expect(audit).toEqual([expect.objectContaining({
        action: 'pharm.onboarded', actorId: ADMIN_ID, targetKind: 'pharmacy', targetId: data.slug('fresh'), targetLabel: made.name,
        after: expect.objectContaining({ state: 'onboarding', licenceNumber: '12-345', address: 'הרצל 12, חיפה' }),
      })]);
      expect(await eventsSince<PharmChangedEvent>(Events.pharm.pharmChanged, since, data.slug('fresh'))).toEqual([expect.objectContaining({ deleted: true })]);
      await expect(rpc(service.nc(), Subjects.pharm.pharmGet, { slug: data.slug('fresh') })).rejects.toMatchObject({ status: 404, message: Messages.pharmNotFound });
    });

    it('lists every pharmacy in any state, searched by name, slug or partner code, filtered by state', async () => {
      const list = (request: Record<string, unknown>) => call<ManagedPharmsPage>(Subjects.pharm.manageList, request);
      const slugs = (page: ManagedPharmsPage) => page.pharms.map((p) => p.slug).sort();
      expect(slugs(await list({ search: data.prefix }))).toEqual([data.slug('fresh'), data.slug('synced')]);
      expect(slugs(await list({ search: 'ZQ-PARTNER-77' }))).toEqual([data.slug('synced')]);
      expect(slugs(await list({ search: 'zq-partner-77' }))).toEqual([data.slug('synced')]);
      expect(slugs(await list({ search: data.prefix, state: 'onboarding' }))).toEqual([data.slug('fresh')]);
      expect(slugs(await list({ search: data.prefix, state: 'live' }))).toEqual([data.slug('synced')]);
      expect(await list({ search: data.prefix, page: 2 })).toMatchObject({ pharms: [], total: 2, perPage: 20, currentPage: 2 });
      await expect(list({ state: 'closed' })).rejects.toMatchObject({ status: 400, message: ManageMessages.invalidState });
      await expect(call(Subjects.pharm.manageGet, { slug: data.slug('nowhere') })).rejects.toMatchObject({ status: 404, message: ManageMessages.pharmNotFound });
    });
  });

  describe('the state on every public read', () => {
    const slug = () => data.slug('fresh');
    let product: string;
    let offerId: number;
    const publicReads = async () => {
      const probes = {
        page: rpc(service.nc(), Subjects.pharm.pharmGet, { slug: slug() }).then(() => true, () => false),
        slides: rpc(service.nc(), Subjects.pharm.slideList, { slug: slug() }).then(() => true, () => false),
        list: rpc(service.nc(), Subjects.pharm.pharmList, parsePharmListQuery({ search: `פארם ${data.prefix} חדש` })).then((r) => r.pharms.some((p) => p.slug === slug())),
        products: rpc(service.nc(), Subjects.pharm.pharmProductList, { ...parsePharmProductListQuery({}), slug: slug() }).then((r) => r.total > 0, () => false),
        offer: rpc(service.nc(), Subjects.pharm.pharmProductGet, { slug: slug(), id: offerId }).then(() => true, () => false),
        comparison: rpc(service.nc(), Subjects.pharm.comparisonList, parseComparisonQuery(product, { sortBy: 'price' })).then((r) => r.offers.some((o) => o.pharm.slug === slug()), () => false),
        discounts: rpc(service.nc(), Subjects.pharm.discountList, parsePharmProductListQuery({ sortBy: 'price', search: product })).then((r) => r.pharmProducts.some((o) => o.id === offerId)),
        sitemap: rpc(service.nc(), Subjects.pharm.sitemapGet, {}).then((r) => r.pharms.some((p) => p.slug === slug())),
        coupon: rpc(service.nc(), Subjects.pharm.couponGet, { code: 'PTMGSAVE' }).then(() => true, () => false),
        cart: rpc(service.nc(), Subjects.pharm.cartResolve, { cartItems: [{ pharmProductId: offerId, amount: 1 }] }).then((r) => r.items[0].pharmProduct !== null),
        checkout: rpc(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: [offerId] }).then((r) => r.offers[0]?.published === true),
      };
      return Object.fromEntries(await Promise.all(Object.entries(probes).map(async ([k, v]) => [k, await v]))) as Record<keyof typeof probes, boolean>;
    };
    const everywhere = (shown: boolean) => (reads: Record<string, boolean>) => Object.values(reads).every((v) => v === shown);
    /** Changes the state and measures how long until every public read agrees. */
    const setState = async (state: string, shown: boolean) => {
      const since = await lastOutboxId();
      const started = Date.now();
      expect(await update(slug(), { state })).toMatchObject({ state });
      await waitFor(`every public read ${shown ? 'showing' : 'hiding'} it`, publicReads, { until: everywhere(shown), timeoutMs: AT_ONCE_MS * 3 });
      expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
      return since;
    };

    beforeAll(async () => {
      product = await data.product('kush');
      // The owner's first offer and a coupon, while the pharmacy is onboarding (with a discount badge, for the discounts list).
      offerId = (await data.offers(slug(), [{ productSlug: product, price: 9_000, originalPrice: 12_000 }])).get(product)!;
      await data.discounts(slug(), [{ code: 'PTMGSAVE', type: 'coupon', amountType: 'percent', amount: 10 }]);
    });

    it('keeps an onboarding pharmacy and its offers off every public read, and nothing of it can be ordered', async () => {
      expect(await publicReads()).toEqual({
        page: false, slides: false, list: false, products: false, offer: false, comparison: false, discounts: false, sitemap: false,
        coupon: false, cart: false, checkout: false,
      });
      const { offers, pharms } = await rpc(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: [offerId] });
      expect(offers).toEqual([expect.objectContaining({ pharmProductId: offerId, published: false })]);
      expect(pharms.map((p) => p.slug)).toEqual([slug()]);
      expect((await call<ManagedPharm>(Subjects.pharm.manageGet, { slug: slug() })).offersCount).toBe(1);
      // Still a pharmacy to the services' check that a business is one (order's back office, the gateway's shipments).
      expect((await rpc(service.nc(), Subjects.pharm.pharmGet, { slug: slug(), anyState: true })).pharm.slug).toBe(slug());
      await expect(rpc(service.nc(), Subjects.pharm.pharmGet, { slug: data.slug('nowhere'), anyState: true })).rejects.toMatchObject({ status: 404 });
    });

    it('shows it everywhere within a second of being made live, with the record and catalog told', async () => {
      const since = await setState('live', true);
      expect(await eventsSince<AuditRecordedEvent>(Events.pharm.auditRecorded, since, slug())).toEqual([expect.objectContaining({
        action: 'pharm.state-changed', actorId: ADMIN_ID, before: { state: 'onboarding' }, after: { state: 'live' },
      })]);
      expect(await eventsSince<PharmChangedEvent>(Events.pharm.pharmChanged, since, slug())).toEqual([expect.objectContaining({ deleted: false })]);
    });

    it('hides a suspended pharmacy everywhere within a second, while its owner keeps the back office', async () => {
      const since = await setState('suspended', false);
      expect(await eventsSince<AuditRecordedEvent>(Events.pharm.auditRecorded, since, slug())).toEqual([expect.objectContaining({
        action: 'pharm.state-changed', actorId: ADMIN_ID, before: { state: 'live' }, after: { state: 'suspended' },
      })]);
      expect(await eventsSince<PharmChangedEvent>(Events.pharm.pharmChanged, since, slug())).toEqual([expect.objectContaining({ deleted: true })]);
      const info = await call<PharmBusinessInfo>(Subjects.pharm.businessGet, { businessId: slug() }, owner());
      expect(info).toMatchObject({ state: 'suspended', productsTotals: { totalCount: 1 } });
      await call(Subjects.pharm.businessUpdate, { businessId: slug(), name: `פארם ${data.prefix} חדש`, phoneNumber: '04-8123457' }, owner());
      // The owner's change tells catalog again, still as deleted: a suspended pharmacy is not brought back by its owner.
      expect((await eventsSince<PharmChangedEvent>(Events.pharm.pharmChanged, since, slug())).map((e) => e.deleted)).toEqual([true, true]);
      expect((await publicReads()).page).toBe(false);
    });

    it('brings it back when made live again', async () => {
      await setState('live', true);
    });
  });

  describe('changes', () => {
    it('changes fields, moving the place by the gazetteer, and records only what changed', async () => {
      const since = await lastOutboxId();
      const changed = await update(data.slug('fresh'), { address: 'יפו 30, ירושלים', shipping: 'paid', licenceNumber: '12-345', partnerCode: 'PT-MG-2' });
      expect(changed).toMatchObject({ address: 'יפו 30, ירושלים', city: 'ירושלים', lat: 31.7833, shipping: 'paid', partnerCode: 'PT-MG-2', state: 'live' });
      const [row] = await data.db.select().from(pharmacies).where(eq(pharmacies.slug, data.slug('fresh')));
      expect(row).toMatchObject({ address: 'יפו 30', district: 'ירושלים', wazeAddress: 'יפו 30, ירושלים' });
      const audit = await eventsSince<AuditRecordedEvent>(Events.pharm.auditRecorded, since, data.slug('fresh'));
      expect(audit).toEqual([expect.objectContaining({
        action: 'pharm.updated', actorId: ADMIN_ID,
        before: { address: 'הרצל 12, חיפה', shipping: 'free', partnerCode: null },
        after: { address: 'יפו 30, ירושלים', shipping: 'paid', partnerCode: 'PT-MG-2' },
      })]);
      const again = await lastOutboxId();
      await update(data.slug('fresh'), { address: 'יפו 30, ירושלים', shipping: 'paid' });
      expect(await lastOutboxId()).toBe(again); // nothing changed, nothing written
    });

    it('refuses another pharmacy\'s partner code (409), an unknown address (400) and an unknown pharmacy (404)', async () => {
      await expect(update(data.slug('fresh'), { partnerCode: 'ZQ-PARTNER-77' })).rejects.toMatchObject({ status: 409, message: ManageMessages.partnerCodeTaken });
      await expect(update(data.slug('fresh'), { address: 'נעלם 1, חיפה' })).rejects.toMatchObject({ status: 400, message: ManageMessages.addressNotFound });
      await expect(update(data.slug('nowhere'), { state: 'live' })).rejects.toMatchObject({ status: 404, message: ManageMessages.pharmNotFound });
      await expect(update(data.slug('fresh'), { state: 'gone' })).rejects.toMatchObject({ status: 400, message: ManageMessages.invalidState });
    });
  });

  describe('the back office opened by an admin', () => {
    it('records an admin who is not a member opening a pharmacy\'s back office, and no one else', async () => {
      const since = await lastOutboxId();
      await call(Subjects.pharm.businessGet, { businessId: data.slug('synced') }, admin());
      await call(Subjects.pharm.businessGet, { businessId: data.slug('fresh') }, owner());
      await call(Subjects.pharm.businessGet, { businessId: data.slug('fresh') }, memberAdmin());
      const opened = await eventsSince<AuditRecordedEvent>(Events.pharm.auditRecorded, since, data.slug('synced'));
      expect(opened).toEqual([expect.objectContaining({
        action: 'business.opened', actorId: ADMIN_ID, targetKind: 'pharmacy', targetId: data.slug('synced'), targetLabel: `פארם ${data.prefix} מסונכרן`,
      })]);
      expect(await eventsSince(Events.pharm.auditRecorded, since, data.slug('fresh'))).toEqual([]);
    });
  });
});
