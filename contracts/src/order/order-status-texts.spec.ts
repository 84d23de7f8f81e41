import { ORDER_STATUSES } from './orders';
import { orderStatusMeaning } from './order-status-texts';

describe("the patient's meaning of an order's status", () => {
  const pharm = { phone: '03-5551234' };

  it('tells a pickup patient not to come before the pharmacy is done, and when to come', () => {
    expect(orderStatusMeaning({ status: 'pending', pickup: true, pharm })).toContain('עדיין אין להגיע לאיסוף');
    expect(orderStatusMeaning({ status: 'open', pickup: true, pharm })).toContain('עדיין אין להגיע לאיסוף');
    expect(orderStatusMeaning({ status: 'complete', pickup: true, pharm })).toContain('אפשר להגיע לאסוף אותה');
  });

  it('tells a delivery patient when the delivery leaves and what to do if it did not come', () => {
    expect(orderStatusMeaning({ status: 'pending', pickup: false, pharm })).toContain('המשלוח יֵצא רק אחרי ההשלמה');
    expect(orderStatusMeaning({ status: 'complete', pickup: false, pharm })).toContain('אם המשלוח לא הגיע');
    expect(orderStatusMeaning({ status: 'complete', pickup: false, pharm })).not.toContain('לאסוף');
  });

  it("gives the pharmacy's phone for every status, or where to turn without one", () => {
    for (const status of ORDER_STATUSES) {
      for (const pickup of [true, false]) {
        expect(orderStatusMeaning({ status, pickup, pharm })).toMatch(/^\S.*טלפון בית המרקחת: 03-5551234\.$/);
        expect(orderStatusMeaning({ status, pickup, pharm: { phone: null } })).toMatch(/לשאלות אפשר לפנות לבית המרקחת\.$/);
      }
    }
  });
});
