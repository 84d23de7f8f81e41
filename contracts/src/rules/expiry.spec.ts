import { discountValidityBadge, productExpiryBadge } from './expiry';

const now = new Date('2025-06-01T12:00:00Z');

describe('productExpiryBadge', () => {
  it.each(['2025-05-01T00:00:00Z', '2025-06-01T11:59:59Z', '2025-06-01T12:00:00Z'])('is expired at %s', (date) => {
    expect(productExpiryBadge(date, now)).toEqual({ kind: 'expired' });
  });

  it.each(['2025-06-01T12:00:01Z', '2025-06-15T00:00:00Z', '2025-07-01T12:00:00Z'])('is short at %s', (date) => {
    expect(productExpiryBadge(date, now)).toEqual({ kind: 'short' });
  });

  it('is valid with its date beyond 30 days', () => {
    expect(productExpiryBadge('2025-07-01T12:00:01Z', now)).toEqual({
      kind: 'valid',
      until: new Date('2025-07-01T12:00:01Z'),
    });
    expect(productExpiryBadge(new Date('2026-01-01T00:00:00Z'), now)).toEqual({
      kind: 'valid',
      until: new Date('2026-01-01T00:00:00Z'),
    });
  });
});

describe('discountValidityBadge', () => {
  it.each([
    ['2025-05-01T00:00:00Z', '2025-05-31T00:00:00Z', 'expired'],
    ['2025-06-02T00:00:00Z', '2025-07-01T00:00:00Z', 'inactive'],
    ['2025-05-01T00:00:00Z', '2025-07-01T00:00:00Z', null],
    ['2025-06-01T12:00:00Z', '2025-07-01T00:00:00Z', null],
  ])('from %s to %s is %s', (start, end, expected) => {
    expect(discountValidityBadge(start, end, now)).toBe(expected);
  });

  it('accepts Date objects', () => {
    expect(discountValidityBadge(new Date('2025-01-01'), new Date('2025-02-01'), now)).toBe('expired');
  });
});
