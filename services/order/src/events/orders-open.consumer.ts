import { Inject, Injectable } from '@nestjs/common';
import type { Events } from '@mc/contracts';
import { Clock, ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import { and, eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { OrderTransitions } from '../orders/order-transitions';

/** The durable consumer name; also the inbox key of the events it has applied. */
export const ORDERS_OPEN_DURABLE = 'order-orders-open';

/** A placed batch's orders become 'open' (through the aggregate) once the placement is published. */
@Injectable()
export class OrdersOpenConsumer {
  constructor(
    @Inject(OrderTransitions) private readonly transitions: OrderTransitions,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @ConsumesEvents(ORDERS_OPEN_DURABLE)
  async batchPlaced(event: ConsumedEvent<typeof Events.order.batchPlaced>, tx: Tx): Promise<void> {
    const fresh = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.batchUid, event.data.batchUid), eq(orders.status, 'new')));
    const now = this.clock.now();
    for (const order of await this.transitions.lock(tx, fresh.map((o) => o.id))) {
      // Moved meanwhile (a pharmacy already set it): only a still-new order opens.
      if (order.status === 'new') await this.transitions.move(tx, order, 'open', now, null);
    }
  }
}
