import type { CheckoutOffer, CheckoutOffers } from '@mc/contracts';
import { priceCart, shippingOf, toQuote } from './pricing';

const offer = (pharmProductId: number, pharmSlug: string, listPrice: number, price: number, extra: Partial<CheckoutOffer> = {}): CheckoutOffer => ({
  pharmProductId, pharmSlug, productSlug: `p${pharmProductId}`, productName: `מוצר ${pharmProductId}`, published: true, inStock: true, alwaysInStock: false,
  listPrice, price, discountCodes: price < listPrice ? ['ALL10'] : [], ...extra,
});
const pharm = (slug: string) => ({ slug, name: `בית מרקחת ${slug}`, phone: null, address: null, city: null, orderEmail: `orders@${slug}.test` });
const offers: CheckoutOffers = {
  offers: [offer(1, 'a', 10_000, 9_000), offer(2, 'b', 5_000, 5_000), offer(3, 'a', 2_000, 1_800), offer(4, 'b', 100, 100, { inStock: false }), offer(5, 'b', 100, 100, { inStock: false, alwaysInStock: true })],
  pharms: [pharm('a'), pharm('b')],
  discounts: [{ pharmSlug: 'a', code: 'ALL10', name: '10% על הכל', type: 'all-products', amountType: 'percent', amount: 10, allowMultiple: false, pharmProductIds: null }],
};

describe('pricing a cart', () => {
  it('groups lines by pharmacy in cart order, totals them in agorot and names the discounts', () => {
    const priced = priceCart([{ pharmProductId: 2, amount: 1 }, { pharmProductId: 1, amount: 2 }, { pharmProductId: 3, amount: 1 }, { pharmProductId: 5, amount: 1 }], offers, ['b']);
    expect(priced.unavailable).toEqual([]);
    expect(priced.pharms.map((p) => [p.pharm.slug, p.pickup, p.itemsCount, p.itemsTotal, p.listTotal, p.discountsTotal])).toEqual([
      ['b', true, 2, 5_100, 5_100, 0],
      ['a', false, 3, 19_800, 22_000, 2_200],
    ]);
    expect(priced.pharms[1].discounts).toEqual([{ code: 'ALL10', name: '10% על הכל' }]);
  });

  it('sets aside lines that are gone, unpublished or out of stock (unless always in stock)', () => {
    const withHidden = { ...offers, offers: [...offers.offers, offer(6, 'a', 100, 100, { published: false })] };
    expect(priceCart([{ pharmProductId: 4, amount: 1 }, { pharmProductId: 6, amount: 1 }, { pharmProductId: 99, amount: 1 }, { pharmProductId: 5, amount: 1 }], withHidden, []).unavailable).toEqual([4, 6, 99]);
  });

  it("quotes in shekels: pickup free, delivered as shipping-quote said, 'Error' when it could not say", () => {
    const priced = priceCart([{ pharmProductId: 1, amount: 1 }, { pharmProductId: 2, amount: 1 }], offers, []);
    const shipping = shippingOf(priced.pharms, { quotes: [
      { pharmSlug: 'a', status: 'matched', price: 2_500, shipmentId: 7 },
      { pharmSlug: 'b', status: 'rejected', price: 0, rejectCode: 'ShippingMinPricing', minPricing: { quantityType: 'min-total-price', quantity: 20_000 } },
    ] });
    const quote = toQuote(priced.pharms, shipping, ['CODE']);
    expect(quote).toMatchObject({ pharmsCount: 2, shipping: { price: 25 }, totalPrice: 90 + 25 + 50, cart: { itemsCount: 2, totalOriginalPrice: 150, totalDiscounts: 10 }, couponCodes: ['CODE'] });
    expect(quote.pharmsQuotes[0]).toMatchObject({ pharmSlug: 'a', totalPrice: 115, shipping: { status: 'matched', price: 25 } });
    expect(quote.pharmsQuotes[1].shipping).toEqual({ status: 'rejected', price: 0, rejectCode: 'ShippingMinPricing', rejectPayload: { pharmName: 'בית מרקחת b', minPricing: { quantityType: 'min-total-price', quantity: 200 } } });
    expect(shippingOf(priced.pharms, null).map((s) => s.rejectCode)).toEqual(['Error', 'Error']);
    expect(shippingOf(priceCart([{ pharmProductId: 1, amount: 1 }], offers, ['a']).pharms, null)).toEqual([{ status: 'matched', price: 0, shipmentId: null }]);
  });
});
