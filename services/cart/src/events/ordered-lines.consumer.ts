import { Inject, Injectable } from '@nestjs/common';
import { ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import type { Events } from '@mc/contracts';
import { CartsService } from '../carts/carts.service';
import { orderedLines } from './ordered-lines';

/** The durable consumer name; also the inbox key of the batches it has applied. */
export const ORDERED_LINES_DURABLE = 'cart-ordered-lines';

/**
 * Drops what a user ordered from their server cart once the batch is placed (`evt.order.batch.placed`): durable, and
 * idempotent through the inbox (the lines leave in the transaction that records the event).
 */
@Injectable()
export class OrderedLinesConsumer {
  constructor(@Inject(CartsService) private readonly carts: CartsService) {}

  @ConsumesEvents(ORDERED_LINES_DURABLE)
  async dropOrdered(event: ConsumedEvent<typeof Events.order.batchPlaced>, tx: Tx): Promise<void> {
    const { userId, pharmProductIds } = orderedLines(event.data);
    if (pharmProductIds.length) await this.carts.dropLines(tx, userId, pharmProductIds);
  }
}
