import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Events, type OrderBatchPlacedEvent, type OrderStatusChangedEvent, type OrderStockLines } from '@mc/contracts';
import { EventConsumers, LOGGER } from '@mc/kit';
import type { Logger } from 'pino';
import { StockReservations } from '../stock/stock-reservations';

/** Durable consumers' names; also the inbox keys of the events they applied. */
export const STOCK_PLACED_DURABLE = 'pharm-stock-placed';
export const STOCK_CANCELED_DURABLE = 'pharm-stock-canceled';

const positiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;

/** Whether an order's lines are usable (anything else is skipped, never retried). */
export function isStockLines(data: unknown): data is OrderStockLines {
  const d = data as Partial<OrderStockLines> | null;
  return !!d && typeof d.pharmSlug === 'string' && Array.isArray(d.items)
    && d.items.every((i) => !!i && positiveInt(i.pharmProductId) && positiveInt(i.amount));
}

/**
 * Stock follows orders: order took a batch's units before placing it (`pharm.stock.reserve`), so its placed event only
 * confirms the reservation (a batch placed without one, from before reservations, takes its units then); a canceled
 * order gives back what its lines took, once, and never more than they took. Each event has its effect once (the
 * kit's inbox row and the stock change commit together).
 */
@Injectable()
export class OrderStockConsumer implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(StockReservations) private readonly reservations: StockReservations,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      from: 'order',
      durable: STOCK_PLACED_DURABLE,
      filterSubject: Events.order.batchPlaced,
      handler: async (event, tx) => {
        const data = event.data as Partial<OrderBatchPlacedEvent> | null;
        if (typeof data?.batchUid !== 'string' || !Array.isArray(data.orders) || !data.orders.every(isStockLines)) {
          this.logger.warn({ eventId: event.eventId }, 'placed batch without usable lines; skipped');
          return;
        }
        await this.reservations.confirm(tx, data as OrderBatchPlacedEvent);
      },
    });
    await this.consumers.start({
      from: 'order',
      durable: STOCK_CANCELED_DURABLE,
      filterSubject: Events.order.statusChanged,
      handler: async (event, tx) => {
        if ((event.data as { to?: unknown } | null)?.to !== 'canceled') return;
        if (!isStockLines(event.data) || typeof (event.data as Partial<OrderStatusChangedEvent>).batchUid !== 'string') {
          this.logger.warn({ eventId: event.eventId }, 'canceled order without usable lines; skipped');
          return;
        }
        await this.reservations.cancel(tx, event.data as OrderStatusChangedEvent);
      },
    });
  }
}
