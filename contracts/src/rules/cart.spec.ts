import { CART_MAX_PER_PRODUCT, canAddToCart, cartCount, isValidCartAmount, sanitizeCookieCart } from './cart';

describe('cart rules', () => {
  it('caps one product at 10', () => {
    expect(CART_MAX_PER_PRODUCT).toBe(10);
  });

  it.each([
    [0, 1, true],
    [0, 10, true],
    [9, 1, true],
    [4, 6, true],
    [10, 1, false],
    [5, 6, false],
    [0, 11, false],
    [0, 0, false],
    [0, -1, false],
    [0, 1.5, false],
  ])('canAddToCart(%d, %d) is %s', (existing, added, expected) => {
    expect(canAddToCart(existing, added)).toBe(expected);
  });

  it.each([
    [1, true],
    [10, true],
    [0, false],
    [11, false],
    [-2, false],
    [2.5, false],
    [NaN, false],
  ])('isValidCartAmount(%d) is %s', (amount, expected) => {
    expect(isValidCartAmount(amount)).toBe(expected);
  });

  it('counts the sum of amounts', () => {
    expect(cartCount([])).toBe(0);
    expect(cartCount([{ amount: 2 }, { amount: 3 }, { amount: 10 }])).toBe(15);
  });

  it('keeps only cookie entries whose fields are both numbers', () => {
    const good = { pharmProductId: 1, amount: 2 };
    const alsoGood = { pharmProductId: 7, amount: 1, pharmSlug: 'x' };
    const cookie = [
      good,
      { pharmProductId: '1', amount: 2 },
      { pharmProductId: 1, amount: '2' },
      { pharmProductId: 1 },
      { amount: 1 },
      { pharmProductId: NaN, amount: 1 },
      null,
      'x',
      3,
      alsoGood,
    ];
    expect(sanitizeCookieCart(cookie)).toEqual([good, alsoGood]);
  });

  it.each([undefined, null, 'x', {}, 5])('returns an empty cart for %j', (cookie) => {
    expect(sanitizeCookieCart(cookie)).toEqual([]);
  });
});
