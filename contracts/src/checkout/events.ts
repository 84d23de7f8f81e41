import type { OrderStatus } from './orders';

/** An order's lines as pharm adjusts stock by them (no personal data). */
export interface OrderStockLines {
  orderId: number;
  pharmSlug: string;
  items: { pharmProductId: number; amount: number }[];
}

/**
 * `evt.order.batch.placed`: a batch was placed. Carries no personal data: notifications asks `order.notice.get` for
 * what to send; pharm lowers stock; cart drops the ordered lines of `userId`'s cart; order itself opens the orders.
 */
export interface OrderBatchPlacedEvent {
  batchUid: string;
  userId: number;
  orders: OrderStockLines[];
}

/** `evt.order.status.changed`: one order moved (pharm restores stock when it is canceled; notifications tells the patient). */
export interface OrderStatusChangedEvent extends OrderStockLines {
  batchUid: string;
  from: OrderStatus;
  to: OrderStatus;
}

/** `evt.order.documents.submitted`: documents reached the pharmacy of each order (or failed: the patient is asked again). */
export interface OrderDocumentsSubmittedEvent {
  orderIds: number[];
  delivered: boolean;
}
