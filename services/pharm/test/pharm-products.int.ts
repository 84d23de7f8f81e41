import {
  Events, GEO_SORTS, isOrderable, Messages, parsePharmProductListQuery, parsePriceRange, PER_PAGE, Subjects,
  type ComparisonQuery, type ComparisonResponse, type GeoSort, type OffersChangedEvent, type PharmProductListQuery, type ResolvedCart, type PharmProduct,
} from '@mc/contracts';
import { rpc, rpcUntyped, TestIdentity, waitFor } from '@mc/kit/testing';
import { generateKeyPairSync } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { outbox } from '../src/db/schema';
import { PharmProductsReader } from '../src/pharm-products/pharm-products.reader';
import { PharmsWriter } from '../src/pharms/pharms.writer';
import { ISRAEL_WINTER as T, NIGHT_HOURS, productEvent, usePharm } from './support';

const HAIFA = { lat: 32.794, lng: 34.9896 };
const TEL_AVIV = { lat: 32.0853, lng: 34.7818 };

describe('pharm products: a pharmacy’s list and pages, the comparison, the discounts, updates', () => {
  const service = usePharm('pt-pp');
  const { data } = service;
  const reader = () => service.app().get(PharmProductsReader);
  const company = (c: string) => data.slug(`co-${c}`);
  const ids = new Map<string, number>();
  const id = (pharm: string, product: string) => ids.get(`${pharm}/${product}`)!;
  const products = (res: { pharmProducts: PharmProduct[] }) => res.pharmProducts.map((o) => o.product.slug.replace(`${data.prefix}-`, ''));
  const where = (res: { pharmProducts: PharmProduct[] }) => res.pharmProducts.map((o) => `${o.pharm.slug.replace(`${data.prefix}-`, '')}/${o.product.slug.replace(`${data.prefix}-`, '')}`);
  /** A list query as the gateway parses it from no parameters, with `query`'s values. */
  const listQuery = <S extends GeoSort>(query: Partial<PharmProductListQuery<S>> = {}, sorts?: readonly S[]) => ({ ...parsePharmProductListQuery<S>({}, sorts), ...query });
  const one = (query: Partial<PharmProductListQuery> = {}) => reader().list({ slug: data.slug('one'), ...listQuery(query) });

  beforeAll(async () => {
    data.setNow(T.mondayNoon);
    await data.product('alpha', { hebName: 'אלפא', type: 'flower', cannabisType: 'sativa', thccbdDosage: 'T20/C4', company: company('a'), family: data.slug('fam-a'), isPopular: true, tags: [{ slug: 'sativa', name: 'סאטיבה' }] });
    await data.product('alpha-oil', { hebName: 'שמן אלפא', type: 'oil', cannabisType: 'sativa', thccbdDosage: 'T20/C4', company: company('a'), family: data.slug('fam-a') });
    await data.product('beta', { hebName: 'בטא', type: 'flower', cannabisType: 'indica', thccbdDosage: 'T15/C3', company: company('b'), isNew: true });
    await data.product('gamma', { hebName: 'גמא', type: 'pre-roll', cannabisType: 'hybrid', thccbdDosage: 'T10/C10', company: company('b') });
    await data.product('delta', { name: 'שקיעה סגולה T1/C20', hebName: 'שקיעה סגולה', engName: 'Purple Sunset', type: 'flower', cannabisType: 'indica', thccbdDosage: 'T1/C20', company: company('c') });
    await data.product('gone', { company: company('c') });

    await data.pharmacy('one', { ...TEL_AVIV, shipping: 'no-shipping' });
    await data.pharmacy('two', { ...HAIFA, city: 'חיפה', district: 'חיפה', shipping: 'paid', openingHours: NIGHT_HOURS });
    await data.pharmacy('three', { lat: 32.0684, lng: 34.8248, city: 'רמת גן', shipping: 'free' });
    const p = (name: string) => data.slug(name);
    const offers: [string, Parameters<typeof data.offers>[1]][] = [
      ['one', [
        { productSlug: p('alpha'), price: 20000, isPopular: true },
        { productSlug: p('alpha-oil'), price: 30000, originalPrice: 35000 },
        { productSlug: p('beta'), price: 15000, originalPrice: 15100 },
        { productSlug: p('gamma'), price: 25000, inStock: false },
        { productSlug: p('delta'), price: 18000, isNew: true },
        { productSlug: p('gone'), price: 10000 },
      ]],
      ['two', [
        { productSlug: p('alpha'), price: 21000, isPromoted: true },
        { productSlug: p('beta'), price: 16000, originalPrice: 20000 },
        { productSlug: p('delta'), price: 17000 },
      ]],
      ['three', [
        { productSlug: p('alpha'), price: 19000, published: false },
        { productSlug: p('gamma'), price: 24000, originalPrice: 30000 },
        { productSlug: p('beta'), price: 14000, inStock: false },
      ]],
    ];
    for (const [pharm, list] of offers) {
      for (const [product, offerId] of await data.offers(p(pharm), list)) ids.set(`${pharm}/${product.replace(`${data.prefix}-`, '')}`, offerId);
    }
    await data.applyProduct({ ...productEvent(p('gone')), company: company('c') }, true);
  });

  describe('one pharmacy’s list', () => {
    it('shows published offers in stock by default, in the magic order, with prices in shekels', async () => {
      const res = await one();
      expect(res).toMatchObject({ total: 4, perPage: PER_PAGE.pharmProducts, currentPage: 1 });
      // alpha: popular in the pharmacy and the catalogue; alpha-oil: 14% off; delta: new; beta: 1% off.
      expect(products(res)).toEqual(['alpha', 'alpha-oil', 'delta', 'beta']);
      expect(res.pharmProducts[1]).toMatchObject({
        id: id('one', 'alpha-oil'), pharmProductId: id('one', 'alpha-oil'), totalPrice: 300, originalPrice: 350, discountPercent: 14,
        inStock: true, published: true, isPopular: false,
        product: { slug: data.slug('alpha-oil'), type: 'oil', info: { hebName: 'שמן אלפא', cannabisType: 'sativa', thccbdDosage: 'T20/C4', company: company('a') } },
        pharm: { slug: data.slug('one'), isOpen: true },
      });
      expect(res.pharmProducts[3]).toMatchObject({ totalPrice: 150, originalPrice: 151, discountPercent: 1 });
    });

    it('shows out-of-stock offers last with inStock=0, never unpublished ones or those of a deleted product', async () => {
      const res = await one({ inStock: false });
      expect(res.total).toBe(5);
      expect(products(res).at(-1)).toBe('gamma');
      expect(products(res)).not.toContain('gone');
    });

    it('sorts by price, popular and new', async () => {
      expect(products(await one({ sortBy: 'price' }))).toEqual(['beta', 'delta', 'alpha', 'alpha-oil']);
      expect(products(await one({ sortBy: 'popular' }))[0]).toBe('alpha');
      expect(products(await one({ sortBy: 'new' }))[0]).toBe('delta');
      expect(products(await one({ sortBy: 'nearby' }))).toEqual(products(await one())); // not a sort of this list: magic
    });

    it('filters by type, cannabis type, dosage, company and price range', async () => {
      expect(products(await one({ types: ['oil'] }))).toEqual(['alpha-oil']);
      expect(products(await one({ cannabisTypes: ['indica'], sortBy: 'price' }))).toEqual(['beta', 'delta']);
      expect(products(await one({ dosages: ['T20/C4'], sortBy: 'price' }))).toEqual(['alpha', 'alpha-oil']);
      expect(products(await one({ companies: [company('b')] }))).toEqual(['beta']);
      expect(products(await one({ priceRange: { min: 150, max: 200 }, sortBy: 'price' }))).toEqual(['beta', 'delta', 'alpha']);
      expect(products(await one({ priceRange: parsePriceRange('180-150'), sortBy: 'price' }))).toEqual(['beta', 'delta']);
    });

    it('counts each facet over the filtered set without its own filter', async () => {
      const { filtersData, total } = await one({ cannabisTypes: ['indica'], priceRange: { min: 100, max: 160 } });
      expect(total).toBe(1); // beta
      expect(filtersData.cannabisTypes).toEqual([{ value: 'indica', count: 1 }]); // the sativa offers cost 200 and 300
      expect(filtersData.types).toEqual([{ value: 'flower', count: 1 }]);
      expect(filtersData.companies).toEqual([{ value: company('b'), count: 1 }]);
      expect(filtersData.priceRange).toEqual({ min: 150, max: 180 }); // indica, any price: beta 150, delta 180
      const open = (await one()).filtersData;
      expect(open.cannabisTypes).toEqual([{ value: 'indica', count: 2 }, { value: 'sativa', count: 2 }]);
      expect(open.types).toEqual([{ value: 'flower', count: 3 }, { value: 'oil', count: 1 }]);
      expect(open.dosages).toEqual([{ value: 'T20/C4', count: 2 }, { value: 'T1/C20', count: 1 }, { value: 'T15/C3', count: 1 }]);
      expect(open.priceRange).toEqual({ min: 150, max: 300 });
      // With only indica chosen, the cannabis-type facet still offers sativa (its own filter is left out).
      expect((await one({ cannabisTypes: ['indica'] })).filtersData.cannabisTypes).toEqual([{ value: 'indica', count: 2 }, { value: 'sativa', count: 2 }]);
    });

    it('searches product names in Hebrew and English, forgiving niqqud and a typo', async () => {
      expect(products(await one({ search: 'שקיעה סגולה' }))).toEqual(['delta']);
      expect(products(await one({ search: 'סְגוּלָה' }))).toEqual(['delta']);
      expect(products(await one({ search: 'שקיעא' }))).toEqual(['delta']);
      expect(products(await one({ search: 'purple sunset' }))).toEqual(['delta']);
      expect((await one({ search: 'לא קיים בכלל' })).total).toBe(0);
    });

    it('places firstProduct first when it is in the list, and ignores it otherwise', async () => {
      expect(products(await one({ sortBy: 'price', firstProduct: id('one', 'alpha-oil') }))).toEqual(['alpha-oil', 'beta', 'delta', 'alpha']);
      expect(products(await one({ sortBy: 'price', firstProduct: id('one', 'gamma') }))).toEqual(['beta', 'delta', 'alpha', 'alpha-oil']);
      expect(products(await one({ sortBy: 'price', firstProduct: id('two', 'beta') }))).toEqual(['beta', 'delta', 'alpha', 'alpha-oil']);
    });

    it('answers a page past the end with no offers and the right total', async () => {
      expect(await one({ page: 2 })).toMatchObject({ pharmProducts: [], total: 4, currentPage: 2 });
    });

    it('answers over the bus a query as the gateway parses it (bad values ignored there), 400 for one it did not parse, 404 for an unknown pharmacy', async () => {
      const raw = { page: 'x', sortBy: 'cheapest', types: ['flower', 'bogus'], dosages: 'T20/C4,20%', priceRange: 'cheap', inStock: 'perhaps', lat: String(TEL_AVIV.lat), lng: String(TEL_AVIV.lng) };
      const res = await rpc(service.nc(), Subjects.pharm.pharmProductList, { ...parsePharmProductListQuery(raw), slug: data.slug('one') });
      expect(res.total).toBe(1); // flower and T20/C4 (the rest ignored), in stock by default: alpha
      expect(res.pharmProducts.map((o) => o.product.slug)).toEqual([data.slug('alpha')]);
      expect(res.pharmProducts[0].pharm.distance).toBe(0);
      await expect(rpcUntyped(service.nc(), Subjects.pharm.pharmProductList, { ...raw, slug: data.slug('one') })).rejects.toMatchObject({ status: 400 });
      await expect(rpcUntyped(service.nc(), Subjects.pharm.pharmProductList, { slug: data.slug('one') })).rejects.toMatchObject({ status: 400 });
      await expect(rpc(service.nc(), Subjects.pharm.pharmProductList, { ...listQuery(), slug: 'no-such-pharmacy' })).rejects.toMatchObject({ status: 404, message: Messages.pharmNotFound });
    });
  });

  describe('one offer', () => {
    it('answers the offer, its variants in the same pharmacy and the product’s tags', async () => {
      const res = await rpc(service.nc(), Subjects.pharm.pharmProductGet, { slug: data.slug('one'), id: id('one', 'alpha') });
      expect(res.pharmProduct).toMatchObject({ id: id('one', 'alpha'), totalPrice: 200, isPopular: true, pharm: { slug: data.slug('one') } });
      expect(res.pharmProductVariants.map((o) => o.id)).toEqual([id('one', 'alpha-oil')]);
      expect(res.tags).toEqual([{ slug: 'sativa', name: 'סאטיבה' }]);
    });

    it('answers 400 for an id that is not a number, 404 for an offer not shown in that pharmacy', async () => {
      for (const bad of ['abc', '12a', String(id('one', 'alpha')), -1, 0, 1.5, 2 ** 31, null]) {
        await expect(rpcUntyped(service.nc(), Subjects.pharm.pharmProductGet, { slug: data.slug('one'), id: bad })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
        await expect(rpcUntyped(service.nc(), Subjects.pharm.pharmProductRelated, { slug: data.slug('one'), id: bad })).rejects.toMatchObject({ status: 400, message: Messages.invalidUrl });
      }
      const notShown = [id('two', 'alpha'), id('three', 'alpha'), id('one', 'gone'), 2_000_000_000];
      for (const offerId of notShown) {
        await expect(rpc(service.nc(), Subjects.pharm.pharmProductGet, { slug: data.slug('one'), id: offerId })).rejects.toMatchObject({ status: 404 });
      }
      await expect(rpc(service.nc(), Subjects.pharm.pharmProductGet, { slug: data.slug('three'), id: id('three', 'alpha') })).rejects.toMatchObject({ status: 404 });
      await expect(rpc(service.nc(), Subjects.pharm.pharmProductGet, { slug: 'nowhere', id: id('one', 'alpha') })).rejects.toMatchObject({ status: 404, message: Messages.pharmNotFound });
    });

    it('relates three other offers of the pharmacy: in stock, same cannabis type, closest dosage first', async () => {
      const { related } = await rpc(service.nc(), Subjects.pharm.pharmProductRelated, { slug: data.slug('one'), id: id('one', 'alpha') });
      expect(products({ pharmProducts: related })).toEqual(['alpha-oil', 'beta', 'delta']);
    });
  });

  describe('the comparison across pharmacies', () => {
    const compare = (query: Partial<ComparisonQuery> & { slug: string }) => reader().comparison({ sortBy: 'price', isOpen: false, hasDelivery: false, isPromoted: false, ...query });
    const unprefixed = (slug: string) => slug.replace(`${data.prefix}-`, '');
    const compared = (res: ComparisonResponse) => res.offers.map((o) => `${unprefixed(o.pharm.slug)}/${unprefixed(res.product.slug)}`);

    it('lists the published offers in stock, cheapest first', async () => {
      expect(compared(await compare({ slug: data.slug('alpha') }))).toEqual(['one/alpha', 'two/alpha']); // three's is unpublished
      expect(compared(await compare({ slug: data.slug('beta') }))).toEqual(['one/beta', 'two/beta']); // three's (140) is out of stock
      expect((await compare({ slug: data.slug('gamma') })).offers.map((o) => o.totalPrice)).toEqual([240]);
    });

    it('sorts nearby from the caller (with the distance on each pharmacy), and by price without a location', async () => {
      const near = await compare({ slug: data.slug('beta'), sortBy: 'nearby', location: HAIFA });
      expect(compared(near)).toEqual(['two/beta', 'one/beta']);
      expect(near.offers[0].pharm.distance).toBe(0);
      expect(compared(await compare({ slug: data.slug('delta'), sortBy: 'nearby', location: TEL_AVIV }))).toEqual(['one/delta', 'two/delta']);
      expect(compared(await compare({ slug: data.slug('delta'), sortBy: 'nearby' }))).toEqual(['two/delta', 'one/delta']); // by price: 170, 180
    });

    it('filters by open now, delivery and promoted offers', async () => {
      data.setNow(T.mondayNight);
      expect(compared(await compare({ slug: data.slug('beta'), isOpen: true }))).toEqual(['two/beta']);
      data.setNow(T.mondayNoon);
      expect(compared(await compare({ slug: data.slug('beta'), isOpen: true }))).toEqual(['one/beta']);
      expect(compared(await compare({ slug: data.slug('beta'), hasDelivery: true }))).toEqual(['two/beta']);
      expect(compared(await compare({ slug: data.slug('gamma'), hasDelivery: true }))).toEqual(['three/gamma']);
      expect(compared(await compare({ slug: data.slug('alpha'), isPromoted: true }))).toEqual(['two/alpha']);
    });

    it('answers 404 for a product pharm does not know or that was deleted', async () => {
      for (const slug of ['no-such-product', data.slug('gone'), 'Not A Slug']) {
        await expect(rpc(service.nc(), Subjects.pharm.comparisonList, { slug, sortBy: 'price', isOpen: false, hasDelivery: false, isPromoted: false }))
          .rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
      }
    });
  });

  describe('the discounts page', () => {
    const discounts = (query: Partial<PharmProductListQuery> = {}) =>
      reader().discounts(listQuery({ companies: [company('a'), company('b'), company('c')], ...query }, GEO_SORTS));

    it('lists offers whose discount badge shows (above 1%), with the percent', async () => {
      const res = await discounts({ sortBy: 'price' });
      expect(where(res)).toEqual(['two/beta', 'three/gamma', 'one/alpha-oil']);
      expect(res.pharmProducts.map((o) => o.discountPercent)).toEqual([20, 20, 14]);
      expect(res.total).toBe(3);
    });

    it('sorts nearby from the caller, and filters like the other lists', async () => {
      expect(where(await discounts({ sortBy: 'nearby', location: TEL_AVIV }))).toEqual(['one/alpha-oil', 'three/gamma', 'two/beta']);
      expect(where(await discounts({ sortBy: 'nearby', location: HAIFA }))[0]).toBe('two/beta');
      expect(where(await discounts({ cannabisTypes: ['hybrid'] }))).toEqual(['three/gamma']);
      expect(await discounts({ page: 2 })).toMatchObject({ pharmProducts: [], total: 3 });
    });

    it('answers over the bus', async () => {
      const res = await rpc(service.nc(), Subjects.pharm.discountList, listQuery({ companies: [company('b')], sortBy: 'price' }, GEO_SORTS));
      expect(res.pharmProducts.map((o) => o.id)).toEqual([id('two', 'beta'), id('three', 'gamma')]);
    });
  });

  describe('a cart resolved', () => {
    const resolve = (cartItems: unknown) => rpcUntyped<ResolvedCart>(service.nc(), Subjects.pharm.cartResolve, { cartItems });

    it('answers each line in the cart’s order with its offer as shown now, unavailable ones marked, gone ones null', async () => {
      const cart = [
        { pharmProductId: id('two', 'beta'), amount: 2 },
        { pharmProductId: id('one', 'alpha'), amount: 1 },
        { pharmProductId: id('one', 'gamma'), amount: 3 },
        { pharmProductId: id('three', 'alpha'), amount: 1 },
        { pharmProductId: id('one', 'gone'), amount: 1 },
        { pharmProductId: 2_000_000_000, amount: 10 },
      ];
      const { items } = await resolve(cart);
      expect(items.map(({ pharmProductId, amount }) => ({ pharmProductId, amount }))).toEqual(cart);
      expect(items[0].pharmProduct).toMatchObject({ totalPrice: 160, originalPrice: 200, discountPercent: 20, pharm: { slug: data.slug('two') }, product: { slug: data.slug('beta') } });
      expect(items.map((i) => i.pharmProduct && isOrderable(i))).toEqual([true, true, false, false, null, null]);
      expect(items[2].pharmProduct).toMatchObject({ inStock: false, published: true });
      expect(items[3].pharmProduct).toMatchObject({ inStock: true, published: false });
      expect(await resolve([])).toEqual({ items: [] });
    });

    it('refuses a malformed cart with 400, and more than 10 of one product with the spec’s message', async () => {
      await expect(resolve([{ pharmProductId: id('one', 'alpha'), amount: 11 }])).rejects.toMatchObject({ status: 400, message: Messages.cartLimit });
      for (const bad of [undefined, 'x', [{ pharmProductId: 'a', amount: 1 }], [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 1, amount: 1 }]]) {
        await expect(resolve(bad)).rejects.toMatchObject({ status: 400, message: Messages.badRequest });
      }
    });
  });

  describe('updates', () => {
    // Identity's part: its public keys on `identity.keys.get`, and the callers' tokens signed with them.
    const identity = new TestIdentity();
    const ownerOfOne = () => identity.token({ sub: '9000101', role: 'business_owner', biz: [`pharmacy:${data.slug('one')}`] });
    beforeAll(() => identity.serveKeys(service.nc()));
    afterAll(() => identity.stop());
    /** The back office's command as pharmacy one's owner sends it (its business unless the request names another). */
    const update = (request: Record<string, unknown>, caller: string | null = ownerOfOne()) =>
      rpcUntyped<PharmProduct>(service.nc(), Subjects.pharm.pharmProductUpdate, { businessId: data.slug('one'), ...request }, { caller: caller ?? undefined });

    it("is refused by pharm itself to a patient (403), another pharmacy's owner (404) and an anonymous caller (401), and nothing changes", async () => {
      const offerId = id('one', 'gamma');
      const before = (await reader().shownOffer(offerId))!.totalPrice;
      const events = (await eventsOf(offerId)).length;
      await expect(update({ id: offerId, price: 1 }, identity.token({ sub: '9000102', role: 'user' }))).rejects.toMatchObject({ status: 403 });
      await expect(update({ id: offerId, price: 1 }, identity.token({ sub: '9000103', role: 'business_owner', biz: [`pharmacy:${data.slug('two')}`] }))).rejects.toMatchObject({ status: 404, message: Messages.businessNotFound });
      await expect(update({ id: offerId, price: 1 }, null)).rejects.toMatchObject({ status: 401 });
      expect((await reader().shownOffer(offerId))!.totalPrice).toBe(before);
      expect(await eventsOf(offerId)).toHaveLength(events);
    });

    it('is refused to a forged, an expired and an exp-less token (401)', async () => {
      const offerId = id('one', 'gamma');
      const forged = identity.token({ sub: '9000101', role: 'admin' }, { key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey });
      const expired = identity.token({ sub: '9000101', role: 'business_owner', biz: [`pharmacy:${data.slug('one')}`], exp: Math.floor(Date.now() / 1000) - 60 });
      const noExp = identity.token({ sub: '9000101', role: 'business_owner', biz: [`pharmacy:${data.slug('one')}`], exp: undefined });
      for (const caller of [forged, expired, noExp, identity.token({ sub: '9000101', role: 'admin' }, { kid: 'unknown-kid' })]) {
        await expect(update({ id: offerId, price: 1 }, caller)).rejects.toMatchObject({ status: 401 });
      }
    });

    it("lets the pharmacy's own owner and an admin update, but only an offer of the business named", async () => {
      const offerId = id('one', 'gamma');
      await expect(update({ id: offerId, price: 251 })).resolves.toMatchObject({ id: offerId, totalPrice: 251 });
      const admin = identity.token({ sub: '9000104', role: 'admin' });
      await expect(update({ id: offerId, price: 250 }, admin)).resolves.toMatchObject({ id: offerId, totalPrice: 250 });
      // Pharmacy two's owner naming its own business cannot reach pharmacy one's offer through it.
      const ownerOfTwo = identity.token({ sub: '9000103', role: 'business_owner', biz: [`pharmacy:${data.slug('two')}`] });
      await expect(update({ businessId: data.slug('two'), id: offerId, price: 1 }, ownerOfTwo)).rejects.toMatchObject({ status: 404, message: Messages.productNotFound });
      await expect(update({ businessId: data.slug('two'), id: offerId, price: 1 }, admin)).rejects.toMatchObject({ status: 404 });
    });
    const eventsOf = async (offerId: number) => {
      const rows = await data.db.select().from(outbox)
        .where(and(eq(outbox.subject, Events.pharm.offersChanged), sql`${outbox.envelope} -> 'data' -> 'offers' @> ${JSON.stringify([{ pharmProductId: offerId }])}::jsonb`))
        .orderBy(outbox.id);
      return rows.map((r) => ({ sent: r.sentAt !== null, data: (r.envelope as { data: OffersChangedEvent }).data }));
    };

    it('changes the price and writes the offers event (agorot) in the same transaction, and the relay publishes it', async () => {
      const offerId = id('one', 'alpha');
      const before = (await eventsOf(offerId)).length;
      const res = await update({ id: offerId, price: 199.9 });
      expect(res).toMatchObject({ id: offerId, totalPrice: 199.9, pharm: { slug: data.slug('one') }, product: { slug: data.slug('alpha') } });
      const events = await eventsOf(offerId);
      expect(events).toHaveLength(before + 1);
      expect(events.at(-1)!.data.offers).toEqual([{
        pharmProductId: offerId, productSlug: data.slug('alpha'), pharmSlug: data.slug('one'), price: 19990, originalPrice: null,
        inStock: true, published: true, expiresAt: '2027-06-01T00:00:00.000Z', deleted: false,
      }]);
      await waitFor('the event to be relayed', async () => (await eventsOf(offerId)).at(-1)!.sent, { timeoutMs: 5000 });
      expect((await one({ sortBy: 'price' })).pharmProducts.find((o) => o.id === offerId)!.totalPrice).toBe(199.9);
    });

    it('writes nothing when nothing changes', async () => {
      const offerId = id('one', 'alpha');
      const before = (await eventsOf(offerId)).length;
      await update({ id: offerId, price: 199.9, inStock: true });
      expect(await eventsOf(offerId)).toHaveLength(before);
    });

    it('starts and ends a discount, takes an offer out of stock, and sets the expiry', async () => {
      const offerId = id('one', 'delta');
      expect(await update({ id: offerId, originalPrice: 200 })).toMatchObject({ totalPrice: 180, originalPrice: 200, discountPercent: 10 });
      expect(await update({ id: offerId, price: 210 })).toMatchObject({ totalPrice: 210, originalPrice: null, discountPercent: 0 });
      expect(await update({ id: offerId, inStock: false, expiresAt: '2027-01-31T00:00:00Z' })).toMatchObject({ inStock: false, expiresAt: '2027-01-31T00:00:00.000Z' });
      expect(products(await one())).not.toContain('delta');
      expect(await update({ id: offerId, inStock: true, price: 180, expiresAt: null })).toMatchObject({ inStock: true, expiresAt: null });
      const unpublished = await update({ id: offerId, published: false });
      expect(unpublished).toMatchObject({ published: false });
      expect(products(await one())).not.toContain('delta');
      await update({ id: offerId, published: true });
    });

    it('answers 400 for bad values and an original price not above the price, 404 for an unknown offer', async () => {
      const offerId = id('one', 'beta');
      for (const bad of [{ id: 'x' }, { id: offerId, price: -1 }, { id: offerId, price: 'cheap' }, { id: offerId, price: 1.234 }, { id: offerId, inStock: 'yes' },
        { id: offerId, expiresAt: 'tomorrow' }, { id: offerId, price: null }, { id: offerId, originalPrice: 0 }]) {
        await expect(update(bad)).rejects.toMatchObject({ status: 400 });
      }
      await expect(update({ id: offerId, originalPrice: 150 })).rejects.toMatchObject({ status: 400, message: Messages.originalPriceNotHigher });
      await expect(update({ id: offerId, price: 160, originalPrice: 155 })).rejects.toMatchObject({ status: 400, message: Messages.originalPriceNotHigher });
      await expect(update({ id: 2_000_000_000, price: 100 })).rejects.toMatchObject({ status: 404 });
      expect((await one({ sortBy: 'price' })).pharmProducts[0]).toMatchObject({ id: offerId, totalPrice: 150 });
    });

    it('marks the events of a removed pharmacy’s offers as deleted', async () => {
      const [{ since }] = await data.db.select({ since: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
      await data.pharmacy('four');
      const made = await data.offers(data.slug('four'), [{ productSlug: data.slug('beta'), price: 12000 }]);
      const offerId = made.get(data.slug('beta'))!;
      await service.app().get(PharmsWriter).remove(data.slug('four'));
      const last = (await eventsOf(offerId)).at(-1)!;
      expect(last.data.offers.find((o) => o.pharmProductId === offerId)).toMatchObject({ deleted: true, pharmSlug: data.slug('four') });
      const pharmEvents = await data.db.select().from(outbox)
        .where(and(eq(outbox.subject, Events.pharm.pharmChanged), sql`${outbox.envelope} -> 'data' -> 'pharm' ->> 'slug' = ${data.slug('four')}`, gt(outbox.id, since)))
        .orderBy(outbox.id);
      expect(pharmEvents.map((r) => (r.envelope as { data: { deleted: boolean } }).data.deleted)).toEqual([false, true]);
    });
  });
});
