import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { BusinessMessages } from '../business/messages';
import { DEFAULT_PHARM_PRODUCT, PharmProductCreateCommand, PharmProductFields, PharmProductsUpdateCommand } from './business-products';

/** The first message of each failing property, as the services (firstValidationMessage) and the web form show it. */
function firstErrors(plain: object, dto: new () => object = PharmProductFields): Record<string, string> {
  return Object.fromEntries(validateSync(plainToInstance(dto, plain)).map((e) => [e.property, Object.values(e.constraints ?? {})[0]]));
}

describe('PharmProductFields (spec §5 Product)', () => {
  it('accepts the default product of spec §9 and an own price, stock and expiry', () => {
    expect(firstErrors(DEFAULT_PHARM_PRODUCT)).toEqual({});
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, alwaysInStock: false, amount: 12, price: '249.90', expiresAt: '2027-01-31' })).toEqual({});
  });

  it("says 'חובה להזין מחיר' for a missing price, 'יש להזין מחיר תקין' for a negative one", () => {
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, price: undefined })).toEqual({ price: BusinessMessages.priceRequired });
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, price: '' })).toEqual({ price: BusinessMessages.priceRequired });
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, price: 'abc' })).toEqual({ price: BusinessMessages.priceRequired });
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, price: -1 })).toEqual({ price: BusinessMessages.priceInvalid });
  });

  it("asks for the stock amount ('חובה להזין כמות מלאי') only while not always in stock", () => {
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, alwaysInStock: false, amount: undefined })).toEqual({ amount: BusinessMessages.stockRequired });
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, alwaysInStock: false, amount: -1 })).toEqual({ amount: BusinessMessages.stockRequired });
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, alwaysInStock: true, amount: undefined })).toEqual({});
  });

  it('validates the create command and each edit of the update list', () => {
    expect(firstErrors({ ...DEFAULT_PHARM_PRODUCT, productSlug: 'a-product', businessId: 'merkaz-tel-aviv' }, PharmProductCreateCommand)).toEqual({});
    const errors = validateSync(plainToInstance(PharmProductsUpdateCommand, { businessId: 'merkaz-tel-aviv', pharmProducts: [{ ...DEFAULT_PHARM_PRODUCT, id: 1, price: undefined }] }));
    expect(JSON.stringify(errors)).toContain(BusinessMessages.priceRequired);
  });
});
