/** Percent of the profile filled in: 70 base, 85 with a phone or an address, 100 with both. */
export function profileCompletion({ hasPhone, hasAddress }: { hasPhone: boolean; hasAddress: boolean }): number {
  if (hasPhone && hasAddress) return 100;
  return hasPhone || hasAddress ? 85 : 70;
}
