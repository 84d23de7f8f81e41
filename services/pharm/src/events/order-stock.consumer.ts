import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Events, type OrderStockLines } from '@mc/contracts';
import { EventConsumers, LOGGER } from '@mc/kit';
import type { Logger } from 'pino';
import { PharmProductsWriter, type StockLine } from '../pharm-products/pharm-products.writer';

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

export const stockLinesOf = (orders: OrderStockLines[]): StockLine[] =>
  orders.flatMap((o) => o.items.map((i) => ({ pharmSlug: o.pharmSlug, pharmProductId: i.pharmProductId, amount: i.amount })));

/**
 * Stock follows orders: a placed batch lowers the amounts of its offers, a canceled order gives them back. Each event
 * has its effect once (the kit's inbox row and the stock change commit together).
 */
@Injectable()
export class OrderStockConsumer implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(PharmProductsWriter) private readonly writer: PharmProductsWriter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      from: 'order',
      durable: STOCK_PLACED_DURABLE,
      filterSubject: Events.order.batchPlaced,
      handler: async (event, tx) => {
        const orders = (event.data as { orders?: unknown } | null)?.orders;
        if (!Array.isArray(orders) || !orders.every(isStockLines)) {
          this.logger.warn({ eventId: event.eventId }, 'placed batch without usable lines; skipped');
          return;
        }
        await this.writer.adjustStock(tx, stockLinesOf(orders), 'lower');
      },
    });
    await this.consumers.start({
      from: 'order',
      durable: STOCK_CANCELED_DURABLE,
      filterSubject: Events.order.statusChanged,
      handler: async (event, tx) => {
        if ((event.data as { to?: unknown } | null)?.to !== 'canceled') return;
        if (!isStockLines(event.data)) {
          this.logger.warn({ eventId: event.eventId }, 'canceled order without usable lines; skipped');
          return;
        }
        await this.writer.adjustStock(tx, stockLinesOf([event.data]), 'restore');
      },
    });
  }
}
