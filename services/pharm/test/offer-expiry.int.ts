import { parsePharmListQuery, parsePharmProductListQuery, Subjects, type PharmProductListQuery } from '@mc/contracts';
import { rpc } from '@mc/kit/testing';
import { staleSweep } from '../src/db/schema';
import { PharmProductsReader } from '../src/pharm-products/pharm-products.reader';
import { CartOffersReader } from '../src/cart-offers/cart-offers.reader';
import { StaleOfferSweep } from '../src/pharm-products/stale-sweep';
import { PharmsReader } from '../src/pharms/pharms.reader';
import { usePharm, watchOffersTold } from './support';

/** Issue 26: stock past its expiry date ('פג תוקף' in the back office) is not for sale, as a stale offer is not. */
describe('offers past their expiry date', () => {
  const service = usePharm('pt-exp');
  const { data } = service;
  const reader = () => service.app().get(PharmProductsReader);
  const ids = new Map<string, number>();
  let pharm: string;
  const listQuery = (query: Partial<PharmProductListQuery> = {}) => ({ ...parsePharmProductListQuery({}), ...query, slug: pharm });
  const comparison = (slug: string) => reader().comparison({ slug: data.slug(slug), sortBy: 'price', isOpen: false, hasDelivery: false, isPromoted: false });
  const selling = async () => (await service.app().get(PharmsReader).list({ ...parsePharmListQuery({ hasPharmProducts: '1' }), tag: data.tag })).total;

  beforeAll(async () => {
    data.setNow('2026-11-20T08:00:00Z');
    const soon = await data.product('soon');
    const later = await data.product('later');
    pharm = await data.pharmacy('one');
    for (const [slug, id] of await data.offers(pharm, [
      // Expires on 2026-11-22 (the date's first moment), even marked always in stock.
      { productSlug: soon, price: 9_000, alwaysInStock: true, expiresAt: new Date('2026-11-22T00:00:00Z') },
      { productSlug: later, price: 12_000, expiresAt: new Date('2027-03-01T00:00:00Z') },
    ])) ids.set(slug.replace(`${data.prefix}-`, ''), id);
  });

  it('sells it until its date, then tells it out of stock everywhere and lets checkout refuse it', async () => {
    data.setNow('2026-11-21T23:59:59Z');
    expect((await reader().list(listQuery())).pharmProducts.map((o) => o.id)).toEqual([ids.get('soon'), ids.get('later')]);
    expect((await comparison('soon')).offers.map((o) => o.id)).toEqual([ids.get('soon')]);

    data.setNow('2026-11-22T00:00:00Z');
    expect((await reader().list(listQuery())).pharmProducts.map((o) => o.id)).toEqual([ids.get('later')]);
    const all = await reader().list(listQuery({ inStock: false, sortBy: 'price' }));
    // In stock first, then the rest.
    expect(all.pharmProducts.map((o) => ({ id: o.id, inStock: o.inStock, stale: o.stale }))).toEqual([
      { id: ids.get('later'), inStock: true, stale: false },
      { id: ids.get('soon'), inStock: false, stale: false },
    ]);
    expect((await comparison('soon')).offers).toEqual([]);
    expect(await selling()).toBe(1);

    const checkout = await rpc(service.nc(), Subjects.pharm.checkoutOffers, { pharmProductIds: [ids.get('soon')!, ids.get('later')!] });
    expect(checkout.offers.map((o) => ({ id: o.pharmProductId, inStock: o.inStock, alwaysInStock: o.alwaysInStock }))).toEqual([
      { id: ids.get('soon'), inStock: false, alwaysInStock: false },
      { id: ids.get('later'), inStock: true, alwaysInStock: false },
    ]);
    const cart = await service.app().get(CartOffersReader).resolve([{ pharmProductId: ids.get('soon')!, amount: 1 }]);
    expect(cart.items[0].pharmProduct).toMatchObject({ inStock: false });
  });

  it('tells catalog each offer once as its expiry date comes (the sweep)', async () => {
    const sweep = service.app().get(StaleOfferSweep);
    const { told, restore } = watchOffersTold(service.app(), [...ids.values()]);
    try {
      await data.db.update(staleSweep).set({ expiresAt: '2026-11-21T00:00:00Z', expiredOfferId: 0 });
      data.setNow('2026-11-21T23:00:00Z');
      await sweep.sweep();
      expect(told()).toEqual([]);

      data.setNow('2026-11-22T00:00:00Z');
      await sweep.sweep();
      expect(told()).toEqual([{ id: ids.get('soon'), inStock: false }]);
      await sweep.sweep();
      expect(told()).toEqual([]);
    } finally {
      restore();
    }
  });
});
