import { agorotToShekels, formatShekels, shekelsToAgorot, toInternationalPhone } from './money';

describe('money', () => {
  it.each([
    [0, 0],
    [1999, 19.99],
    [15000, 150],
    [15050, 150.5],
    [1, 0.01],
  ])('%d agorot are %d shekels', (agorot, shekels) => {
    expect(agorotToShekels(agorot)).toBe(shekels);
  });

  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [150, 15000],
    [150.5, 15050],
    [1.005, 101],
    [4.35, 435],
    [0.015, 2],
    [1234567.89, 123456789],
  ])('%d shekels are %d agorot', (shekels, agorot) => {
    expect(shekelsToAgorot(shekels)).toBe(agorot);
    expect(Number.isInteger(shekelsToAgorot(shekels))).toBe(true);
  });

  it('round-trips every agora value up to ₪100', () => {
    for (let agorot = 0; agorot <= 10000; agorot++) {
      expect(shekelsToAgorot(agorotToShekels(agorot))).toBe(agorot);
    }
  });

  it.each([
    [150, '₪150'],
    [150.5, '₪150.50'],
    [19.99, '₪19.99'],
    [0, '₪0'],
    [1250, '₪1,250'],
    [1250.3, '₪1,250.30'],
    [150.001, '₪150'],
    [-10, '-₪10'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatShekels(amount)).toBe(expected);
  });

  it.each([
    ['0501234567', '+972501234567'],
    ['050-1234567', '+972501234567'],
    ['031234567', '+97231234567'],
    ['+972501234567', '+972501234567'],
  ])('turns %s into %s', (local, international) => {
    expect(toInternationalPhone(local)).toBe(international);
  });
});
