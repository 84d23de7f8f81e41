import type { Product } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { pharmQuery } from '../../kit/queries/pharms';
import { comparisonQuery } from '../queries/products';
import { siteOrigin } from '../../kit/lib/canonical';
import { pharmJsonLd, productJsonLd } from '../../kit/lib/structured-data';
import { useJsonLd } from '../../kit/lib/use-json-ld';

/** The comparison as first shown (every pharmacy, by price), shared with the page's cache. */
const ALL_OFFERS = { isOpen: false, hasDelivery: false, sortBy: 'price' } as const;

/** JSON-LD Product for a product page, once the product and its offers have loaded. */
export function useProductStructuredData(slug: string, product: Product | undefined): void {
  const comparison = useQuery({ ...comparisonQuery(slug, ALL_OFFERS), enabled: !!product }).data;
  // A server-drawn page's first screen of offers would give a wrong price range: the whole answer follows.
  // The comparison lists in-stock offers only.
  const offers = comparison?.offerCount === undefined ? comparison?.offers.map((o) => ({ totalPrice: o.totalPrice, inStock: true })) : undefined;
  useJsonLd(product && offers ? productJsonLd(siteOrigin(), product, offers) : undefined);
}

/** JSON-LD Pharmacy for a pharmacy page, once it has loaded (the page's own query). */
export function usePharmStructuredData(slug: string): void {
  const pharm = useQuery(pharmQuery(slug)).data?.pharm;
  useJsonLd(pharm ? pharmJsonLd(siteOrigin(), pharm) : undefined);
}
