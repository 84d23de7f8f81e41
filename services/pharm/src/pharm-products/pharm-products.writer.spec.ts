import { Messages } from '@mc/contracts';
import { applyUpdate } from './pharm-products.writer';
import type { OfferRow } from '../offers/offer-view';

const row: OfferRow = {
  id: 1, pharmId: 1, productSlug: 'p', price: 20000, originalPrice: 25000, inStock: true, amount: 4, alwaysInStock: false, published: true,
  expiresAt: new Date('2027-01-01T00:00:00Z'), isPopular: true, isNew: false, isPromoted: false, catalogPrice: false, isYarpaLocked: false, bumpedAt: null,
  createdAt: new Date(), updatedAt: new Date(), confirmedAt: new Date(), priceBefore: null, priceDroppedAt: null,
};

describe('an update request applied to an offer', () => {
  it('leaves out what the request leaves out, converting shekels to agorot', () => {
    expect(applyUpdate(row, { id: 1, price: 199.9 })).toMatchObject({ price: 19990, originalPrice: 25000, inStock: true, amount: 4, isPopular: true });
    expect(applyUpdate(row, { id: 1 })).toMatchObject({ price: 20000, originalPrice: 25000, expiresAt: row.expiresAt });
  });

  it('ends the discount when the price reaches the standing original, or when asked', () => {
    expect(applyUpdate(row, { id: 1, price: 250 }).originalPrice).toBeNull();
    expect(applyUpdate(row, { id: 1, originalPrice: null }).originalPrice).toBeNull();
  });

  it('refuses an original price given at or below the price', () => {
    expect(() => applyUpdate(row, { id: 1, originalPrice: 200 })).toThrow(expect.objectContaining({ error: expect.objectContaining({ status: 400, message: Messages.originalPriceNotHigher }) }));
  });

  it('zeroes the amount when out of stock and forgets a zero amount when back in stock', () => {
    const out = applyUpdate(row, { id: 1, inStock: false });
    expect(out).toMatchObject({ inStock: false, amount: 0 });
    expect(applyUpdate({ ...row, ...out }, { id: 1, inStock: true })).toMatchObject({ inStock: true, amount: null });
  });

  it('sets and clears the expiry', () => {
    expect(applyUpdate(row, { id: 1, expiresAt: '2027-05-01T00:00:00Z' }).expiresAt).toEqual(new Date('2027-05-01T00:00:00Z'));
    expect(applyUpdate(row, { id: 1, expiresAt: null }).expiresAt).toBeNull();
  });
});
