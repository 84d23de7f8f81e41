import type { OrderBatchPlacedEvent } from '@mc/contracts';

/**
 * Whose cart a placed batch empties, and of which lines: the pharm products of every order of the batch. An event
 * this version cannot read (no user, no orders) names nothing, so nothing is dropped.
 */
export function orderedLines(data: unknown): { userId: number; pharmProductIds: number[] } | undefined {
  const event = data as Partial<OrderBatchPlacedEvent> | null;
  if (!event || !Number.isSafeInteger(event.userId) || (event.userId as number) <= 0 || !Array.isArray(event.orders)) return undefined;
  const ids = new Set<number>();
  for (const order of event.orders) {
    if (!order || !Array.isArray(order.items)) continue;
    for (const item of order.items) if (item && Number.isSafeInteger(item.pharmProductId)) ids.add(item.pharmProductId);
  }
  return ids.size ? { userId: event.userId as number, pharmProductIds: [...ids] } : undefined;
}
