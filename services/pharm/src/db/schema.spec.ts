import { ANNOUNCEMENT_TYPES, DISCOUNT_AMOUNT_TYPES, DISCOUNT_TYPES, PHARM_SHIPPING } from '@mc/contracts';
import { announcementType, discountAmountType, discountType, pharmShipping } from './schema';

describe('the schema', () => {
  it('keeps the shipping tags of contracts (written literally for drizzle-kit)', () => {
    expect(pharmShipping.enumValues).toEqual([...PHARM_SHIPPING]);
  });

  it('keeps the discount types and amount types of contracts', () => {
    expect(discountType.enumValues).toEqual([...DISCOUNT_TYPES]);
    expect(discountAmountType.enumValues).toEqual([...DISCOUNT_AMOUNT_TYPES]);
  });

  it('keeps the announcement types of contracts', () => {
    expect(announcementType.enumValues).toEqual([...ANNOUNCEMENT_TYPES]);
  });
});
