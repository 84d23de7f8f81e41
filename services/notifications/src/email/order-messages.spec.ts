import type { CustomerOrder, OrderNotice } from '@mc/contracts';
import { batchPlacedMessages, renderOrderMessage, statusChangedMessages } from './order-messages';

const order = (id: number, pharm: string, orderEmail: string | null, pickup: boolean): CustomerOrder & { orderEmail: string | null } => ({
  id, batchUid: 'b0c0c0c0-0000-4000-8000-000000000001', createdAt: '2026-11-24T10:00:00.000Z', status: 'open',
  pharm: { slug: pharm, name: `בית מרקחת ${pharm}`, phone: null, address: null, city: null },
  firstName: 'דנה', lastName: 'לוי', pickup,
  address: pickup ? null : { address: 'הרצל', houseNumber: '10', floor: 2, apartment: 5 }, notes: pickup ? null : 'לצלצל פעמיים',
  productsCount: 2, items: [{ pharmProductId: 1, productSlug: 'p', name: 'שמן קנאביס', amount: 2, price: 90, originalPrice: 100 }],
  cartCostTotalPrice: 180, cartCostDiscountsTotalAmount: 20, shippingCostTotalPrice: pickup ? 0 : 25, totalPrice: pickup ? 180 : 205,
  discounts: [{ code: 'WELCOME10', name: 'ברוכים הבאים' }],
  identification: { idDocument: false, licenseDocument: false, prescriptionDocument: false }, documents: 'none', orderEmail,
});

const notice: OrderNotice = {
  batchUid: 'b0c0c0c0-0000-4000-8000-000000000001',
  customer: { firstName: 'דנה', lastName: 'לוי', email: 'dana@example.co.il', phone: '0521234567' },
  orders: [order(11, 'a', 'orders@a.example', false), order(12, 'b', 'orders@b.example', true)],
};

describe('order messages', () => {
  it('plan a new-order e-mail to each pharmacy and one confirmation e-mail and SMS to the patient', () => {
    const planned = batchPlacedMessages(notice);
    expect(planned.map((m) => [m.key, m.channel, m.template, m.to])).toEqual([
      ['pharmacy-11', 'email', 'order-pharmacy', 'orders@a.example'],
      ['pharmacy-12', 'email', 'order-pharmacy', 'orders@b.example'],
      ['patient-email', 'email', 'order-confirmation', 'dana@example.co.il'],
      ['patient-sms', 'sms', 'order-confirmation-sms', '+972521234567'],
    ]);
    expect(planned[0].subject).toBe('הזמנה חדשה #11');
    // The rows keep ids only.
    expect(planned[0].params).toEqual({ batchUid: notice.batchUid, orderId: 11 });
  });

  it("render the pharmacy's e-mail with the items, totals, discounts, delivery and the customer, in RTL HTML too", () => {
    const { text, html } = renderOrderMessage('order-pharmacy', { batchUid: notice.batchUid, orderId: 11 }, notice, 'https://medcanna.example');
    for (const part of ['#11', 'שמן קנאביס × 2', 'ברוכים הבאים (WELCOME10)', 'הרצל 10, קומה 2, דירה 5', 'דנה לוי', '0521234567', 'dana@example.co.il', 'לצלצל פעמיים']) {
      expect(text).toContain(part);
    }
    expect(html).toContain('dir="rtl"');
  });

  it("render the patient's confirmation listing every order of the batch, pickup included", () => {
    const { text } = renderOrderMessage('order-confirmation', { batchUid: notice.batchUid }, notice, 'https://medcanna.example');
    expect(text).toContain('הזמנה #11');
    expect(text).toContain('הזמנה #12');
    expect(text).toContain('איסוף עצמי');
    // Each order's link opens that order; the batch's link, the order-received page with its documents upload.
    expect(text).toContain('https://medcanna.example/user/orders?order=11');
    expect(text).toContain('https://medcanna.example/user/orders?order=12');
    expect(text).toContain(`https://medcanna.example/order/completed?batch=${notice.batchUid}`);
    const sms = renderOrderMessage('order-confirmation-sms', { batchUid: notice.batchUid }, notice, 'https://medcanna.example').text;
    expect(sms).toContain(`https://medcanna.example/order/completed?batch=${notice.batchUid}`);
  });

  it("link a status e-mail and SMS to that order, and say what the status means for pickup or delivery, with the pharmacy's phone", () => {
    const withPhone: OrderNotice = { ...notice, orders: notice.orders.map((o) => ({ ...o, pharm: { ...o.pharm, phone: '03-5551234' } })) };
    const email = renderOrderMessage('order-status', { batchUid: notice.batchUid, orderId: 12, status: 'pending' }, withPhone, 'https://medcanna.example').text;
    expect(email).toContain('https://medcanna.example/user/orders?order=12');
    expect(email).toContain('עדיין אין להגיע לאיסוף'); // 12 is picked up
    expect(email).toContain('טלפון בית המרקחת: 03-5551234');
    const sms = renderOrderMessage('order-status-sms', { batchUid: notice.batchUid, orderId: 11, status: 'complete' }, withPhone, 'https://medcanna.example').text;
    expect(sms).toContain('https://medcanna.example/user/orders?order=11');
    expect(sms).toContain('אם המשלוח לא הגיע'); // 11 is delivered
    expect(sms).toContain('03-5551234');
  });

  it('tell the patient of pending, complete, canceled and closed orders, not of an order opened right after it was placed', () => {
    const event = { batchUid: notice.batchUid, orderId: 11, pharmSlug: 'a', items: [], from: 'open' as const, to: 'complete' as const };
    expect(statusChangedMessages(event, notice).map((m) => m.template)).toEqual(['order-status', 'order-status-sms']);
    expect(statusChangedMessages({ ...event, from: 'new', to: 'open' }, notice)).toEqual([]);
    expect(renderOrderMessage('order-status-sms', { batchUid: notice.batchUid, orderId: 11, status: 'complete' }, notice, 'https://x.example').text).toContain('הושלמה');
  });
});
