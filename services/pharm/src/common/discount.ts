/**
 * The contracts rule shows a discount badge when round(100 × (1 − price ÷ original)) > 1, that is when the
 * exact percent is at least 1.5, that is when price ÷ original ≤ 0.985 = 197 ÷ 200. In integers (agorot)
 * that is `price × 200 ≤ original × 197`: exact, no floating point, same answer as the rule.
 */
export function isShownDiscount(price: number, original: number | null | undefined): boolean {
  return !!original && price * 200 <= original * 197;
}
