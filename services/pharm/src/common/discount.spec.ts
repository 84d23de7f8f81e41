import { discountPercent, showDiscountBadge } from '@mc/contracts';
import { isShownDiscount } from './discount';

describe('the discount badge in whole agorot', () => {
  it('agrees with the contracts rule for every price against originals around the 1% line', () => {
    for (const original of [100, 999, 10_000, 19_990, 35_000]) {
      for (let price = Math.floor(original * 0.95); price <= original + 5; price++) {
        expect([price, original, isShownDiscount(price, original)]).toEqual([price, original, showDiscountBadge(discountPercent(price, original))]);
      }
    }
  });

  it('shows nothing without an original price', () => {
    expect(isShownDiscount(10_000, null)).toBe(false);
    expect(isShownDiscount(10_000, undefined)).toBe(false);
  });
});
