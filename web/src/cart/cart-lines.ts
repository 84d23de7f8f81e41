import { isOrderable, shekelsToAgorot, agorotToShekels, type CookieCartItem, type Pharm, type PharmProduct, type ResolvedCartItem } from '@mc/contracts';

/** A cart line as the page shows it: the stored amount with the offer resolved for it (null: gone). */
export interface CartLine {
  pharmProductId: number;
  amount: number;
  pharmProduct: PharmProduct | null;
  orderable: boolean;
}

export interface PharmGroup {
  pharm: Pharm | null;
  lines: CartLine[];
  /** Orderable lines only, in shekels. */
  subtotal: number;
}

export interface CartSummary {
  itemsCount: number;
  pharmsCount: number;
  originalTotal: number;
  discounts: number;
  total: number;
  /** Some line can no longer be ordered: checkout waits until it is removed. */
  blocked: boolean;
}

/**
 * The stored items (current amounts) joined with their resolved offers; an item not resolved yet is
 * left out until it is.
 */
export function cartLines(items: readonly CookieCartItem[], resolved: readonly ResolvedCartItem[]): CartLine[] {
  const offers = new Map(resolved.map((r) => [r.pharmProductId, r.pharmProduct]));
  return items
    .filter((item) => offers.has(item.pharmProductId))
    .map((item) => {
      const pharmProduct = offers.get(item.pharmProductId)!;
      return { ...item, pharmProduct, orderable: isOrderable({ ...item, pharmProduct }) };
    });
}

const lineAgorot = (line: CartLine, price: (o: PharmProduct) => number) =>
  line.orderable && line.pharmProduct ? shekelsToAgorot(price(line.pharmProduct)) * line.amount : 0;

/** Lines grouped by pharmacy in the order they were added; lines whose offer is gone form the last group. */
export function groupByPharm(lines: readonly CartLine[]): PharmGroup[] {
  const groups = new Map<string, PharmGroup>();
  for (const line of lines) {
    const key = line.pharmProduct?.pharm.slug ?? '';
    if (!groups.has(key)) groups.set(key, { pharm: line.pharmProduct?.pharm ?? null, lines: [], subtotal: 0 });
    groups.get(key)!.lines.push(line);
  }
  const list = [...groups.values()].map((group) => ({
    ...group,
    subtotal: agorotToShekels(group.lines.reduce((sum, line) => sum + lineAgorot(line, (o) => o.totalPrice), 0)),
  }));
  return [...list.filter((g) => g.pharm), ...list.filter((g) => !g.pharm)];
}

/** The order summary over the lines that can be ordered; money summed in agorot. */
export function summarize(lines: readonly CartLine[]): CartSummary {
  const orderable = lines.filter((line) => line.orderable);
  const total = orderable.reduce((sum, line) => sum + lineAgorot(line, (o) => o.totalPrice), 0);
  const originalTotal = orderable.reduce((sum, line) => sum + lineAgorot(line, (o) => o.originalPrice ?? o.totalPrice), 0);
  return {
    itemsCount: orderable.reduce((sum, line) => sum + line.amount, 0),
    pharmsCount: new Set(orderable.map((line) => line.pharmProduct!.pharm.slug)).size,
    originalTotal: agorotToShekels(originalTotal),
    discounts: agorotToShekels(originalTotal - total),
    total: agorotToShekels(total),
    blocked: orderable.length < lines.length,
  };
}
