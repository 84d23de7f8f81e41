import { discountedUnitPrice } from '@mc/contracts';
import { defaultDiscount, discountInputError, isDiscountActive, toTerms, type DiscountInput } from './discount-rules';

const span = { startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-11-30T00:00:00Z') };

describe('a discount’s validity', () => {
  it('counts from its start to its end, both included, when published', () => {
    const d = { ...span, published: true };
    expect(isDiscountActive(d, new Date('2026-11-15T12:00:00Z'))).toBe(true);
    expect(isDiscountActive(d, span.startsAt)).toBe(true);
    expect(isDiscountActive(d, span.endsAt)).toBe(true);
  });

  it('does not count before its start, after its end, or unpublished', () => {
    const d = { ...span, published: true };
    expect(isDiscountActive(d, new Date(span.startsAt.getTime() - 1))).toBe(false);
    expect(isDiscountActive(d, new Date(span.endsAt.getTime() + 1))).toBe(false);
    expect(isDiscountActive({ ...d, published: false }, new Date('2026-11-15T12:00:00Z'))).toBe(false);
  });
});

describe('a discount’s terms', () => {
  const base = { code: 'C', name: 'n', amountType: 'percent' as const, amount: 10, allowMultiple: false };

  it('covers every offer for all-products and for a coupon without offers, the named ones otherwise', () => {
    expect(toTerms({ ...base, type: 'all-products' }, []).pharmProductIds).toBeNull();
    expect(toTerms({ ...base, type: 'coupon' }, []).pharmProductIds).toBeNull();
    expect(toTerms({ ...base, type: 'coupon' }, [9, 3]).pharmProductIds).toEqual([3, 9]);
    expect(toTerms({ ...base, type: 'specific-products' }, [4]).pharmProductIds).toEqual([4]);
  });

  it('stacks only an all-products discount that allows it', () => {
    expect(toTerms({ ...base, type: 'all-products', allowMultiple: true }, []).allowMultiple).toBe(true);
    expect(toTerms({ ...base, type: 'coupon', allowMultiple: true }, []).allowMultiple).toBe(false);
  });

  it('feeds the contracts’ price rule: a specific-products fixed discount applies to its offer only', () => {
    const terms = [toTerms({ ...base, code: 'F', type: 'specific-products', amountType: 'fixed', amount: 1500 }, [7])];
    expect(discountedUnitPrice(10000, 7, terms)).toEqual({ price: 8500, codes: ['F'] });
    expect(discountedUnitPrice(10000, 8, terms)).toEqual({ price: 10000, codes: [] });
  });
});

describe('a discount’s input', () => {
  const input: DiscountInput = {
    code: 'SAVE_10', name: 'הנחה', type: 'coupon', amountType: 'percent', amount: 10, published: true, allowMultiple: false,
    newCustomersOnly: false, ...span, productSlugs: [],
  };

  it('accepts a well-formed coupon', () => expect(discountInputError(input)).toBeNull());

  it('refuses what back-office.md §5 refuses', () => {
    expect(discountInputError({ ...input, code: 'קוד' })).toBe('bad code');
    expect(discountInputError({ ...input, amount: 0 })).toBe('bad amount');
    expect(discountInputError({ ...input, amount: 101 })).toBe('bad amount');
    expect(discountInputError({ ...input, type: 'all-products', amountType: 'price', amount: 5000 })).toBe('a price amount is for coupons only');
    expect(discountInputError({ ...input, amountType: 'price', amount: 5000 })).toBe('products required');
    expect(discountInputError({ ...input, type: 'specific-products' })).toBe('products required');
    expect(discountInputError({ ...input, allowMultiple: true })).toBe('only all-products discounts stack');
    expect(discountInputError({ ...input, type: 'all-products', newCustomersOnly: true })).toBe('new customers only is for coupons');
    expect(discountInputError({ ...input, startsAt: span.endsAt, endsAt: span.startsAt })).toBe('bad dates');
  });
});

describe('a new discount (back-office.md §9)', () => {
  it('is all-products, 10 percent, published, for a month from now, with an EASY_ code of 8 uppercase letters or digits', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const d = defaultDiscount(now);
    expect(d).toMatchObject({ type: 'all-products', amountType: 'percent', amount: 10, published: true, startsAt: now, endsAt: new Date('2026-12-24T10:00:00Z') });
    expect(d.code).toMatch(/^EASY_[A-Z0-9]{8}$/);
    expect(defaultDiscount(now, () => 0).code).toBe('EASY_AAAAAAAA');
    expect(defaultDiscount(now, (n) => n - 1).code).toBe('EASY_99999999');
    expect(discountInputError({ ...d, name: 'הנחה' })).toBeNull();
  });
});
