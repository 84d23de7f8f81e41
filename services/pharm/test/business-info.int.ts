import {
  BusinessMessages, DASHBOARD_LIST_SIZE, Events, Messages, Subjects, type PharmBusinessInfo, type PharmDetailResponse,
} from '@mc/contracts';
import { rpc, rpcUntyped, TestIdentity } from '@mc/kit/testing';
import { and, eq, gt, sql } from 'drizzle-orm';
import { outbox, pharmacies, pharmProducts } from '../src/db/schema';
import { ISRAEL_WINTER as T, REGULAR_HOURS, usePharm } from './support';

describe('the back office: pharmacy info and opening hours (pharm.business.*)', () => {
  const service = usePharm('pt-bi');
  const { data } = service;
  const identity = new TestIdentity();
  const owner = () => identity.token({ sub: '9000201', role: 'business_owner', biz: [`pharmacy:${data.slug('one')}`] });
  const ownerOfTwo = () => identity.token({ sub: '9000202', role: 'business_owner', biz: [`pharmacy:${data.slug('two')}`] });
  const admin = () => identity.token({ sub: '9000203', role: 'admin' });
  const patient = () => identity.token({ sub: '9000204', role: 'user' });
  /** `caller` null: anonymous. */
  const get = (caller: string | null = owner(), businessId = data.slug('one')) =>
    rpcUntyped<PharmBusinessInfo>(service.nc(), Subjects.pharm.businessGet, { businessId }, { caller: caller ?? undefined });
  const update = (body: Record<string, unknown>, caller: string | null = owner()) =>
    rpcUntyped(service.nc(), Subjects.pharm.businessUpdate, { businessId: data.slug('one'), ...body }, { caller: caller ?? undefined });
  const hours = (openingHours: unknown, caller: string | null = owner(), businessId = data.slug('one')) =>
    rpcUntyped<{ openingHours: Record<string, { opensAt: string; closesAt: string }[]> }>(
      service.nc(), Subjects.pharm.businessHoursUpdate, { businessId, openingHours }, { caller: caller ?? undefined });
  const publicPage = (slug = data.slug('one')) => rpc(service.nc(), Subjects.pharm.pharmGet, { slug }) as Promise<PharmDetailResponse>;
  const lastOutboxId = async () => (await data.db.select({ v: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox))[0].v;
  const pharmEvents = async (since: number) => (await data.db.select().from(outbox)
    .where(and(eq(outbox.subject, Events.pharm.pharmChanged), gt(outbox.id, since), sql`${outbox.envelope} -> 'data' -> 'pharm' ->> 'slug' = ${data.slug('one')}`)));
  const VALID = { name: 'בית מרקחת אחד', phoneNumber: '03-5551234', whatsappNumber: '0505551234', wazeAddress: 'הרצל 1 תל אביב' };

  beforeAll(async () => {
    await identity.serveKeys(service.nc());
    const a = await data.product('a');
    const b = await data.product('b', { name: 'מוצר בית', engName: 'B Flower' });
    const c = await data.product('c');
    const d = await data.product('d');
    await data.pharmacy('one', { openingHours: REGULAR_HOURS });
    await data.pharmacy('two');
    await data.offers(data.slug('one'), [
      { productSlug: a, price: 10_000 },
      { productSlug: b, price: 12_050, inStock: false, amount: 0 },
      { productSlug: c, price: 9_000, inStock: false, amount: 0, published: false },
      { productSlug: d, price: 8_000, inStock: false, amount: 0, expiresAt: new Date('2027-01-10T22:30:00Z') },
    ]);
  });
  afterAll(() => identity.stop());

  describe('who may', () => {
    it('refuses an anonymous caller (401), a patient (403) and the owner of another pharmacy (404), on every subject', async () => {
      for (const call of [(c: string | null) => get(c), (c: string | null) => update(VALID, c), (c: string | null) => hours([], c)]) {
        await expect(call(null)).rejects.toMatchObject({ status: 401 });
        await expect(call(patient())).rejects.toMatchObject({ status: 403 });
        await expect(call(ownerOfTwo())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      }
      expect((await get(owner())).business.name).toBe(`בית מרקחת ${data.slug('one')}`);
    });

    it('lets an admin open any pharmacy, and answers 404 for a slug that is no pharmacy (or not a slug)', async () => {
      expect((await get(admin(), data.slug('two'))).business.slug).toBe(data.slug('two'));
      await expect(get(admin(), data.slug('nowhere'))).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      await expect(hours([], admin(), data.slug('nowhere'))).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      // Not even a slug: refused by validation, in the same words.
      await expect(get(admin(), 'Not A Slug!')).rejects.toMatchObject({ message: Messages.businessNotFound });
    });
  });

  describe('pharm.business.get', () => {
    it('answers the card, the hours, the published out-of-stock offers (back-office rows) and the product count', async () => {
      const info = await get();
      expect(info.business).toEqual({
        slug: data.slug('one'), name: `בית מרקחת ${data.slug('one')}`, address: 'הרצל 1', city: 'תל אביב-יפו', logoUrl: null,
        phoneNumber: '03-5550000', whatsappNumber: '050-5550000', wazeAddress: 'הרצל 1, תל אביב-יפו',
      });
      expect(info.openingHours).toEqual(REGULAR_HOURS);
      expect(info.productsTotals).toEqual({ totalCount: 4 });
      expect(info.stockoutProducts.map((p) => p.product.slug).sort()).toEqual([data.slug('b'), data.slug('d')]);
      const b = info.stockoutProducts.find((p) => p.product.slug === data.slug('b'))!;
      expect(b).toMatchObject({ price: 120.5, totalPrice: 120.5, inStock: false, published: true, amount: 0, originalPrice: null, isYarpaLocked: false });
      expect(b.product).toMatchObject({ name: 'מוצר בית', info: { engName: 'B Flower', thccbdDosage: 'T10/C10' } });
      // Midnight in Israel is the evening before in UTC: the date is Israel's.
      expect(info.stockoutProducts.find((p) => p.product.slug === data.slug('d'))!.expiresAt).toBe('2027-01-11');
    });

    it('tells a partner-synced pharmacy its partner code and when the partner’s feed last changed it; others null', async () => {
      expect(await get()).toMatchObject({ partnerCode: null, partnerFeedAt: null });
      const partnerCode = `PT-BI-${Date.now()}`;
      await data.pharmacy('synced', { partnerCode });
      const caller = admin();
      expect(await get(caller, data.slug('synced'))).toMatchObject({ partnerCode, partnerFeedAt: null });
      // The partner's feed worker stamps the pharmacy as it applies a feed.
      await data.db.update(pharmacies).set({ partnerFeedAt: new Date('2026-11-28T08:05:00Z') }).where(eq(pharmacies.slug, data.slug('synced')));
      expect(await get(caller, data.slug('synced'))).toMatchObject({ partnerCode, partnerFeedAt: '2026-11-28T08:05:00.000Z' });
      // One pharmacy per partner code.
      await expect(data.pharmacy('synced-again', { partnerCode })).rejects.toThrow();
    });

    it(`lists at most ${DASHBOARD_LIST_SIZE} out-of-stock offers`, async () => {
      const slugs = await Promise.all(Array.from({ length: DASHBOARD_LIST_SIZE + 2 }, (_, i) => data.product(`many-${i}`)));
      await data.pharmacy('many');
      await data.offers(data.slug('many'), slugs.map((productSlug) => ({ productSlug, price: 1000, inStock: false, amount: 0 })));
      const info = await get(admin(), data.slug('many'));
      expect(info.stockoutProducts).toHaveLength(DASHBOARD_LIST_SIZE);
      expect(info.productsTotals.totalCount).toBe(DASHBOARD_LIST_SIZE + 2);
    });
  });

  describe('pharm.business.get: offers waiting for a confirm (staleProducts)', () => {
    const NOW = '2026-11-23T10:00:00Z';
    const HOUR = 3_600_000;
    const ago = (hours: number) => new Date(Date.parse(NOW) - hours * HOUR);
    let ids: Map<string, number>;

    beforeAll(async () => {
      const slugs = await Promise.all(['fresh', 'due', 'edge', 'stale', 'older', 'hidden', 'sold-out'].map((n) => data.product(`conf-${n}`)));
      await data.pharmacy('conf');
      ids = await data.offers(data.slug('conf'), slugs.map((productSlug, i) => ({
        productSlug, price: 5_000 + i * 100, published: !productSlug.endsWith('hidden'), ...(productSlug.endsWith('sold-out') ? { inStock: false, amount: 0 } : {}),
      })));
      const confirmedAt: Record<string, Date> = {
        fresh: ago(47), due: ago(60), edge: ago(48), stale: ago(80), older: ago(200), hidden: ago(300), 'sold-out': ago(72),
      };
      for (const [name, at] of Object.entries(confirmedAt)) {
        await data.db.update(pharmProducts).set({ confirmedAt: at }).where(eq(pharmProducts.id, ids.get(data.slug(`conf-${name}`))!));
      }
    });
    afterEach(() => jest.restoreAllMocks());

    it('lists the published offers confirmed 48 hours ago or more, the oldest first, flagging those stale at the moment asked', async () => {
      data.setNow(NOW);
      const info = await get(admin(), data.slug('conf'));
      expect(info.staleProducts.map((p) => ({ slug: p.product.slug, stale: p.stale, confirmedAt: p.confirmedAt }))).toEqual([
        { slug: data.slug('conf-older'), stale: true, confirmedAt: ago(200).toISOString() },
        { slug: data.slug('conf-stale'), stale: true, confirmedAt: ago(80).toISOString() },
        // Exactly 72 hours is still fresh (isOfferStale), and an out-of-stock offer is listed too: its "out of stock" needs confirming as well.
        { slug: data.slug('conf-sold-out'), stale: false, confirmedAt: ago(72).toISOString() },
        { slug: data.slug('conf-due'), stale: false, confirmedAt: ago(60).toISOString() },
        { slug: data.slug('conf-edge'), stale: false, confirmedAt: ago(48).toISOString() },
      ]);
      // The row the products page shows, so the dashboard can name it, price it and confirm it.
      expect(info.staleProducts[0]).toMatchObject({ id: ids.get(data.slug('conf-older')), published: true, price: 54, totalPrice: 54, product: { name: expect.any(String) } });
    });

    it('judges at the service clock: an hour on, the 47-hour offer is due and the 72-hour one stale', async () => {
      data.setNow(new Date(Date.parse(NOW) + HOUR).toISOString());
      const info = await get(admin(), data.slug('conf'));
      expect(info.staleProducts.map((p) => [p.product.slug, p.stale])).toEqual([
        [data.slug('conf-older'), true], [data.slug('conf-stale'), true], [data.slug('conf-sold-out'), true],
        [data.slug('conf-due'), false], [data.slug('conf-edge'), false], [data.slug('conf-fresh'), false],
      ]);
    });

    it('drops an offer once confirmed, and answers none for a pharmacy whose offers are all fresh', async () => {
      data.setNow(NOW);
      await rpcUntyped(service.nc(), Subjects.pharm.businessProductConfirm, { businessId: data.slug('conf'), id: ids.get(data.slug('conf-stale')) }, { caller: admin() });
      const info = await get(admin(), data.slug('conf'));
      expect(info.staleProducts.map((p) => p.product.slug)).not.toContain(data.slug('conf-stale'));
      expect(info.staleProducts).toHaveLength(4);
      expect((await get(admin(), data.slug('one'))).staleProducts).toEqual([]);
    });

    it(`lists at most ${DASHBOARD_LIST_SIZE}`, async () => {
      data.setNow(new Date(Date.now() + 100 * HOUR).toISOString());
      expect((await get(admin(), data.slug('many'))).staleProducts).toHaveLength(DASHBOARD_LIST_SIZE);
    });
  });

  describe('pharm.business.update', () => {
    afterAll(() => update({ name: `בית מרקחת ${data.slug('one')}`, phoneNumber: '03-5550000', whatsappNumber: '050-5550000', wazeAddress: 'הרצל 1, תל אביב-יפו' }));

    it('saves name, phone, WhatsApp and Waze (not the address), tells the public side, and the public page shows it', async () => {
      const since = await lastOutboxId();
      const card = await update({ ...VALID, address: 'רחוב אחר 5', city: 'אילת' });
      expect(card).toMatchObject({ ...VALID, address: 'הרצל 1', city: 'תל אביב-יפו' });
      expect(await pharmEvents(since)).toHaveLength(1);
      expect((await publicPage()).pharm).toMatchObject({ name: VALID.name, address: 'הרצל 1' });
      const [row] = await data.db.select().from(pharmacies).where(eq(pharmacies.slug, data.slug('one')));
      expect(row.searchText).toContain('אחד');
      // The same again changes nothing and tells no one.
      const again = await lastOutboxId();
      await update(VALID);
      expect(await pharmEvents(again)).toHaveLength(0);
    });

    it('clears WhatsApp and Waze when emptied', async () => {
      expect(await update({ ...VALID, whatsappNumber: '', wazeAddress: null })).toMatchObject({ whatsappNumber: null, wazeAddress: null });
    });

    it("refuses a missing name or phone with 'שדה חובה', a bad phone, and changes nothing", async () => {
      const before = await get();
      await expect(update({ ...VALID, name: '  ' })).rejects.toMatchObject({ status: 400, message: BusinessMessages.required });
      await expect(update({ ...VALID, phoneNumber: '' })).rejects.toMatchObject({ status: 400, message: BusinessMessages.required });
      await expect(update({ ...VALID, phoneNumber: '12345' })).rejects.toMatchObject({ status: 400, message: Messages.invalidPhone });
      await expect(update({ ...VALID, whatsappNumber: 'abc' })).rejects.toMatchObject({ status: 400, message: Messages.invalidPhone });
      expect((await get()).business).toEqual(before.business);
    });
  });

  describe('pharm.business.hours-update', () => {
    afterAll(() => data.pharmacy('one', { openingHours: REGULAR_HOURS }));

    it('stores the flat list as the week (HH:mm, slots in order, closed days left out) and tells the public side', async () => {
      const since = await lastOutboxId();
      const saved = await hours([
        { dayOfWeek: '0', opensAt: '16:00:00', closesAt: '20:00:00' },
        { dayOfWeek: '0', opensAt: '08:00', closesAt: '14:00' },
        { dayOfWeek: '3', opensAt: '20:00', closesAt: '02:00' },
      ]);
      expect(saved.openingHours).toEqual({
        0: [{ opensAt: '08:00', closesAt: '14:00' }, { opensAt: '16:00', closesAt: '20:00' }],
        3: [{ opensAt: '20:00', closesAt: '02:00' }],
      });
      expect((await get()).openingHours).toEqual(saved.openingHours);
      expect(await pharmEvents(since)).toHaveLength(1);
    });

    it("changes 'open now' on the public page at once, a slot closing before it opens passing midnight", async () => {
      data.setNow(T.mondayNoon);
      await hours([{ dayOfWeek: '1', opensAt: '09:00', closesAt: '18:00' }]);
      expect((await publicPage()).pharm.isOpen).toBe(true);
      await hours([{ dayOfWeek: '1', opensAt: '13:00', closesAt: '18:00' }]);
      expect((await publicPage()).pharm.isOpen).toBe(false);
      data.setNow(T.tuesdayAfterMidnight);
      await hours([{ dayOfWeek: '1', opensAt: '20:00', closesAt: '01:00' }]);
      expect((await publicPage()).pharm.isOpen).toBe(true);
      await hours([]);
      expect((await publicPage()).pharm.isOpen).toBe(false);
      expect((await get()).openingHours).toEqual({});
    });

    it("refuses a slot without its times ('שדה חובה'), a bad weekday or a malformed list, and changes nothing", async () => {
      await hours([{ dayOfWeek: '2', opensAt: '10:00', closesAt: '12:00' }]);
      await expect(hours([{ dayOfWeek: '2', opensAt: '', closesAt: '12:00' }])).rejects.toMatchObject({ status: 400, message: BusinessMessages.required });
      await expect(hours([{ dayOfWeek: '2', opensAt: '10:00' }])).rejects.toMatchObject({ status: 400, message: BusinessMessages.required });
      await expect(hours([{ dayOfWeek: '2', opensAt: '25:00', closesAt: '12:00' }])).rejects.toMatchObject({ status: 400 });
      await expect(hours([{ dayOfWeek: '7', opensAt: '10:00', closesAt: '12:00' }])).rejects.toMatchObject({ status: 400, message: Messages.badRequest });
      await expect(hours([{ dayOfWeek: 2, opensAt: '10:00', closesAt: '12:00' }])).rejects.toMatchObject({ status: 400 });
      await expect(hours('all day')).rejects.toMatchObject({ status: 400 });
      await expect(hours(Array.from({ length: 43 }, () => ({ dayOfWeek: '2', opensAt: '10:00', closesAt: '12:00' })))).rejects.toMatchObject({ status: 400 });
      expect((await get()).openingHours).toEqual({ 2: [{ opensAt: '10:00', closesAt: '12:00' }] });
    });
  });
});
