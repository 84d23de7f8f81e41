import { Messages, OFFER_STALE_AFTER_MS, Subjects, type Address, type CartAlternatives, type ShippingQuoteRequest, type ShippingQuoteResponse } from '@mc/contracts';
import { rpcUntyped, TestIdentity, waitFor } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { pharmProducts } from '../src/db/schema';
import { usePharm } from './support';

const codec = JSONCodec();
/** Offers' prices are written in agorot. */
const ILS = 100;

/** Another service's handler on `subject`, answered in Nest's framing (`{ response, isDisposed, id }`), until stopped. */
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

describe('cart fill: the pharmacies that have the whole cart, with shipping', () => {
  const service = usePharm('pt-cf');
  const { data } = service;
  const ids = new Map<string, number>();
  const id = (pharm: string, product: string) => ids.get(`${pharm}/${product}`)!;
  const identity = new TestIdentity();
  const patient = () => identity.token({ sub: '9000501', role: 'user' });
  const alternatives = (cartItems: unknown, caller?: string) =>
    rpcUntyped<CartAlternatives>(service.nc(), Subjects.pharm.cartAlternatives, { cartItems }, { caller });
  const where = (answer: CartAlternatives) => answer.options.map((o) => o.pharm.slug.replace(`${data.prefix}-`, ''));

  // The other services the search asks, as tests set them.
  let addresses: Address[] = [];
  let shippingAsked: ShippingQuoteRequest[] = [];
  let shippingAnswer: (request: ShippingQuoteRequest) => ShippingQuoteResponse['quotes'] = () => [];
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    await identity.serveKeys(service.nc());
    subscriptions.push(
      await serve(service.nc(), Subjects.identity.addressList, () => ({ addresses })),
      await serve<ShippingQuoteRequest>(service.nc(), Subjects.shippingQuote.quote, (request) => {
        shippingAsked.push(request);
        return { quotes: shippingAnswer(request) };
      }),
    );

    const family = data.slug('fam');
    await data.product('alpha', { hebName: 'אלפא', thccbdDosage: 'T20/C4', family });
    await data.product('alpha-2', { hebName: 'אלפא 2', thccbdDosage: 'T20/C4', family });
    await data.product('alpha-weak', { hebName: 'אלפא חלש', thccbdDosage: 'T15/C3', family });
    await data.product('beta', { hebName: 'בטא', thccbdDosage: 'T10/C10', family: null });

    // The cart is here; pickup only.
    await data.pharmacy('one', { shipping: 'no-shipping' });
    // The same family at the same dosage for alpha: cheapest for pickup, but its delivery costs.
    await data.pharmacy('two', { shipping: 'paid' });
    // The same products; free delivery.
    await data.pharmacy('three', { shipping: 'free' });
    // Alpha out of stock, and only a weaker alpha of the family: cannot fill the cart.
    await data.pharmacy('four', { shipping: 'free' });
    // Alpha unpublished: cannot fill the cart either.
    await data.pharmacy('five', { shipping: 'no-shipping' });
    // No beta at all.
    await data.pharmacy('six', { shipping: 'no-shipping' });

    const put = async (pharm: string, offers: Parameters<typeof data.offers>[1]) => {
      for (const [slug, offerId] of await data.offers(data.slug(pharm), offers)) ids.set(`${pharm}/${slug.replace(`${data.prefix}-`, '')}`, offerId);
    };
    await put('one', [{ productSlug: data.slug('alpha'), price: 100 * ILS }, { productSlug: data.slug('beta'), price: 50 * ILS }]);
    await put('two', [
      { productSlug: data.slug('alpha-2'), price: 80 * ILS }, { productSlug: data.slug('beta'), price: 40 * ILS },
      // Pricier than alpha-2, and not in stock: alpha-2 fills the line.
      { productSlug: data.slug('alpha'), price: 70 * ILS, inStock: false },
    ]);
    await put('three', [
      { productSlug: data.slug('alpha'), price: 90 * ILS }, { productSlug: data.slug('alpha-2'), price: 85 * ILS }, { productSlug: data.slug('beta'), price: 45 * ILS },
    ]);
    await put('four', [
      { productSlug: data.slug('alpha'), price: 10 * ILS, inStock: false }, { productSlug: data.slug('alpha-weak'), price: 10 * ILS }, { productSlug: data.slug('beta'), price: 10 * ILS },
    ]);
    await put('five', [{ productSlug: data.slug('alpha'), price: 10 * ILS, published: false }, { productSlug: data.slug('beta'), price: 10 * ILS }]);
    await put('six', [{ productSlug: data.slug('alpha'), price: 10 * ILS }]);
  });

  afterAll(() => {
    for (const s of subscriptions) s.unsubscribe();
    identity.stop();
  });

  beforeEach(() => {
    addresses = [];
    shippingAsked = [];
    shippingAnswer = () => [];
  });

  const cart = () => [{ pharmProductId: id('one', 'alpha'), amount: 2 }, { pharmProductId: id('one', 'beta'), amount: 1 }];

  it('signed out: the pharmacies with every line in stock (the same product, or its family at the same dosage), cheapest first, for pickup', async () => {
    const answer = await alternatives(cart());
    expect(answer.shipTo).toBe('pickup');
    // two: 2 × 80 + 40; three: 2 × 90 + 45 (its own alpha before the cheaper alpha-2); one: 2 × 100 + 50, the cart itself.
    expect(where(answer)).toEqual(['two', 'three', 'one']);
    expect(answer.options.map((o) => [o.itemsTotal, o.shipping, o.total, o.isCurrent])).toEqual([
      [200, { method: 'pickup', price: 0 }, 200, false],
      [225, { method: 'pickup', price: 0 }, 225, false],
      [250, { method: 'pickup', price: 0 }, 250, true],
    ]);
    expect(answer.options[0].lines).toEqual([
      { fromPharmProductId: id('one', 'alpha'), pharmProductId: id('two', 'alpha-2'), amount: 2, sameProduct: false, productName: 'אלפא 2', thccbdDosage: 'T20/C4', unitPrice: 80 },
      { fromPharmProductId: id('one', 'beta'), pharmProductId: id('two', 'beta'), amount: 1, sameProduct: true, productName: 'בטא', thccbdDosage: 'T10/C10', unitPrice: 40 },
    ]);
    expect(answer.options[1].lines.map((l) => [l.pharmProductId, l.sameProduct])).toEqual([[id('three', 'alpha'), true], [id('three', 'beta'), true]]);
    expect(answer.options[0].pharm).toEqual({ slug: data.slug('two'), name: `בית מרקחת ${data.slug('two')}`, city: 'תל אביב-יפו', logo_url: null });
    expect(shippingAsked).toEqual([]);
  });

  it('signed in with a default address: delivery priced by shipping-quote where the pharmacy ships, the order by the total with it', async () => {
    addresses = [
      { id: 1, address: 'הרצל 5, חיפה', houseNumber: '5', floor: null, apartment: null, isDefault: false },
      { id: 2, address: 'דיזנגוף 50, תל אביב-יפו', houseNumber: '50', floor: 2, apartment: 4, isDefault: true },
    ];
    shippingAnswer = ({ pharms }) => pharms.map((p) => (p.pharmSlug === data.slug('two')
      ? { pharmSlug: p.pharmSlug, status: 'matched', price: 6000, shipmentId: 1 }
      : { pharmSlug: p.pharmSlug, status: 'matched', price: 0, shipmentId: 2 }));
    const answer = await alternatives(cart(), patient());
    expect(answer.shipTo).toBe('default-address');
    // Pharmacy one ships nowhere: only two and three are asked, with their carts in agorot.
    expect(shippingAsked).toHaveLength(1);
    expect(shippingAsked[0].address).toEqual({ address: 'דיזנגוף 50, תל אביב-יפו', houseNumber: '50' });
    expect([...shippingAsked[0].pharms].sort((a, b) => a.pharmSlug.localeCompare(b.pharmSlug))).toEqual([
      { pharmSlug: data.slug('three'), pickup: false, totalPrice: 22500, itemsCount: 3 },
      { pharmSlug: data.slug('two'), pickup: false, totalPrice: 20000, itemsCount: 3 },
    ]);
    expect(where(answer)).toEqual(['three', 'one', 'two']);
    expect(answer.options.map((o) => [o.shipping, o.total])).toEqual([
      [{ method: 'delivery', price: 0 }, 225],
      [{ method: 'pickup', price: 0 }, 250],
      [{ method: 'delivery', price: 60 }, 260],
    ]);
  });

  it('prices a pharmacy for pickup when shipping-quote rejects the address, and everyone when no address is the default', async () => {
    addresses = [{ id: 2, address: 'דיזנגוף 50, תל אביב-יפו', houseNumber: '50', floor: null, apartment: null, isDefault: true }];
    shippingAnswer = ({ pharms }) => pharms.map((p) => (p.pharmSlug === data.slug('two')
      ? { pharmSlug: p.pharmSlug, status: 'rejected', price: 0, rejectCode: 'ShipmentNoMatch' }
      : { pharmSlug: p.pharmSlug, status: 'matched', price: 1500, shipmentId: 2 }));
    const answer = await alternatives(cart(), patient());
    expect(answer.options.map((o) => [o.pharm.slug.replace(`${data.prefix}-`, ''), o.shipping.method, o.total])).toEqual([
      ['two', 'pickup', 200], ['three', 'delivery', 240], ['one', 'pickup', 250],
    ]);

    addresses = [{ id: 2, address: 'דיזנגוף 50, תל אביב-יפו', houseNumber: '50', floor: null, apartment: null, isDefault: false }];
    shippingAsked = [];
    const none = await alternatives(cart(), patient());
    expect(none.shipTo).toBe('pickup');
    expect(where(none)).toEqual(['two', 'three', 'one']);
    expect(shippingAsked).toEqual([]);
  });

  it('prices each pharmacy as checkout does: after its discounts, never a coupon the patient has not entered', async () => {
    await data.discounts(data.slug('three'), [
      { code: 'CF_ALL20', type: 'all-products', amountType: 'percent', amount: 20 },
      { code: 'CF_COUPON', type: 'coupon', amountType: 'percent', amount: 50 },
    ]);
    try {
      const answer = await alternatives(cart());
      // three: 2 × 72 + 36 (20% off 90 and 45), now below two's 200.
      expect(where(answer)).toEqual(['three', 'two', 'one']);
      expect(answer.options[0]).toMatchObject({ itemsTotal: 180, total: 180 });
      expect(answer.options[0].lines.map((l) => l.unitPrice)).toEqual([72, 36]);
    } finally {
      await data.discounts(data.slug('three'), []);
    }
  });

  it('leaves out a pharmacy whose offer went stale (not confirmed for over 72 hours)', async () => {
    const beta = id('two', 'beta');
    const [{ confirmedAt }] = await data.db.select({ confirmedAt: pharmProducts.confirmedAt }).from(pharmProducts).where(eq(pharmProducts.id, beta));
    await data.db.update(pharmProducts).set({ confirmedAt: new Date(Date.now() - OFFER_STALE_AFTER_MS - 60_000) }).where(eq(pharmProducts.id, beta));
    try {
      await waitFor('the stale offer in the index', async () => where(await alternatives(cart())), { until: (w) => !w.includes('two'), timeoutMs: 2000 });
      expect(where(await alternatives(cart()))).toEqual(['three', 'one']);
    } finally {
      await data.db.update(pharmProducts).set({ confirmedAt }).where(eq(pharmProducts.id, beta));
      await waitFor('the offer confirmed again', async () => where(await alternatives(cart())), { until: (w) => w.includes('two'), timeoutMs: 2000 });
    }
  });

  it('finds no pharmacy when none has every line, or a line is no offer it knows; two lines one offer fills stay within 10', async () => {
    // alpha-weak is four's alone, and four has no alpha of T20/C4 in stock.
    expect((await alternatives([{ pharmProductId: id('four', 'alpha-weak'), amount: 1 }, { pharmProductId: id('six', 'alpha'), amount: 1 }])).options
      .map((o) => o.pharm.slug)).toEqual([]);
    expect((await alternatives([{ pharmProductId: id('one', 'alpha'), amount: 1 }, { pharmProductId: 2_000_000_000, amount: 1 }])).options).toEqual([]);
    expect(await alternatives([])).toEqual({ shipTo: 'pickup', options: [] });
    // alpha of one and of three: 6 + 5 of one offer is over the limit everywhere.
    expect((await alternatives([{ pharmProductId: id('one', 'alpha'), amount: 6 }, { pharmProductId: id('three', 'alpha'), amount: 5 }])).options).toEqual([]);
    // 6 + 4: each pharmacy fills both lines with one offer (two with alpha-2, the others with alpha).
    const merged = await alternatives([{ pharmProductId: id('one', 'alpha'), amount: 6 }, { pharmProductId: id('three', 'alpha'), amount: 4 }]);
    expect(where(merged)).toEqual(['six', 'two', 'three', 'one']);
    expect(merged.options[1].lines.map((l) => [l.pharmProductId, l.amount])).toEqual([[id('two', 'alpha-2'), 6], [id('two', 'alpha-2'), 4]]);
  });

  it('refuses a malformed cart with 400, more than 10 of one product with the spec’s message, and a bad token with 401', async () => {
    await expect(alternatives([{ pharmProductId: id('one', 'alpha'), amount: 11 }])).rejects.toMatchObject({ status: 400, message: Messages.cartLimit });
    for (const bad of [undefined, 'x', [{ pharmProductId: 'a', amount: 1 }], [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 1, amount: 1 }]]) {
      await expect(alternatives(bad)).rejects.toMatchObject({ status: 400, message: Messages.badRequest });
    }
    await expect(alternatives(cart(), identity.token({ sub: '9000501', role: 'user' }, { kid: 'unknown-kid' }))).rejects.toMatchObject({ status: 401 });
  });
});
