import type { OrderBatchPlacedEvent } from '@mc/contracts';

/** Whose cart a placed batch empties, and of which lines: the pharm products of every order of the batch, once each. */
export function orderedLines(event: OrderBatchPlacedEvent): { userId: number; pharmProductIds: number[] } {
  return { userId: event.userId, pharmProductIds: [...new Set(event.orders.flatMap((order) => order.items.map((item) => item.pharmProductId)))] };
}
