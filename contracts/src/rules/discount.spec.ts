import { discountPercent, showDiscountBadge } from './discount';

describe('discountPercent', () => {
  it.each([
    [90, 100, 10],
    [150, 200, 25],
    [99, 100, 1],
    [66, 100, 34],
    [200, 300, 33],
    [0, 100, 100],
  ])('price %d of %d is %d%%', (price, original, expected) => {
    expect(discountPercent(price, original)).toBe(expected);
  });

  it.each([
    [100, null],
    [100, undefined],
    [100, 0],
    [100, 100],
    [100, 90],
  ])('is 0 for price %d and original %j', (price, original) => {
    expect(discountPercent(price, original)).toBe(0);
  });
});

describe('showDiscountBadge', () => {
  it.each([
    [2, true],
    [50, true],
    [1, false],
    [0, false],
  ])('%d%% shows: %s', (percent, expected) => {
    expect(showDiscountBadge(percent)).toBe(expected);
  });
});
