import type { ProductDetailResponse } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

export const productKeys = {
  all: ['products'] as const,
  detail: (slug: string) => ['products', 'detail', slug] as const,
};

/** `GET /api/products/{slug}`. */
export function productQuery(slug: string) {
  return queryOptions({
    queryKey: productKeys.detail(slug),
    queryFn: ({ signal }) => apiFetch<ProductDetailResponse>(`/products/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
  });
}
