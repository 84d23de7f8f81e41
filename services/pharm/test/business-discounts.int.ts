import { BUSINESS_PAGE_SIZE, BusinessMessages, DiscountMessages, Messages, Subjects, type BusinessDiscount, type CheckoutOffers } from '@mc/contracts';
import { rpc, rpcUntyped, TestIdentity } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { discountProducts, discounts } from '../src/db/schema';
import { usePharm } from './support';

/** Codes are unique across every pharmacy: this suite's start with PTBD_. */
describe('the back office’s discounts (pharm.business.discount*)', () => {
  const service = usePharm('pt-bd');
  const { data } = service;
  const identity = new TestIdentity();
  const ids = new Map<string, number>();
  const id = (key: string) => ids.get(key)!;
  let one: string;
  let two: string;
  const owner = () => identity.token({ sub: '9000201', role: 'business_owner', biz: [`pharmacy:${one}`] });
  const admin = () => identity.token({ sub: '9000202', role: 'admin' });

  /** A call as pharmacy one's owner sends it (its business unless the payload names another). */
  const call = <T = unknown>(subject: string, payload: Record<string, unknown>, caller: string | null = owner()) =>
    rpcUntyped<T>(service.nc(), subject, { businessId: one, ...payload }, { caller: caller ?? undefined });
  const fields = (over: Record<string, unknown> = {}) => ({
    name: 'הנחת חורף', code: 'PTBD_WINTER', type: 'all-products', amountType: 'percent', amount: 10, published: true, allowMultiple: false,
    newCustomersOnly: false, startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z', pharmProductIds: [], ...over,
  });
  const create = (over: Record<string, unknown> = {}, caller?: string | null) =>
    call<{ discount: BusinessDiscount }>(Subjects.pharm.businessDiscountCreate, fields(over), caller);
  const update = (currentCode: string, over: Record<string, unknown> = {}, caller?: string | null) =>
    call<{ discount: BusinessDiscount }>(Subjects.pharm.businessDiscountUpdate, { ...fields(over), currentCode }, caller);
  const remove = (code: string, caller?: string | null) => call(Subjects.pharm.businessDiscountRemove, { code }, caller);
  const get = (code: string, caller?: string | null) => call<{ discount: BusinessDiscount }>(Subjects.pharm.businessDiscountGet, { code }, caller);
  const rowOf = async (code: string) => (await data.db.select().from(discounts).where(eq(discounts.code, code)))[0];

  beforeAll(async () => {
    await identity.serveKeys(service.nc());
    data.setNow('2026-11-23T10:00:00Z');
    await data.product('a', { name: 'אלפא בדיקה', hebName: 'אלפא בדיקה' });
    await data.product('b', { name: 'בטא בדיקה', hebName: 'בטא בדיקה' });
    one = await data.pharmacy('one');
    two = await data.pharmacy('two');
    for (const [slug, offerId] of await data.offers(one, [{ productSlug: data.slug('a'), price: 10000 }, { productSlug: data.slug('b'), price: 20050 }])) {
      ids.set(`one/${slug.replace(`${data.prefix}-`, '')}`, offerId);
    }
    for (const [slug, offerId] of await data.offers(two, [{ productSlug: data.slug('a'), price: 12000 }])) ids.set(`two/${slug.replace(`${data.prefix}-`, '')}`, offerId);
  });
  afterAll(() => identity.stop());

  describe('who may', () => {
    it('refuses an anonymous caller (401), a user who manages no business (403), another pharmacy’s owner (404) and writes nothing', async () => {
      const patient = identity.token({ sub: '9000203', role: 'user' });
      const ownerOfTwo = identity.token({ sub: '9000204', role: 'business_owner', biz: [`pharmacy:${two}`] });
      for (const [subject, payload] of [
        [Subjects.pharm.businessDiscounts, {}], [Subjects.pharm.businessDiscountGet, { code: 'PTBD_X' }], [Subjects.pharm.businessDiscountCreate, fields({ code: 'PTBD_AUTHZ' })],
        [Subjects.pharm.businessDiscountUpdate, { ...fields(), currentCode: 'PTBD_X' }], [Subjects.pharm.businessDiscountRemove, { code: 'PTBD_X' }],
        [Subjects.pharm.businessDiscountProductOptions, {}],
      ] as const) {
        await expect(call(subject, payload, null)).rejects.toMatchObject({ status: 401 });
        await expect(call(subject, payload, patient)).rejects.toMatchObject({ status: 403 });
        await expect(call(subject, payload, ownerOfTwo)).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      }
      expect(await rowOf('PTBD_AUTHZ')).toBeUndefined();
    });

    it('answers 404 to an admin and a company’s staff for a business that is not a pharmacy', async () => {
      const companyStaff = identity.token({ sub: '9000205', role: 'business_owner', biz: [`company:${data.slug('company')}`] });
      await expect(call(Subjects.pharm.businessDiscounts, { businessId: data.slug('company') }, companyStaff)).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      await expect(call(Subjects.pharm.businessDiscounts, { businessId: data.slug('nowhere') }, admin())).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      await expect(create({ businessId: data.slug('nowhere'), code: 'PTBD_NOWHERE' }, admin())).rejects.toMatchObject({ status: 404 });
    });

    it('lets an admin manage any pharmacy’s discounts', async () => {
      const created = await create({ businessId: two, code: 'PTBD_ADMIN', type: 'coupon' }, admin());
      expect(created.discount.code).toBe('PTBD_ADMIN');
      await expect(call(Subjects.pharm.businessDiscountRemove, { businessId: two, code: 'ptbd_admin' }, admin())).resolves.toEqual({ ok: true });
      expect(await rowOf('PTBD_ADMIN')).toBeUndefined();
    });
  });

  describe('create, read, update, remove', () => {
    it('creates a coupon limited to some offers, answers it as the back office shows it and stores agorot', async () => {
      const { discount } = await create({
        code: 'PTBD_COUP', name: '  קופון בדיקה ', type: 'coupon', amountType: 'fixed', amount: 12.5, newCustomersOnly: true, allowMultiple: true,
        pharmProductIds: [id('one/b'), id('one/a'), id('one/b')],
      });
      expect(discount).toEqual({
        code: 'PTBD_COUP', name: 'קופון בדיקה', type: 'coupon', amount: 12.5, amountType: 'fixed', published: true, allowMultiple: false, newCustomersOnly: true,
        startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z',
        pharmProducts: [{ id: id('one/a'), name: 'אלפא בדיקה', originalPrice: 100 }, { id: id('one/b'), name: 'בטא בדיקה', originalPrice: 200.5 }],
      });
      expect(await rowOf('PTBD_COUP')).toMatchObject({ amount: 1250, allowMultiple: false, newCustomersOnly: true });
      expect((await get('ptbd_coup')).discount).toEqual(discount);
    });

    it('keeps allowMultiple for all-products only and newCustomersOnly for coupons only, and no offers for all-products', async () => {
      const all = (await create({ code: 'PTBD_ALL', allowMultiple: true, newCustomersOnly: true, pharmProductIds: [id('one/a')] })).discount;
      expect(all).toMatchObject({ allowMultiple: true, newCustomersOnly: false, pharmProducts: [] });
      const some = (await create({ code: 'PTBD_SOME', type: 'specific-products', amountType: 'percent', amount: 15, allowMultiple: true, newCustomersOnly: true, pharmProductIds: [id('one/a')] })).discount;
      expect(some).toMatchObject({ allowMultiple: false, newCustomersOnly: false, pharmProducts: [{ id: id('one/a') }] });
      expect(await data.db.select().from(discountProducts).where(eq(discountProducts.discountId, (await rowOf('PTBD_ALL')).id))).toEqual([]);
    });

    it('lists the pharmacy’s discounts only, newest first, paged', async () => {
      const page = await call<{ discounts: BusinessDiscount[]; total: number; perPage: number; currentPage: number }>(Subjects.pharm.businessDiscounts, {});
      expect(page).toMatchObject({ total: 3, perPage: BUSINESS_PAGE_SIZE.discounts, currentPage: 1 });
      expect(page.discounts.map((d) => d.code)).toEqual(['PTBD_SOME', 'PTBD_ALL', 'PTBD_COUP']);
      expect((await call<{ discounts: unknown[] }>(Subjects.pharm.businessDiscounts, { page: 2 })).discounts).toEqual([]);
      expect(await call(Subjects.pharm.businessDiscounts, { businessId: two }, admin())).toMatchObject({ total: 0, discounts: [] });
    });

    it('updates by the current code, may change the code, and replaces the offers', async () => {
      const { discount } = await update('ptbd_some', { code: 'PTBD_SOME2', type: 'specific-products', amountType: 'fixed', amount: 5, published: false, pharmProductIds: [id('one/b')] });
      expect(discount).toMatchObject({ code: 'PTBD_SOME2', amountType: 'fixed', amount: 5, published: false, pharmProducts: [{ id: id('one/b'), originalPrice: 200.5 }] });
      expect(await rowOf('PTBD_SOME')).toBeUndefined();
      await expect(get('PTBD_SOME')).rejects.toMatchObject({ status: 404, message: DiscountMessages.notFound });
      expect((await rowOf('PTBD_SOME2')).amount).toBe(500);
    });

    it('answers 404 for a code the pharmacy does not have, another pharmacy’s included', async () => {
      await create({ businessId: two, code: 'PTBD_TWOS', type: 'coupon' }, admin());
      await expect(get('PTBD_TWOS')).rejects.toMatchObject({ status: 404, message: DiscountMessages.notFound });
      await expect(update('PTBD_TWOS', { code: 'PTBD_TWOS' })).rejects.toMatchObject({ status: 404, message: DiscountMessages.notFound });
      await expect(remove('PTBD_TWOS')).rejects.toMatchObject({ status: 404, message: DiscountMessages.notFound });
      expect(await rowOf('PTBD_TWOS')).toBeDefined();
    });

    it('removes a discount with its offers’ links', async () => {
      const row = await rowOf('PTBD_SOME2');
      await expect(remove('ptbd_some2')).resolves.toEqual({ ok: true });
      expect(await rowOf('PTBD_SOME2')).toBeUndefined();
      expect(await data.db.select().from(discountProducts).where(eq(discountProducts.discountId, row.id))).toEqual([]);
      await expect(remove('PTBD_SOME2')).rejects.toMatchObject({ status: 404 });
    });

    it('takes effect at checkout at once: a new discount prices the cart, a removed one no longer does', async () => {
      const priced = () => rpc(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: [id('one/a')], couponCodes: [] }) as Promise<CheckoutOffers>;
      await create({ code: 'PTBD_LIVE', type: 'specific-products', amountType: 'fixed', amount: 30, pharmProductIds: [id('one/a')], startDate: '2026-11-01T00:00:00.000Z' });
      // PTBD_ALL (10%, stacking) is on too: ₪30 off ₪100, then 10% off.
      expect((await priced()).offers[0]).toMatchObject({ listPrice: 10000, price: 6300, discountCodes: ['PTBD_LIVE', 'PTBD_ALL'] });
      await remove('PTBD_LIVE');
      expect((await priced()).offers[0].discountCodes).not.toContain('PTBD_LIVE');
    });
  });

  describe('the rules of §5', () => {
    const refused = async (over: Record<string, unknown>, status: number, message: string) => {
      await expect(create(over)).rejects.toMatchObject({ status, message });
    };

    it('refuses each field against §5 with its Hebrew', async () => {
      await refused({ code: 'PTBD_R1', name: ' ' }, 400, BusinessMessages.discountNameRequired);
      await refused({ code: '' }, 400, BusinessMessages.required);
      await refused({ code: '', type: 'coupon' }, 400, BusinessMessages.couponCodeRequired);
      await refused({ code: 'קוד', type: 'coupon' }, 400, BusinessMessages.couponCodeInvalid);
      await refused({ code: 'PTBD R1' }, 400, BusinessMessages.couponCodeInvalid);
      await refused({ code: 'PTBD_R1', amount: undefined }, 400, BusinessMessages.discountAmountRequired);
      await refused({ code: 'PTBD_R1', type: 'coupon', amountType: 'price', amount: '', pharmProductIds: [id('one/a')] }, 400, BusinessMessages.discountPriceRequired);
      await refused({ code: 'PTBD_R1', amount: 0 }, 400, BusinessMessages.amountTooSmall);
      await refused({ code: 'PTBD_R1', amount: -5 }, 400, BusinessMessages.amountTooSmall);
      await refused({ code: 'PTBD_R1', amountType: 'fixed', amount: 10.555 }, 400, Messages.badRequest);
      await refused({ code: 'PTBD_R1', amount: 101 }, 400, Messages.badRequest);
      await refused({ code: 'PTBD_R1', amount: 12.5 }, 400, DiscountMessages.wholePercent);
      await refused({ code: 'PTBD_R1', amountType: 'fixed', amount: 1e9 }, 400, Messages.badRequest);
      await refused({ code: 'PTBD_R1', startDate: '' }, 400, BusinessMessages.startDateRequired);
      await refused({ code: 'PTBD_R1', endDate: 'tomorrow' }, 400, BusinessMessages.endDateRequired);
      await refused({ code: 'PTBD_R1', endDate: '2026-10-01T00:00:00.000Z' }, 400, BusinessMessages.endBeforeStart);
      expect(await rowOf('PTBD_R1')).toBeUndefined();
    });

    it('allows the price amount type for coupons only, and needs offers for it and for specific products', async () => {
      await refused({ code: 'PTBD_R2', amountType: 'price', pharmProductIds: [id('one/a')] }, 400, Messages.badRequest);
      await refused({ code: 'PTBD_R2', type: 'specific-products', amountType: 'price', pharmProductIds: [id('one/a')] }, 400, Messages.badRequest);
      await refused({ code: 'PTBD_R2', type: 'coupon', amountType: 'price', amount: 50 }, 400, BusinessMessages.required);
      await refused({ code: 'PTBD_R2', type: 'specific-products' }, 400, BusinessMessages.required);
      const { discount } = await create({ code: 'PTBD_R2', type: 'coupon', amountType: 'price', amount: 49.9, pharmProductIds: [id('one/a')] });
      expect(discount).toMatchObject({ amountType: 'price', amount: 49.9 });
      expect((await rowOf('PTBD_R2')).amount).toBe(4990);
    });

    it('refuses another pharmacy’s offer or no offer at all (400), on create and on update', async () => {
      await refused({ code: 'PTBD_R3', type: 'specific-products', pharmProductIds: [id('one/a'), id('two/a')] }, 400, DiscountMessages.productNotOffered);
      await refused({ code: 'PTBD_R3', type: 'specific-products', pharmProductIds: [2_000_000_000] }, 400, DiscountMessages.productNotOffered);
      await expect(update('PTBD_R2', { code: 'PTBD_R2', type: 'coupon', amountType: 'price', amount: 49.9, pharmProductIds: [id('two/a')] }))
        .rejects.toMatchObject({ status: 400, message: DiscountMessages.productNotOffered });
      expect((await get('PTBD_R2')).discount.pharmProducts.map((p) => p.id)).toEqual([id('one/a')]);
    });

    it('keeps codes unique across every pharmacy whatever their case (409), on create and on update', async () => {
      await refused({ code: 'ptbd_twos' }, 409, BusinessMessages.codeTaken);
      await refused({ code: 'PTBD_ALL', type: 'coupon' }, 409, BusinessMessages.codeTaken);
      await expect(update('PTBD_ALL', { code: 'Ptbd_Coup' })).rejects.toMatchObject({ status: 409, message: BusinessMessages.codeTaken });
      // Its own code in another case is no conflict.
      await expect(update('PTBD_ALL', { code: 'ptbd_all' })).resolves.toMatchObject({ discount: { code: 'ptbd_all' } });
    });

    it('refuses malformed requests with 400, never 500', async () => {
      for (const bad of [
        { type: 'weekly' }, { amountType: 'percentage' }, { published: 'yes' }, { pharmProductIds: 'a' }, { pharmProductIds: [1.5] }, { pharmProductIds: [-1] },
        { name: 'x'.repeat(101) }, { name: 'a\u0000b' }, { code: 'A'.repeat(41) },
      ]) await expect(create({ code: 'PTBD_BAD', ...bad })).rejects.toMatchObject({ status: 400 });
      await expect(call(Subjects.pharm.businessDiscounts, { page: 0 })).rejects.toMatchObject({ status: 400 });
      await expect(call(Subjects.pharm.businessDiscountProductOptions, { search: 'x'.repeat(101) })).rejects.toMatchObject({ status: 400 });
      expect(await rowOf('PTBD_BAD')).toBeUndefined();
    });
  });

  describe('the product picker’s options', () => {
    it('lists the pharmacy’s own offers with name and price before discounts, searchable and paged', async () => {
      const options = (payload: Record<string, unknown>) => call<{ pharmProducts: { id: number; name: string; originalPrice: number }[]; total: number; perPage: number }>(
        Subjects.pharm.businessDiscountProductOptions, payload);
      expect(await options({})).toEqual({
        pharmProducts: [{ id: id('one/a'), name: 'אלפא בדיקה', originalPrice: 100 }, { id: id('one/b'), name: 'בטא בדיקה', originalPrice: 200.5 }],
        total: 2, perPage: BUSINESS_PAGE_SIZE.discountProductOptions, currentPage: 1,
      });
      expect(await options({ search: 'בטא' })).toMatchObject({ pharmProducts: [{ id: id('one/b') }], total: 1 });
      expect(await options({ page: 2 })).toMatchObject({ pharmProducts: [], total: 2, currentPage: 2 });
      await expect(options({ businessId: two })).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
    });
  });
});
