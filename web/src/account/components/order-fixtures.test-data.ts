import type { CustomerOrder } from '@mc/contracts';

/** A customer order as the API answers it (tests only). */
export function customerOrder(id: number, patch: Partial<CustomerOrder> = {}): CustomerOrder {
  return {
    id,
    batchUid: '5b0c3a4e-8f7d-4c1e-9a2b-3c4d5e6f7a8b',
    createdAt: '2026-11-20T10:05:00Z',
    status: 'new',
    pharm: { slug: `pharm-${id}`, name: `בית מרקחת ${id}`, phone: '03-5551234', address: 'הרצל 1', city: 'חיפה' },
    firstName: 'דנה',
    lastName: 'כהן',
    pickup: true,
    address: null,
    notes: null,
    productsCount: 2,
    items: [
      { pharmProductId: id * 10 + 1, productSlug: 'alaska', name: 'אלסקה T20/C4', amount: 2, price: 150, originalPrice: 200 },
    ],
    cartCostTotalPrice: 300,
    cartCostDiscountsTotalAmount: 100,
    shippingCostTotalPrice: 0,
    totalPrice: 300,
    discounts: [{ code: 'WELCOME10', name: 'הנחת הצטרפות' }],
    identification: { idDocument: false, licenseDocument: false, prescriptionDocument: false },
    documents: 'none',
    ...patch,
  };
}
