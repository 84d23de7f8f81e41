// Apart from use-head-element.ts, which the site's shell loads on every page: the structured data is the landing
// pages' (product, pharmacy), and loads with them.
import { serializeJsonLd, type JsonLd } from './structured-data';
import { useHeadElement } from './use-head-element';

/** A `<script type="application/ld+json">` with `data` in `<head>`, removed on leaving; none while undefined. */
export function useJsonLd(data: JsonLd | undefined): void {
  useHeadElement('script', data ? { type: 'application/ld+json' } : null, data ? serializeJsonLd(data) : undefined);
}
