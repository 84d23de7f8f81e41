import type { SearchResult } from '@mc/contracts';

/** Where a suggestion leads: its product page or its pharmacy page. */
export function suggestionHref(result: SearchResult): string {
  return result.type === 'product'
    ? `/products/${encodeURIComponent(result.data.slug)}`
    : `/pharms/${encodeURIComponent(result.data.slug)}`;
}

/** A 128 px square thumbnail of an image through `/thumbs`. */
export function thumb128(url: string): string {
  return `/thumbs?${new URLSearchParams({ url, width: '128', height: '128', fit: 'crop' })}`;
}
