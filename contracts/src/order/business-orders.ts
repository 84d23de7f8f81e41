import type { CustomerOrder, OrderStatus } from './orders';

/** A row of the dashboard's recent open orders. */
export interface BusinessOrderSummary {
  id: number;
  createdAt: string;
  status: OrderStatus;
  firstName: string;
  lastName: string;
  productsCount: number;
  totalPrice: number;
}

/**
 * Spec §3's order as its pharmacy sees it (money in shekels): the patient's view plus how to reach them.
 * The ID number is never in it: `order.business.id-number` decrypts it on request (each reading recorded).
 */
export interface BusinessOrder extends Omit<CustomerOrder, 'pharm'> {
  phone: string;
  email: string;
  /** Whether the order still holds an encrypted ID number (false once purged after its retention). */
  hasIdNumber: boolean;
  cartCostDiscountsOriginalPrice: number;
  /** The discounts applied, with the amount each took off (shekels). */
  discounts: { code: string; name: string; amount?: number }[];
}

/** `GET /api/business/{businessId}/orders?page&search` (`order.business.list`, `BusinessPageRequest`): newest first. */
export interface BusinessOrdersPage {
  orders: BusinessOrder[];
  total: number;
  perPage: number;
  currentPage: number;
}
