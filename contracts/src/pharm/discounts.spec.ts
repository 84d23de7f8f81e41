import { applyDiscount, discountedUnitPrice, type DiscountTerms } from './discounts';

const terms = (over: Partial<DiscountTerms>): DiscountTerms => ({
  code: 'X', name: 'x', type: 'all-products', amountType: 'percent', amount: 10, allowMultiple: false, pharmProductIds: null, ...over,
});

describe('applyDiscount', () => {
  it('takes a percent, a fixed amount off, or sets a price', () => {
    expect(applyDiscount(20000, { amountType: 'percent', amount: 10 })).toBe(18000);
    expect(applyDiscount(20000, { amountType: 'fixed', amount: 2550 })).toBe(17450);
    expect(applyDiscount(20000, { amountType: 'price', amount: 15000 })).toBe(15000);
  });

  it('never drops below 0 and a price never raises the unit price', () => {
    expect(applyDiscount(1000, { amountType: 'fixed', amount: 5000 })).toBe(0);
    expect(applyDiscount(1000, { amountType: 'percent', amount: 150 })).toBe(0);
    expect(applyDiscount(1000, { amountType: 'price', amount: 5000 })).toBe(1000);
  });
});

describe('discountedUnitPrice', () => {
  it('picks the best discount that does not stack, only for the offers it names', () => {
    const discounts = [terms({ code: 'A', amount: 10 }), terms({ code: 'B', type: 'specific-products', amountType: 'fixed', amount: 5000, pharmProductIds: [7] })];
    expect(discountedUnitPrice(20000, 7, discounts)).toEqual({ price: 15000, codes: ['B'] });
    expect(discountedUnitPrice(20000, 8, discounts)).toEqual({ price: 18000, codes: ['A'] });
  });

  it('stacks all-products discounts that allow it on top of the best one', () => {
    const discounts = [terms({ code: 'COUPON', type: 'coupon', amountType: 'fixed', amount: 2000 }), terms({ code: 'ALL', allowMultiple: true, amount: 10 })];
    expect(discountedUnitPrice(20000, 1, discounts)).toEqual({ price: 16200, codes: ['COUPON', 'ALL'] });
  });

  it('leaves the price as it is without discounts', () => {
    expect(discountedUnitPrice(20000, 1, [])).toEqual({ price: 20000, codes: [] });
  });
});
