import { BUSINESS_PAGE_SIZE, BusinessMessages, Messages, Subjects, type BusinessAnnouncement, type BusinessAnnouncementsPage } from '@mc/contracts';
import { rpcUntyped, TestIdentity } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { announcements, pharmacies } from '../src/db/schema';
import { PharmsReader } from '../src/pharms/pharms.reader';
import { usePharm } from './support';

const DAY_MS = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

describe('pharm: announcements in the back office', () => {
  const service = usePharm('pt-ann');
  const { data } = service;
  const identity = new TestIdentity();
  const one = () => data.slug('one');
  const two = () => data.slug('two');
  const ownerOfOne = () => identity.token({ sub: '9000201', role: 'business_owner', biz: [`pharmacy:${one()}`] });
  const ownerOfTwo = () => identity.token({ sub: '9000202', role: 'business_owner', biz: [`pharmacy:${two()}`] });
  const admin = () => identity.token({ sub: '9000203', role: 'admin' });
  const patient = () => identity.token({ sub: '9000204', role: 'user' });

  /** A request as the gateway sends it: pharmacy one's owner, pharmacy one, unless told otherwise. */
  const call = <T>(subject: string, payload: Record<string, unknown>, caller: string | null = ownerOfOne()) =>
    rpcUntyped<T>(service.nc(), subject, { businessId: one(), ...payload }, { caller: caller ?? undefined });
  const fields = (over: Record<string, unknown> = {}) => ({
    name: 'שעות חג', content: 'בערב החג נסגור בשעה 14:00', published: true, startDate: at(-1), endDate: at(30), ...over,
  });
  const create = (over: Record<string, unknown> = {}, caller?: string | null) =>
    call<{ announcement: BusinessAnnouncement }>(Subjects.pharm.businessAnnouncementCreate, fields(over), caller).then((r) => r.announcement);
  const update = (id: number, over: Record<string, unknown> = {}, caller?: string | null) =>
    call<{ announcement: BusinessAnnouncement }>(Subjects.pharm.businessAnnouncementUpdate, { id, ...fields(over) }, caller).then((r) => r.announcement);
  const list = (page?: number, caller?: string | null, businessId = one()) =>
    call<BusinessAnnouncementsPage>(Subjects.pharm.businessAnnouncements, { businessId, ...(page === undefined ? {} : { page }) }, caller);
  const publicPage = async (slug = one()) => (await service.app().get(PharmsReader).get({ slug })).announcements.map((a) => a.content);
  const rowsOf = async (slug: string) => {
    const [pharm] = await data.db.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.slug, slug));
    return data.db.select().from(announcements).where(eq(announcements.pharmId, pharm.id));
  };

  beforeAll(async () => {
    await identity.serveKeys(service.nc());
    await data.pharmacy('one');
    await data.pharmacy('two');
  });
  afterAll(() => identity.stop());

  describe('who may', () => {
    it('refuses an anonymous caller (401), one who manages no business (403), another pharmacy’s owner (404), and writes nothing', async () => {
      const before = (await rowsOf(one())).length;
      await expect(create({}, null)).rejects.toMatchObject({ status: 401 });
      await expect(create({}, patient())).rejects.toMatchObject({ status: 403 });
      await expect(create({}, ownerOfTwo())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      await expect(list(undefined, null)).rejects.toMatchObject({ status: 401 });
      await expect(list(undefined, patient())).rejects.toMatchObject({ status: 403 });
      await expect(list(undefined, ownerOfTwo())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      expect(await rowsOf(one())).toHaveLength(before);
    });

    it('lets an admin manage any pharmacy, but answers 404 for a business that is not a pharmacy', async () => {
      const made = await create({ name: 'מנהל' }, admin());
      expect((await list(undefined, admin())).announcements.map((a) => a.id)).toContain(made.id);
      await expect(list(undefined, admin(), data.slug('nowhere'))).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      await expect(call(Subjects.pharm.businessAnnouncementCreate, { ...fields(), businessId: data.slug('nowhere') }, admin()))
        .rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      await call(Subjects.pharm.businessAnnouncementRemove, { id: made.id }, admin());
    });

    it('never reaches another pharmacy’s announcement through one’s own business', async () => {
      const ofTwo = await call<{ announcement: BusinessAnnouncement }>(Subjects.pharm.businessAnnouncementCreate, { ...fields(), businessId: two() }, ownerOfTwo());
      const id = ofTwo.announcement.id;
      const notHere = { status: 404, message: BusinessMessages.announcementNotFound };
      await expect(call(Subjects.pharm.businessAnnouncementGet, { id })).rejects.toMatchObject(notHere);
      await expect(update(id, { name: 'נחטף' })).rejects.toMatchObject(notHere);
      await expect(call(Subjects.pharm.businessAnnouncementRemove, { id })).rejects.toMatchObject(notHere);
      // An admin naming the wrong pharmacy does not reach it either.
      await expect(call(Subjects.pharm.businessAnnouncementGet, { id }, admin())).rejects.toMatchObject(notHere);
      const [row] = (await rowsOf(two())).filter((r) => r.id === id);
      expect(row).toMatchObject({ name: 'שעות חג' });
    });
  });

  describe('create, read, update, remove', () => {
    it('creates, gets, lists newest first, updates and removes', async () => {
      const first = await create({ name: 'ראשונה', content: 'תוכן ראשון', published: false });
      expect(first).toMatchObject({ name: 'ראשונה', content: 'תוכן ראשון', published: false, type: 'BANNER' });
      const second = await create({ name: '  שנייה  ' });
      expect(second.name).toBe('שנייה');
      const got = await call<{ announcement: BusinessAnnouncement }>(Subjects.pharm.businessAnnouncementGet, { id: String(first.id) });
      expect(got.announcement).toEqual(first);
      const page = await list();
      expect(page).toMatchObject({ perPage: BUSINESS_PAGE_SIZE.announcements, currentPage: 1 });
      const ids = page.announcements.map((a) => a.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(page.total).toBe((await rowsOf(one())).length);

      const endDate = at(60);
      const changed = await update(first.id, { name: 'ראשונה מעודכנת', content: 'תוכן חדש', published: true, endDate });
      expect(changed).toEqual({ ...first, name: 'ראשונה מעודכנת', content: 'תוכן חדש', published: true, startDate: changed.startDate, endDate });
      expect((await call<{ announcement: BusinessAnnouncement }>(Subjects.pharm.businessAnnouncementGet, { id: first.id })).announcement).toEqual(changed);

      await expect(call(Subjects.pharm.businessAnnouncementRemove, { id: first.id })).resolves.toEqual({ ok: true });
      await expect(call(Subjects.pharm.businessAnnouncementGet, { id: first.id })).rejects.toMatchObject({ status: 404, message: BusinessMessages.announcementNotFound });
      await expect(call(Subjects.pharm.businessAnnouncementRemove, { id: first.id })).rejects.toMatchObject({ status: 404 });
      await call(Subjects.pharm.businessAnnouncementRemove, { id: second.id });
    });

    it('pages the list by the server’s perPage', async () => {
      const made: number[] = [];
      for (let i = 0; i < BUSINESS_PAGE_SIZE.announcements + 1; i++) made.push((await create({ name: `דף ${i}` })).id);
      const total = (await rowsOf(one())).length;
      const firstPage = await list(1);
      const secondPage = await list(2);
      expect(firstPage.announcements).toHaveLength(BUSINESS_PAGE_SIZE.announcements);
      expect(secondPage).toMatchObject({ total, currentPage: 2 });
      expect(secondPage.announcements).toHaveLength(total - BUSINESS_PAGE_SIZE.announcements);
      expect(firstPage.announcements[0].id).toBe(made[made.length - 1]);
      for (const id of made) await call(Subjects.pharm.businessAnnouncementRemove, { id });
    });

    it('answers 400 for a page or an id that is not a number', async () => {
      await expect(list(0)).rejects.toMatchObject({ status: 400 });
      await expect(call(Subjects.pharm.businessAnnouncementGet, { id: 'abc' })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
      await expect(call(Subjects.pharm.businessAnnouncementRemove, { id: -1 })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
    });
  });

  describe('validation (spec §5), in Hebrew, nothing written', () => {
    it.each([
      ['no name', { name: '   ' }, BusinessMessages.announcementNameRequired],
      ['no content', { content: '' }, BusinessMessages.announcementContentRequired],
      ['91 characters of content', { content: 'א'.repeat(91) }, BusinessMessages.announcementContentTooLong],
      ['no start date', { startDate: undefined }, BusinessMessages.startDateRequired],
      ['no end date', { endDate: '' }, BusinessMessages.endDateRequired],
      ['an end before the start', { startDate: at(5), endDate: at(4) }, BusinessMessages.endBeforeStart],
      ['published not a boolean', { published: 'yes' }, Messages.badRequest],
      ['an unknown type', { type: 'POPUP' }, Messages.badRequest],
    ])('refuses %s', async (_what, over, message) => {
      const before = (await rowsOf(one())).length;
      await expect(create(over)).rejects.toMatchObject({ status: 400, message });
      expect(await rowsOf(one())).toHaveLength(before);
    });

    it('takes exactly 90 characters, and an end on the start', async () => {
      const start = at(1);
      const made = await create({ content: 'ב'.repeat(90), startDate: start, endDate: start });
      expect(made.content).toHaveLength(90);
      await expect(update(made.id, { content: 'ג'.repeat(91) })).rejects.toMatchObject({ status: 400, message: BusinessMessages.announcementContentTooLong });
      await call(Subjects.pharm.businessAnnouncementRemove, { id: made.id });
    });
  });

  describe('the type (spec §6: admins only, fixed once created)', () => {
    it('gives an owner’s announcement the default type whatever was sent; an admin’s choice counts', async () => {
      const owners = await create({ type: 'DISCOUNT' });
      expect(owners.type).toBe('BANNER');
      const admins = await create({ type: 'DISCOUNT' }, admin());
      expect(admins.type).toBe('DISCOUNT');
      expect((await update(admins.id, { type: 'BANNER' }, admin())).type).toBe('DISCOUNT');
      expect((await update(owners.id, { type: 'DISCOUNT' }, admin())).type).toBe('BANNER');
      expect((await update(admins.id, { type: 'BANNER' })).type).toBe('DISCOUNT');
      for (const id of [owners.id, admins.id]) await call(Subjects.pharm.businessAnnouncementRemove, { id });
    });
  });

  describe('the public pharmacy page', () => {
    it('shows only published announcements within their dates, and a change at once', async () => {
      const shown = await create({ content: 'מוצג עכשיו' });
      const hidden = await create({ content: 'לא מפורסם', published: false });
      const future = await create({ content: 'בעתיד', startDate: at(2), endDate: at(10) });
      const past = await create({ content: 'הסתיים', startDate: at(-10), endDate: at(-2) });
      expect(await publicPage()).toEqual(['מוצג עכשיו']);
      expect(await publicPage(two())).not.toContain('מוצג עכשיו');

      await update(shown.id, { content: 'מוצג עכשיו', published: false });
      await update(hidden.id, { content: 'לא מפורסם', published: true });
      expect(await publicPage()).toEqual(['לא מפורסם']);
      await call(Subjects.pharm.businessAnnouncementRemove, { id: hidden.id });
      expect(await publicPage()).toEqual([]);
      for (const a of [shown, future, past]) await call(Subjects.pharm.businessAnnouncementRemove, { id: a.id });
    });
  });
});
