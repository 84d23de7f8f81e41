import { Messages, Subjects, type CheckoutOffers } from '@mc/contracts';
import { rpc, rpcUntyped } from '@mc/kit/testing';
import { DiscountsWriter } from '../src/discounts/discounts.writer';
import { usePharm } from './support';

/** Discount and coupon codes are unique across all pharmacies: this suite's start with PTCK_. */
describe('checkout: coupons by code and the offers of a cart priced with discounts and coupons', () => {
  const service = usePharm('pt-ck');
  const { data } = service;
  const ids = new Map<string, number>();
  const id = (key: string) => ids.get(key)!;
  const offers = (request: { pharmProductIds: number[]; couponCodes?: string[] }) => rpc(service.nc(), Subjects.pharm.checkoutOffers, request);
  const byId = (res: CheckoutOffers, key: string) => res.offers.find((o) => o.pharmProductId === id(key));

  beforeAll(async () => {
    data.setNow('2026-11-23T10:00:00Z');
    for (const name of ['a', 'b', 'c', 'd']) await data.product(name, { hebName: `מוצר ${name}` });
    const one = await data.pharmacy('one', { address: 'דיזנגוף 10', city: 'תל אביב-יפו', phone: '03-1111111', orderEmail: 'orders@one.pharm.test' });
    const two = await data.pharmacy('two', { address: 'הנמל 3', city: 'חיפה', phone: '04-2222222', orderEmail: null });
    for (const [key, offerId] of await data.offers(one, [
      { productSlug: data.slug('a'), price: 10000, alwaysInStock: true },
      { productSlug: data.slug('b'), price: 20000 },
      { productSlug: data.slug('c'), price: 5000, published: false },
      { productSlug: data.slug('d'), price: 8000, inStock: false, amount: 0 },
    ])) ids.set(`one/${key.replace(`${data.prefix}-`, '')}`, offerId);
    for (const [key, offerId] of await data.offers(two, [{ productSlug: data.slug('a'), price: 12000 }])) ids.set(`two/${key.replace(`${data.prefix}-`, '')}`, offerId);
    await data.discounts(one, [
      { code: 'PTCK_ALL10', type: 'all-products', amountType: 'percent', amount: 10 },
      { code: 'PTCK_B30', type: 'specific-products', amountType: 'fixed', amount: 3000, productSlugs: [data.slug('b')] },
      { code: 'PTCK_STACK5', type: 'all-products', amountType: 'percent', amount: 5, allowMultiple: true },
      { code: 'PTCK_C20', type: 'coupon', amountType: 'percent', amount: 20, newCustomersOnly: true },
      { code: 'PTCK_P50', type: 'coupon', amountType: 'price', amount: 5000, productSlugs: [data.slug('b')] },
      { code: 'PTCK_OLD50', type: 'coupon', amountType: 'percent', amount: 50, startsAt: new Date('2026-10-01T00:00:00Z'), endsAt: new Date('2026-10-31T00:00:00Z') },
      { code: 'PTCK_LATER50', type: 'coupon', amountType: 'percent', amount: 50, startsAt: new Date('2026-12-01T00:00:00Z') },
      { code: 'PTCK_HID50', type: 'coupon', amountType: 'percent', amount: 50, published: false },
      { code: 'PTCK_ALLOFF', type: 'all-products', amountType: 'percent', amount: 90, published: false },
    ]);
    await data.discounts(two, [{ code: 'PTCK_BIG', type: 'coupon', amountType: 'fixed', amount: 20000 }]);
  });

  describe('pharm.coupon.get', () => {
    it('finds a published coupon by its code in any case, with its pharmacy, amount and dates', async () => {
      await expect(rpc(service.nc(), Subjects.pharm.couponGet, { code: 'ptck_c20' })).resolves.toEqual({
        pharmSlug: data.slug('one'), pharmName: `בית מרקחת ${data.slug('one')}`, code: 'PTCK_C20', name: 'הנחה PTCK_C20', amountType: 'percent', amount: 20,
        newCustomersOnly: true, startsAt: '2026-01-01T00:00:00.000Z', endsAt: '2027-12-31T00:00:00.000Z',
      });
      await expect(rpc(service.nc(), Subjects.pharm.couponGet, { code: 'Ptck_Big' })).resolves.toMatchObject({ pharmSlug: data.slug('two'), amountType: 'fixed', amount: 20000 });
    });

    it('gives an expired coupon too (order tells EXPIRED by its dates)', async () => {
      await expect(rpc(service.nc(), Subjects.pharm.couponGet, { code: 'PTCK_OLD50' })).resolves.toMatchObject({ code: 'PTCK_OLD50', endsAt: '2026-10-31T00:00:00.000Z' });
    });

    it('answers 404 for an unpublished coupon, an unknown code and a discount that is not a coupon', async () => {
      for (const code of ['PTCK_HID50', 'PTCK_NOPE', 'PTCK_ALL10']) {
        await expect(rpc(service.nc(), Subjects.pharm.couponGet, { code })).rejects.toMatchObject({ status: 404, message: Messages.couponNotFound });
      }
    });

    it('answers 400 for a request without a code', async () => {
      await expect(rpcUntyped(service.nc(), Subjects.pharm.couponGet, {})).rejects.toMatchObject({ status: 400 });
    });
  });

  describe('pharm.checkout.offers', () => {
    it('prices each offer with the best single discount of its pharmacy, then the stacking ones', async () => {
      const res = await offers({ pharmProductIds: [id('one/a'), id('one/b'), id('two/a')] });
      // a: 10% (ALL10) then 5% (STACK5); b: 30 ₪ off (B30) beats 10%, then 5%; two has no discount.
      expect(res.offers).toEqual([
        { pharmProductId: id('one/a'), pharmSlug: data.slug('one'), productSlug: data.slug('a'), productName: 'מוצר a', published: true, inStock: true,
          alwaysInStock: true, listPrice: 10000, price: 8550, discountCodes: ['PTCK_ALL10', 'PTCK_STACK5'] },
        { pharmProductId: id('one/b'), pharmSlug: data.slug('one'), productSlug: data.slug('b'), productName: 'מוצר b', published: true, inStock: true,
          alwaysInStock: false, listPrice: 20000, price: 16150, discountCodes: ['PTCK_B30', 'PTCK_STACK5'] },
        { pharmProductId: id('two/a'), pharmSlug: data.slug('two'), productSlug: data.slug('a'), productName: 'מוצר a', published: true, inStock: true,
          alwaysInStock: false, listPrice: 12000, price: 12000, discountCodes: [] },
      ]);
      expect(res.pharms).toEqual(expect.arrayContaining([
        { slug: data.slug('one'), name: `בית מרקחת ${data.slug('one')}`, phone: '03-1111111', address: 'דיזנגוף 10', city: 'תל אביב-יפו', orderEmail: 'orders@one.pharm.test' },
        { slug: data.slug('two'), name: `בית מרקחת ${data.slug('two')}`, phone: '04-2222222', address: 'הנמל 3', city: 'חיפה', orderEmail: null },
      ]));
      expect(res.pharms).toHaveLength(2);
      // Unpublished discounts are not considered; coupons only when given.
      expect(res.discounts.map((d) => `${d.pharmSlug.replace(`${data.prefix}-`, '')}/${d.code}`)).toEqual(['one/PTCK_ALL10', 'one/PTCK_B30', 'one/PTCK_STACK5']);
      expect(res.discounts[1]).toMatchObject({ type: 'specific-products', amountType: 'fixed', amount: 3000, allowMultiple: false, pharmProductIds: [id('one/b')] });
      expect(res.discounts[2]).toMatchObject({ allowMultiple: true, pharmProductIds: null });
    });

    it('applies a valid coupon (any case) at its own pharmacy only, in place of a smaller discount', async () => {
      const res = await offers({ pharmProductIds: [id('one/a'), id('one/b'), id('two/a')], couponCodes: ['ptck_c20'] });
      expect(byId(res, 'one/a')).toMatchObject({ price: 7600, discountCodes: ['PTCK_C20', 'PTCK_STACK5'] });
      // b: 20% (16,000) beats 30 ₪ off (17,000): the lowest single price wins, then the stacking 5%.
      expect(byId(res, 'one/b')).toMatchObject({ price: 15200, discountCodes: ['PTCK_C20', 'PTCK_STACK5'] });
      expect(byId(res, 'two/a')).toMatchObject({ price: 12000, discountCodes: [] });
      expect(res.discounts.map((d) => d.code)).toContain('PTCK_C20');
    });

    it('applies a price coupon to its offer only', async () => {
      const res = await offers({ pharmProductIds: [id('one/a'), id('one/b')], couponCodes: ['PTCK_P50'] });
      expect(byId(res, 'one/b')).toMatchObject({ price: 4750, discountCodes: ['PTCK_P50', 'PTCK_STACK5'] });
      expect(byId(res, 'one/a')).toMatchObject({ price: 8550, discountCodes: ['PTCK_ALL10', 'PTCK_STACK5'] });
    });

    it('does not apply an expired, a not yet started or an unpublished coupon', async () => {
      const res = await offers({ pharmProductIds: [id('one/a')], couponCodes: ['PTCK_OLD50', 'PTCK_LATER50', 'PTCK_HID50', 'PTCK_NOPE'] });
      expect(byId(res, 'one/a')).toMatchObject({ price: 8550, discountCodes: ['PTCK_ALL10', 'PTCK_STACK5'] });
      expect(res.discounts.map((d) => d.code)).toEqual(['PTCK_ALL10', 'PTCK_B30', 'PTCK_STACK5']);
    });

    it('never prices below 0', async () => {
      const res = await offers({ pharmProductIds: [id('two/a')], couponCodes: ['PTCK_BIG'] });
      expect(byId(res, 'two/a')).toMatchObject({ listPrice: 12000, price: 0, discountCodes: ['PTCK_BIG'] });
    });

    it('flags unpublished and out-of-stock offers, and leaves out unknown ids', async () => {
      const res = await offers({ pharmProductIds: [id('one/c'), 2_000_000_000, id('one/d')] });
      expect(res.offers.map((o) => [o.pharmProductId, o.published, o.inStock])).toEqual([[id('one/c'), false, true], [id('one/d'), true, false]]);
      expect(byId(res, 'one/c')).toMatchObject({ listPrice: 5000, price: 4275 });
    });

    it('answers an empty cart with nothing, and 400 for a malformed request', async () => {
      await expect(offers({ pharmProductIds: [] })).resolves.toEqual({ offers: [], pharms: [], discounts: [] });
      await expect(rpcUntyped(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: [id('one/a')], couponCodes: ['no spaces!'] })).rejects.toMatchObject({ status: 400 });
      await expect(rpcUntyped(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: ['1'] })).rejects.toMatchObject({ status: 400 });
    });

    it('follows the clock: a discount past its end no longer counts', async () => {
      data.setNow('2028-01-05T00:00:00Z');
      try {
        const res = await offers({ pharmProductIds: [id('one/a')], couponCodes: ['PTCK_C20'] });
        expect(byId(res, 'one/a')).toMatchObject({ price: 10000, discountCodes: [] });
        expect(res.discounts).toEqual([]);
      } finally {
        data.setNow('2026-11-23T10:00:00Z');
      }
    });
  });

  describe('the discounts writer', () => {
    it('keeps codes unique across pharmacies whatever their case', async () => {
      await expect(service.app().get(DiscountsWriter).replaceForPharm(data.slug('two'), [
        { code: 'ptck_all10', name: 'כפול', type: 'coupon', amountType: 'percent', amount: 5, published: true, allowMultiple: false, newCustomersOnly: false,
          startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2027-01-01T00:00:00Z'), productSlugs: [] },
      ])).rejects.toThrow();
    });
  });
});
