import { IsBoolean, IsIn, IsInt, IsString, IsUUID, Min } from 'class-validator';
import { NestedEach } from '../forms/decorators';
import { ORDER_STATUSES, type OrderStatus } from './orders';

/** One line of an order: a pharm product and how many units. */
export class OrderStockLine {
  @IsInt() @Min(1) pharmProductId: number;
  @IsInt() @Min(1) amount: number;
}

/** An order's lines as pharm adjusts stock by them (no personal data). */
export class OrderStockLines {
  @IsInt() orderId: number;
  @IsString() pharmSlug: string;
  @NestedEach(OrderStockLine) items: OrderStockLine[];
}

/**
 * `evt.order.batch.placed`: a batch was placed. Carries no personal data: notifications asks `order.notice.get` for
 * what to send; pharm lowers stock; cart drops the ordered lines of `userId`'s cart; order itself opens the orders.
 */
export class OrderBatchPlacedEvent {
  @IsUUID() batchUid: string;
  @IsInt() @Min(1) userId: number;
  @NestedEach(OrderStockLines) orders: OrderStockLines[];
}

/** `evt.order.status.changed`: one order moved (pharm restores stock when it is canceled; notifications tells the patient). */
export class OrderStatusChangedEvent extends OrderStockLines {
  @IsUUID() batchUid: string;
  @IsIn(ORDER_STATUSES) from: OrderStatus;
  @IsIn(ORDER_STATUSES) to: OrderStatus;
}

/** `evt.order.documents.submitted`: documents reached the pharmacy of each order (or failed: the patient is asked again). */
export class OrderDocumentsSubmittedEvent {
  @IsInt({ each: true }) orderIds: number[];
  @IsBoolean() delivered: boolean;
}
