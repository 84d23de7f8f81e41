/** Filled in by its slice of issue 15. */
export function DashboardPage() {
  return null;
}
