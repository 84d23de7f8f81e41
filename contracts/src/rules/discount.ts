/** Whole percent saved against the original price; 0 when there is no real discount. */
export function discountPercent(price: number, original: number | null | undefined): number {
  if (!original || original <= price) return 0;
  return Math.round(100 * (1 - price / original));
}

export function showDiscountBadge(percent: number): boolean {
  return percent > 1;
}
