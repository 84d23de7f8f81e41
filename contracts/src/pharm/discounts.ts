/**
 * Discounts and coupons (back-office.md §3, §5): pharm owns them; the price after them is computed here, once,
 * for pharm (offers at checkout) and order (the quote and the order's snapshot).
 */
export const DISCOUNT_TYPES = ['all-products', 'specific-products', 'coupon'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** percent: off the price; fixed: shekels off each unit; price: the unit's new price (coupons only). */
export const DISCOUNT_AMOUNT_TYPES = ['percent', 'fixed', 'price'] as const;
export type DiscountAmountType = (typeof DISCOUNT_AMOUNT_TYPES)[number];

/** What a discount does to a price, as pharm passes it on (money in agorot). */
export interface DiscountTerms {
  code: string;
  name: string;
  type: DiscountType;
  amountType: DiscountAmountType;
  /** percent: 1–100; fixed and price: agorot. */
  amount: number;
  /** Stacks on top of the best other discount (all-products only). */
  allowMultiple: boolean;
  /** The offers it applies to; null: every offer of its pharmacy. */
  pharmProductIds: number[] | null;
}

/** A unit price after one discount, in agorot, never below 0. */
export function applyDiscount(price: number, terms: Pick<DiscountTerms, 'amountType' | 'amount'>): number {
  const after =
    terms.amountType === 'percent' ? Math.round(price * (1 - Math.min(terms.amount, 100) / 100))
      : terms.amountType === 'fixed' ? price - terms.amount
        : Math.min(price, terms.amount);
  return Math.max(0, after);
}

const appliesTo = (terms: DiscountTerms, pharmProductId: number) => terms.pharmProductIds === null || terms.pharmProductIds.includes(pharmProductId);

/**
 * One offer's unit price after its pharmacy's discounts: the best single discount that does not stack, then every
 * stacking one (all-products with allowMultiple) in code order; never below 0. `codes` names those applied.
 */
export function discountedUnitPrice(price: number, pharmProductId: number, discounts: readonly DiscountTerms[]): { price: number; codes: string[] } {
  const applicable = discounts.filter((d) => appliesTo(d, pharmProductId));
  const stacking = applicable.filter((d) => d.allowMultiple && d.type === 'all-products').sort((a, b) => a.code.localeCompare(b.code));
  const single = applicable.filter((d) => !stacking.includes(d));
  let best: DiscountTerms | null = null;
  let bestPrice = price;
  for (const d of single) {
    const after = applyDiscount(price, d);
    if (after < bestPrice) [best, bestPrice] = [d, after];
  }
  const codes = best ? [best.code] : [];
  let result = bestPrice;
  for (const d of stacking) {
    const after = applyDiscount(result, d);
    if (after < result) {
      result = after;
      codes.push(d.code);
    }
  }
  return { price: result, codes };
}
