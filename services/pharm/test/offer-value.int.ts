import { Messages, parsePharmListQuery, parsePharmProductListQuery, Subjects, type PharmProductListQuery } from '@mc/contracts';
import { rpc } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { pharmacies, staleSweep } from '../src/db/schema';
import { PharmProductsReader } from '../src/pharm-products/pharm-products.reader';
import { BusinessProductsWriter } from '../src/business-products/business-products.writer';
import { CartOffersReader } from '../src/cart-offers/cart-offers.reader';
import { PharmProductsWriter } from '../src/pharm-products/pharm-products.writer';
import { StaleOfferSweep } from '../src/pharm-products/stale-sweep';
import { PharmsReader } from '../src/pharms/pharms.reader';
import { usePharm, watchOffersTold } from './support';

/** Issue 17: the price order per gram where pack sizes differ, and offers not confirmed lately never in stock. */
describe('offer value: price per gram and how fresh an offer is', () => {
  const service = usePharm('pt-val');
  const { data } = service;
  const reader = () => service.app().get(PharmProductsReader);
  const ids = new Map<string, number>();
  let pharm: string;
  const WRITTEN = '2026-11-20T08:00:00Z';
  const listQuery = (query: Partial<PharmProductListQuery> = {}) => ({ ...parsePharmProductListQuery({}), ...query, slug: pharm });

  beforeAll(async () => {
    data.setNow(WRITTEN);
    const big = await data.product('big', { sizeQuantity: 10, sizeUnit: 'גרם', thccbdDosage: 'T20/C4' });
    const small = await data.product('small', { sizeQuantity: 5, sizeUnit: 'גרם', thccbdDosage: 'T20/C4' });
    const oil = await data.product('oil', { type: 'oil', sizeQuantity: 10, sizeUnit: 'מ״ל', thccbdDosage: 'T20/C4' });
    pharm = await data.pharmacy('one');
    for (const [slug, id] of await data.offers(pharm, [
      { productSlug: big, price: 14_200 },
      { productSlug: small, price: 8_000 },
      { productSlug: oil, price: 5_000, alwaysInStock: true },
    ])) ids.set(slug.replace(`${data.prefix}-`, ''), id);
  });

  it('orders by the price of a gram where the packs differ, the packs of unknown weight after them by their price', async () => {
    data.setNow('2026-11-20T09:00:00Z');
    const answer = await reader().list(listQuery({ sortBy: 'price' }));
    // By the pack price it would be oil (₪50), small (₪80), big (₪142); a gram of big costs ₪14.20, of small ₪16.
    expect(answer.pharmProducts.map((o) => o.id)).toEqual([ids.get('big'), ids.get('small'), ids.get('oil')]);
    expect(answer.pharmProducts[0]).toMatchObject({
      totalPrice: 142, inStock: true, stale: false, confirmedAt: Date.parse(WRITTEN),
      product: { sizeQuantity: 10, sizeUnit: 'גרם', info: { thccbdDosage: 'T20/C4' } },
    });
  });

  it('keeps an offer in stock for 72 hours after it was confirmed, then tells it stale and out of stock at that moment', async () => {
    const selling = async () => (await service.app().get(PharmsReader).list({ ...parsePharmListQuery({ hasPharmProducts: '1' }), tag: data.tag })).total;
    data.setNow('2026-11-23T08:00:00Z');
    expect((await reader().list(listQuery())).total).toBe(3);
    expect(await selling()).toBe(1);
    expect((await reader().comparison({ slug: data.slug('big'), sortBy: 'price', isOpen: false, hasDelivery: false, isPromoted: false })).offers)
      .toEqual([expect.objectContaining({ id: ids.get('big'), confirmedAt: Date.parse(WRITTEN) })]);

    data.setNow('2026-11-23T08:00:01Z');
    expect((await reader().list(listQuery())).total).toBe(0);
    // The pharmacy sells nothing a shopper is told is in stock.
    expect(await selling()).toBe(0);
    const all = await reader().list(listQuery({ inStock: false, sortBy: 'price' }));
    expect(all.pharmProducts.map((o) => ({ id: o.id, inStock: o.inStock, stale: o.stale })))
      .toEqual(['big', 'small', 'oil'].map((key) => ({ id: ids.get(key), inStock: false, stale: true })));
    expect((await reader().comparison({ slug: data.slug('big'), sortBy: 'price', isOpen: false, hasDelivery: false, isPromoted: false })).offers).toEqual([]);
  });

  it('tells catalog each offer once as it goes stale (the sweep), and in stock again once it is confirmed', async () => {
    const sweep = service.app().get(StaleOfferSweep);
    const { told, restore } = watchOffersTold(service.app(), [...ids.values()]);
    try {
      await data.db.update(staleSweep).set({ confirmedAt: '2026-11-20T07:59:59Z', offerId: 0 });
      data.setNow('2026-11-23T07:59:00Z');
      await sweep.sweep();
      expect(told()).toEqual([]);

      data.setNow('2026-11-23T08:00:01Z');
      await sweep.sweep();
      expect(told()).toEqual([...ids.values()].sort((a, b) => a - b).map((id) => ({ id, inStock: false })));
      await sweep.sweep();
      expect(told()).toEqual([]);

      const [row] = await data.db.select({ id: pharmacies.id, slug: pharmacies.slug }).from(pharmacies).where(eq(pharmacies.slug, pharm));
      await service.app().get(BusinessProductsWriter).confirmForBusiness(row, [ids.get('small')!]);
      expect(told()).toEqual([{ id: ids.get('small'), inStock: true }]);
    } finally {
      restore();
    }
  });

  it('lets checkout refuse a stale offer, even one always in stock, and a cart show it out of stock', async () => {
    data.setNow('2026-11-24T08:00:00Z');
    const checkout = await rpc(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: [ids.get('big')!, ids.get('oil')!] });
    expect(checkout.offers.map((o) => ({ id: o.pharmProductId, inStock: o.inStock, alwaysInStock: o.alwaysInStock }))).toEqual([
      { id: ids.get('big'), inStock: false, alwaysInStock: false },
      { id: ids.get('oil'), inStock: false, alwaysInStock: false },
    ]);
    const cart = await service.app().get(CartOffersReader).resolve([{ pharmProductId: ids.get('big')!, amount: 1 }]);
    expect(cart.items[0].pharmProduct).toMatchObject({ inStock: false, stale: true });
  });

  it('is confirmed again by the pharmacy: an explicit confirm of unchanged values, or an edit of its price', async () => {
    const now = '2026-11-25T08:00:00Z';
    data.setNow(now);
    const [row] = await data.db.select({ id: pharmacies.id, slug: pharmacies.slug }).from(pharmacies).where(eq(pharmacies.slug, pharm));
    const [confirmed] = await service.app().get(BusinessProductsWriter).confirmForBusiness(row, [ids.get('small')!]);
    expect(confirmed).toMatchObject({ id: ids.get('small'), price: 8_000, confirmedAt: new Date(now) });
    await service.app().get(PharmProductsWriter).update({ businessId: pharm, id: ids.get('big')!, price: 150 });
    const inStock = await reader().list(listQuery({ sortBy: 'price' }));
    expect(inStock.pharmProducts.map((o) => ({ id: o.id, confirmedAt: o.confirmedAt, stale: o.stale }))).toEqual([
      { id: ids.get('big'), confirmedAt: Date.parse(now), stale: false },
      { id: ids.get('small'), confirmedAt: Date.parse(now), stale: false },
    ]);
    await expect(service.app().get(BusinessProductsWriter).confirmForBusiness(row, [999_999_999])).rejects.toThrow(Messages.productNotFound);
  });
});
