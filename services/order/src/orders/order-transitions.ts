import { Inject, Injectable } from '@nestjs/common';
import { Events, type OrderStatus } from '@mc/contracts';
import { OutboxWriter, type Tx } from '@mc/kit';
import { asc, eq, inArray } from 'drizzle-orm';
import { orderItems, orders, statusHistory } from '../db/schema';
import { moveOrder, type OrderForTransition } from './order.aggregate';

/**
 * Where the aggregate's transitions are stored: the only writer of `orders.status`. Each move updates the order,
 * records its history row and writes `evt.order.status.changed` to the outbox, in the caller's transaction.
 */
@Injectable()
export class OrderTransitions {
  constructor(@Inject(OutboxWriter) private readonly outbox: OutboxWriter) {}

  /** The orders with their lines, locked for the rest of the transaction. */
  async lock(tx: Tx, orderIds: number[]): Promise<OrderForTransition[]> {
    if (!orderIds.length) return [];
    const rows = await tx
      .select({ id: orders.id, batchUid: orders.batchUid, pharmSlug: orders.pharmSlug, status: orders.status, finalAt: orders.finalAt })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(asc(orders.id))
      .for('update');
    const items = await tx
      .select({ orderId: orderItems.orderId, pharmProductId: orderItems.pharmProductId, amount: orderItems.amount })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id));
    return rows.map((r) => ({ ...r, items: items.filter((i) => i.orderId === r.id) }));
  }

  /** Moves one locked order (409 when the aggregate refuses), with its history and event. */
  async move(tx: Tx, order: OrderForTransition, to: OrderStatus, at: Date, byUserId: number | null): Promise<OrderStatus> {
    const t = moveOrder(order, to, at, byUserId);
    await tx.update(orders).set({ status: t.status, finalAt: t.finalAt, updatedAt: at }).where(eq(orders.id, order.id));
    await tx.insert(statusHistory).values(t.history);
    await this.outbox.add(tx, Events.order.statusChanged, t.event);
    order.status = t.status;
    order.finalAt = t.finalAt;
    return t.status;
  }
}
