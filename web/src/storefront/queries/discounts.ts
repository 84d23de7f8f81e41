import type { PharmProductListResponse } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';

/** `GET /api/discounts?…`; `params` is the query string the discounts route built from its URL. */
export function discountsQuery(params: string) {
  return queryOptions({
    queryKey: ['discounts', params] as const,
    queryFn: ({ signal }) => apiFetch<PharmProductListResponse>(`/discounts?${params}`, { signal }),
  });
}
