import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@mc/contracts';
import { EventConsumers } from '@mc/kit';
import { CartsService } from '../carts/carts.service';
import { orderedLines } from './ordered-lines';

/** The durable consumer name; also the inbox key of the batches it has applied. */
export const ORDERED_LINES_DURABLE = 'cart-ordered-lines';

/**
 * Drops what a user ordered from their server cart once the batch is placed (`evt.order.batch.placed`): durable, and
 * idempotent through the inbox (the lines leave in the transaction that records the event).
 */
@Injectable()
export class OrderedLinesConsumer implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(CartsService) private readonly carts: CartsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      from: 'order',
      durable: ORDERED_LINES_DURABLE,
      filterSubject: Events.order.batchPlaced,
      handler: async (event, tx) => {
        const lines = orderedLines(event.data);
        if (lines) await this.carts.dropLines(tx, lines.userId, lines.pharmProductIds);
      },
    });
  }
}
