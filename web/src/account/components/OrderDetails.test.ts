import { describe, expect, it } from 'vitest';
import { customerOrder } from './order-fixtures.test-data';
import { deliveryText } from './OrderDetails';

describe('deliveryText', () => {
  it('puts the house number after the street when the address text has none', () => {
    const order = customerOrder(1, { pickup: false, address: { address: 'שדרות רוטשילד, תל אביב', houseNumber: '5', floor: 2, apartment: 7 } });
    expect(deliveryText(order)).toBe('משלוח לכתובת: שדרות רוטשילד 5, תל אביב, קומה 2, דירה 7');
  });

  it("does not repeat the house number the address search's text already holds", () => {
    const order = customerOrder(1, { pickup: false, address: { address: 'יפו 20, ירושלים', houseNumber: '20', floor: 2, apartment: null } });
    expect(deliveryText(order)).toBe('משלוח לכתובת: יפו 20, ירושלים, קומה 2');
  });

  it('says pickup for a picked-up order', () => {
    expect(deliveryText(customerOrder(1))).toBe('איסוף עצמי מבית המרקחת');
  });
});
