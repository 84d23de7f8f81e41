import type { PriceHistory, PriceHistoryPeriod } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';

/** `GET /api/products/{slug}/price-history?days=30|90|365`: the product's lowest in-stock price per day (public). */
export function priceHistoryQuery(slug: string, days: PriceHistoryPeriod) {
  return queryOptions({
    queryKey: ['products', 'price-history', slug, days] as const,
    queryFn: ({ signal }) => apiFetch<PriceHistory>(`/products/${encodeURIComponent(slug)}/price-history?days=${days}`, { signal }),
    // A day's lowest changes rarely: a period seen a minute ago is not asked for again.
    staleTime: 5 * 60_000,
  });
}
