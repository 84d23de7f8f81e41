/** The site's origin; empty in the server render, whose head elements the browser adds again once the app runs. */
export const siteOrigin = (): string => (typeof window === 'undefined' ? '' : window.location.origin);

/**
 * Query parameters that change what a page shows (a list's page and filters, the search term).
 * Everything else — layout, sort, the comparison's filters, `product` shown first — is left out.
 * The routes' `validateSearch` already drops defaults and values outside the allowed sets.
 */
const CONTENT_PARAMS = [
  'term',
  'search',
  'types',
  'cannabisTypes',
  'dosages',
  'companies',
  'priceRange',
  'inStock',
  'open',
  'openInSaturday',
  'locationRadius',
  'delivery',
  'page',
] as const;

/** The canonical URL of a page: origin, path (an embed points at its page) and its content parameters. */
export function canonicalUrl(origin: string, pathname: string, search: Record<string, unknown>): string {
  const path = pathname.replace(/^(\/pharms\/[^/]+)\/embed$/, '$1').replace(/(.)\/+$/, '$1');
  const query = new URLSearchParams();
  for (const key of CONTENT_PARAMS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number') query.set(key, String(value));
  }
  const text = query.toString();
  return `${origin}${path}${text ? `?${text}` : ''}`;
}
