import { isOrderable, type CookieCartItem, type Pharm, type PharmProduct, type ResolvedCartItem } from '@mc/contracts';

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
}

/** What the lines tell; the money comes from the cart's quote (`useCartQuote`), which prices them as checkout does. */
export interface CartSummary {
  itemsCount: number;
  pharmsCount: number;
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

/** Lines grouped by pharmacy in the order they were added; lines whose offer is gone form the last group. */
export function groupByPharm(lines: readonly CartLine[]): PharmGroup[] {
  const groups = new Map<string, PharmGroup>();
  for (const line of lines) {
    const key = line.pharmProduct?.pharm.slug ?? '';
    if (!groups.has(key)) groups.set(key, { pharm: line.pharmProduct?.pharm ?? null, lines: [] });
    groups.get(key)!.lines.push(line);
  }
  const list = [...groups.values()];
  return [...list.filter((g) => g.pharm), ...list.filter((g) => !g.pharm)];
}

/** The counts over the lines that can be ordered. */
export function summarize(lines: readonly CartLine[]): CartSummary {
  const orderable = lines.filter((line) => line.orderable);
  return {
    itemsCount: orderable.reduce((sum, line) => sum + line.amount, 0),
    pharmsCount: new Set(orderable.map((line) => line.pharmProduct!.pharm.slug)).size,
    blocked: orderable.length < lines.length,
  };
}
