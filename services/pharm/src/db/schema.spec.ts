import { ANNOUNCEMENT_TYPES, DISCOUNT_AMOUNT_TYPES, DISCOUNT_TYPES, PHARM_SHIPPING, PHARM_STATES, STOCK_FEED_STATES } from '@mc/contracts';
import { announcementType, discountAmountType, discountType, pharmShipping, pharmState, stockFeedState } from './schema';

describe('the schema', () => {
  it('keeps the shipping tags of contracts (written literally for drizzle-kit)', () => {
    expect(pharmShipping.enumValues).toEqual([...PHARM_SHIPPING]);
    expect(stockFeedState.enumValues).toEqual([...STOCK_FEED_STATES]);
  });

  it('keeps the discount types and amount types of contracts', () => {
    expect(discountType.enumValues).toEqual([...DISCOUNT_TYPES]);
    expect(discountAmountType.enumValues).toEqual([...DISCOUNT_AMOUNT_TYPES]);
  });

  it('keeps the announcement types of contracts', () => {
    expect(announcementType.enumValues).toEqual([...ANNOUNCEMENT_TYPES]);
  });

  it('keeps the pharmacy states of contracts', () => {
    expect(pharmState.enumValues).toEqual([...PHARM_STATES]);
  });
});
