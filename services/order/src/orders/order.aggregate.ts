import { canMoveOrder, ErrorCodes, Messages, type OrderStatus, type OrderStatusChangedEvent } from '@mc/contracts';
import { serviceError } from '@mc/kit';

/** complete, canceled and closed: no transition leaves them. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['complete', 'canceled', 'closed'];
export const isFinal = (status: OrderStatus): boolean => FINAL_STATUSES.includes(status);

/** What the aggregate needs of an order to move it. */
export interface OrderForTransition {
  id: number;
  batchUid: string;
  pharmSlug: string;
  status: OrderStatus;
  finalAt: Date | null;
  items: { pharmProductId: number; amount: number }[];
}

/** The outcome of one guarded transition: the order's new state, its history row and its event. */
export interface Transition {
  status: OrderStatus;
  finalAt: Date | null;
  history: { orderId: number; from: OrderStatus; to: OrderStatus; at: Date; byUserId: number | null };
  event: OrderStatusChangedEvent;
}

export const statusLocked = () => serviceError(409, ErrorCodes.conflict, Messages.orderStatusLocked);

/**
 * The order aggregate's one way to change a status (back-office.md §4, `ORDER_TRANSITIONS`): a move the order may not
 * make is refused with 409 'לא ניתן לשנות את סטטוס ההזמנה'; an allowed one yields the history row and the event.
 */
export function moveOrder(order: OrderForTransition, to: OrderStatus, at: Date, byUserId: number | null): Transition {
  if (!canMoveOrder(order.status, to)) throw statusLocked();
  return {
    status: to,
    finalAt: isFinal(to) ? at : order.finalAt,
    history: { orderId: order.id, from: order.status, to, at, byUserId },
    event: {
      orderId: order.id,
      batchUid: order.batchUid,
      pharmSlug: order.pharmSlug,
      items: order.items.map(({ pharmProductId, amount }) => ({ pharmProductId, amount })),
      from: order.status,
      to,
    },
  };
}
