import type { PharmProduct, ResolvedCartItem } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { cartLines, groupByPharm, summarize } from './cart-lines';

const offer = (id: number, pharm: string, totalPrice: number, extra: Partial<PharmProduct> = {}) => ({
  id, pharmProductId: id, totalPrice, originalPrice: null, inStock: true, published: true,
  pharm: { slug: pharm, name: pharm }, product: { slug: `p${id}` }, ...extra,
}) as unknown as PharmProduct;

const resolved: ResolvedCartItem[] = [
  { pharmProductId: 1, amount: 1, pharmProduct: offer(1, 'a', 199.9, { originalPrice: 249.9 }) },
  { pharmProductId: 2, amount: 1, pharmProduct: offer(2, 'b', 150) },
  { pharmProductId: 3, amount: 1, pharmProduct: offer(3, 'a', 120.1) },
  { pharmProductId: 4, amount: 1, pharmProduct: offer(4, 'b', 99, { inStock: false }) },
  { pharmProductId: 5, amount: 1, pharmProduct: null },
];

describe('cart lines', () => {
  it('takes the stored amounts, leaves out items not resolved yet, and marks what cannot be ordered', () => {
    const lines = cartLines([{ pharmProductId: 1, amount: 3 }, { pharmProductId: 4, amount: 1 }, { pharmProductId: 6, amount: 1 }], resolved);
    expect(lines.map((l) => [l.pharmProductId, l.amount, l.orderable])).toEqual([[1, 3, true], [4, 1, false]]);
  });

  it('groups by pharmacy in the order added, gone offers last', () => {
    const lines = cartLines([5, 1, 2, 3, 4].map((id) => ({ pharmProductId: id, amount: 2 })), resolved);
    const groups = groupByPharm(lines);
    expect(groups.map((g) => [g.pharm?.slug ?? null, g.lines.map((l) => l.pharmProductId)])).toEqual([
      ['a', [1, 3]],
      ['b', [2, 4]],
      [null, [5]],
    ]);
  });

  it('counts the items and pharmacies that can be ordered; blocked while any line cannot be', () => {
    const lines = cartLines([1, 2, 3].map((id) => ({ pharmProductId: id, amount: 3 })), resolved);
    expect(summarize(lines)).toEqual({ itemsCount: 9, pharmsCount: 2, blocked: false });
    expect(summarize(cartLines([{ pharmProductId: 2, amount: 1 }, { pharmProductId: 5, amount: 1 }], resolved))).toEqual({ itemsCount: 1, pharmsCount: 1, blocked: true });
  });
});
