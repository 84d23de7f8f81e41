import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ShipmentCreateCommand } from '../shipping/shipments';

describe('a nested list of a back-office form', () => {
  it("applies its rows' own transforms: a number typed into a form arrives as text and is read as a number", () => {
    const form = plainToInstance(ShipmentCreateCommand, {
      businessId: 'merkaz-tel-aviv', name: 'משלוח', published: true, addresses: [{ locationId: 3 }],
      pricings: [{ quantityType: 'min-total-price', quantity: '0', amountType: 'fixed', amount: '17.5' }],
    });
    expect(form.pricings[0]).toMatchObject({ quantity: 0, amount: 17.5 });
    expect(validateSync(form)).toEqual([]);
  });

  it("still refuses a row's field that is no number, with the spec's words", () => {
    const form = plainToInstance(ShipmentCreateCommand, {
      businessId: 'merkaz-tel-aviv', name: 'משלוח', published: true, addresses: [{ locationId: 3 }],
      pricings: [{ quantityType: 'min-total-price', quantity: '', amountType: 'fixed', amount: 'abc' }],
    });
    const [pricings] = validateSync(form);
    expect(pricings.property).toBe('pricings');
    expect(JSON.stringify(pricings.children)).toContain('שדה חובה');
  });
});
