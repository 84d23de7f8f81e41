/** Filled in by its slice of issue 15. */
export function DiscountsPage() {
  return null;
}
