import { Messages, ORDER_STATUSES, ORDER_TRANSITIONS, type CheckoutOffers, type CouponRecord, type OrderStatus } from '@mc/contracts';
import { toServiceError } from '@mc/kit';
import { priceCart, shippingOf } from '../checkout/pricing';
import { batchPlaced, isFinal, moveOrder, placeBatch, placedHistory, redeemedCoupons, refuseUnplaceable, type OrderForTransition } from './order.aggregate';

const order = (status: OrderStatus): OrderForTransition => ({
  id: 7, batchUid: '0d9c3a4e-6a39-4b8e-9d64-0c2f8e1b7a11', pharmSlug: 'p', status, finalAt: null, items: [{ pharmProductId: 3, amount: 2 }],
});
const at = new Date('2026-01-01T10:00:00Z');

describe('the order aggregate', () => {
  it('allows exactly the transitions of ORDER_TRANSITIONS, yielding history and event', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[from].includes(to)) {
          const t = moveOrder(order(from), to, at, 5);
          expect(t.status).toBe(to);
          expect(t.history).toEqual({ orderId: 7, from, to, at, byUserId: 5 });
          expect(t.event).toEqual({ orderId: 7, batchUid: order(from).batchUid, pharmSlug: 'p', items: [{ pharmProductId: 3, amount: 2 }], from, to });
          expect(t.finalAt).toEqual(isFinal(to) ? at : null);
        } else {
          let thrown: unknown;
          try {
            moveOrder(order(from), to, at, 5);
          } catch (err) {
            thrown = err;
          }
          expect(toServiceError(thrown)).toEqual({ status: 409, code: 'CONFLICT', message: Messages.orderStatusLocked });
        }
      }
    }
  });

  it('never leaves a final status, not even to itself', () => {
    for (const final of ['complete', 'canceled', 'closed'] as const) {
      expect(isFinal(final)).toBe(true);
      for (const to of ORDER_STATUSES) expect(() => moveOrder(order(final), to, at, null)).toThrow();
    }
    expect(() => moveOrder(order('open'), 'open', at, null)).toThrow();
  });
});

describe('placing a batch', () => {
  const pharm = (slug: string) => ({ slug, name: `בית מרקחת ${slug}`, phone: null, address: null, city: null, orderEmail: null });
  const offers: CheckoutOffers = {
    offers: [
      { pharmProductId: 1, pharmSlug: 'a', productSlug: 'p1', productName: 'מוצר 1', published: true, inStock: true, alwaysInStock: false, listPrice: 10_000, price: 9_000, discountCodes: ['C10'] },
      { pharmProductId: 2, pharmSlug: 'b', productSlug: 'p2', productName: 'מוצר 2', published: true, inStock: true, alwaysInStock: false, listPrice: 5_000, price: 5_000, discountCodes: [] },
    ],
    pharms: [pharm('a'), pharm('b')],
    discounts: [],
  };
  const priced = priceCart([{ pharmProductId: 1, amount: 2 }, { pharmProductId: 2, amount: 1 }], offers, ['b']);
  const shipping = shippingOf(priced.pharms, { quotes: [{ pharmSlug: 'a', status: 'matched', price: 1_500, shipmentId: 4 }] });
  const destination = { address: 'הרצל 1', houseNumber: '1', floor: 2, apartment: null };
  const coupon = (code: string, pharmSlug: string) => ({ code, pharmSlug }) as CouponRecord;
  const dto = {
    firstName: 'דנה', lastName: 'כהן', phone: '050-0000000', email: 'd@example.com', notes: ' לכולם ', pharmNotes: [{ pharmSlug: 'b', notes: 'ל-b' }],
    encryptedPii: { keyId: 'k', ciphertext: 'c' },
  };

  it('makes one new order per pharmacy, snapshotted, its lines, the coupons that lowered its prices, its history and the event', () => {
    const redeemed = redeemedCoupons(priced.pharms, [coupon('c10', 'a'), coupon('OTHER', 'a'), coupon('C10', 'b')]);
    const placed = placeBatch({ uid: 'u', userId: 5, fingerprint: 'f', dto, checkout: { priced, shipping, destination }, redeemed, at });
    expect(placed.batch).toEqual({ uid: 'u', userId: 5, fingerprint: 'f', createdAt: at });
    expect(placed.orders.map((o) => [o.order.pharmSlug, o.order.status, o.order.pickup, o.order.address, o.order.notes, o.order.itemsTotal, o.order.shippingPrice, o.order.total, o.order.shipmentId]))
      .toEqual([['a', 'new', false, 'הרצל 1', 'לכולם', 18_000, 1_500, 19_500, 4], ['b', 'new', true, null, 'ל-b', 5_000, 0, 5_000, null]]);
    expect(placed.orders[0].lines).toEqual([{ pharmProductId: 1, productSlug: 'p1', name: 'מוצר 1', amount: 2, unitPrice: 9_000, listPrice: 10_000 }]);
    expect(placed.orders.map((o) => o.redemptions)).toEqual([[{ userId: 5, code: 'C10', pharmSlug: 'a', createdAt: at }], []]);
    expect(placedHistory(11, placed.orders[0])).toEqual({ orderId: 11, from: null, to: 'new', at, byUserId: 5 });
    expect(batchPlaced(placed, [11, 12])).toEqual({
      batchUid: 'u', userId: 5, orders: [{ orderId: 11, pharmSlug: 'a', items: [{ pharmProductId: 1, amount: 2 }] }, { orderId: 12, pharmSlug: 'b', items: [{ pharmProductId: 2, amount: 1 }] }],
    });
  });

  it('refuses a cart with a line that cannot be ordered, or a rejected shipping, with the patient’s message', () => {
    const refusal = (checkout: Parameters<typeof refuseUnplaceable>[0]) => {
      try {
        refuseUnplaceable(checkout);
      } catch (err) {
        return toServiceError(err);
      }
      return undefined;
    };
    expect(refusal({ priced, shipping })).toBeUndefined();
    expect(refusal({ priced: { ...priced, unavailable: [3] }, shipping })).toMatchObject({ status: 400, message: Messages.removeUnavailableItems });
    expect(refusal({ priced, shipping: shippingOf(priced.pharms, null) })).toMatchObject({ status: 400, message: Messages.shippingUnavailable });
  });
});
