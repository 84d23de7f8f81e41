/**
 * A path that starts with two or more slashes (`//products/x`) is turned into its single-slash
 * form (`/products/x`). Any other path comes back unchanged.
 */
export function normalizePath(pathname: string): string {
  return pathname.replace(/^\/{2,}/, '/');
}
