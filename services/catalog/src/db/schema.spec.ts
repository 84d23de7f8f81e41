import { CANNABIS_TYPES, FAQ_CATEGORIES, PRODUCT_TYPES, SUPPLY_STATES } from '@mc/contracts';
import { cannabisType, faqCategory, productType, supplyState } from './schema';

describe('catalog schema enums', () => {
  it('hold exactly the values of contracts', () => {
    expect(cannabisType.enumValues).toEqual([...CANNABIS_TYPES]);
    expect(productType.enumValues).toEqual([...PRODUCT_TYPES]);
    expect(faqCategory.enumValues).toEqual([...FAQ_CATEGORIES]);
    expect(supplyState.enumValues).toEqual([...SUPPLY_STATES]);
  });
});
