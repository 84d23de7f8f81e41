import { Inject, Injectable } from '@nestjs/common';
import type { Events } from '@mc/contracts';
import { ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import { StockReservations } from '../stock/stock-reservations';

/** Durable consumers' names; also the inbox keys of the events they applied. */
export const STOCK_PLACED_DURABLE = 'pharm-stock-placed';
export const STOCK_CANCELED_DURABLE = 'pharm-stock-canceled';

/**
 * Stock follows orders: order took a batch's units before placing it (`pharm.stock.reserve`), so its placed event only
 * confirms the reservation (a batch placed without one, from before reservations, takes its units then); a canceled
 * order gives back what its lines took, once, and never more than they took. Each event has its effect once (the
 * kit's inbox row and the stock change commit together).
 */
@Injectable()
export class OrderStockConsumer {
  constructor(@Inject(StockReservations) private readonly reservations: StockReservations) {}

  @ConsumesEvents(STOCK_PLACED_DURABLE)
  async batchPlaced(event: ConsumedEvent<typeof Events.order.batchPlaced>, tx: Tx): Promise<void> {
    await this.reservations.confirm(tx, event.data);
  }

  @ConsumesEvents(STOCK_CANCELED_DURABLE)
  async statusChanged(event: ConsumedEvent<typeof Events.order.statusChanged>, tx: Tx): Promise<void> {
    if (event.data.to === 'canceled') await this.reservations.cancel(tx, event.data);
  }
}
