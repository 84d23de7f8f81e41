import type {
  ComparisonSort,
  PharmProduct,
  Product,
  ProductDetailResponse,
  ProductListResponse,
  TagResponse,
} from '@mc/contracts';
import { RELATED_SIZE } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

export const productKeys = {
  all: ['products'] as const,
  list: (params: string) => ['products', 'list', params] as const,
  detail: (slug: string) => ['products', 'detail', slug] as const,
  comparison: (slug: string, params: string) => ['products', 'comparison', slug, params] as const,
  related: (slug: string) => ['products', 'related', slug] as const,
  tag: (slug: string, page: number) => ['tags', slug, page] as const,
};

/** `GET /api/products?…`; `params` is the query string the list route built from its URL. */
export function productListQuery(params: string) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => apiFetch<ProductListResponse>(`/products?${params}`, { signal }),
  });
}

/** `GET /api/products/{slug}`. */
export function productQuery(slug: string) {
  return queryOptions({
    queryKey: productKeys.detail(slug),
    queryFn: ({ signal }) => apiFetch<ProductDetailResponse>(`/products/${encodeURIComponent(slug)}`, { signal }),
    retry: false,
  });
}

export interface ComparisonParams {
  isOpen: boolean;
  hasDelivery: boolean;
  sortBy: ComparisonSort;
  location?: { lat: number; lng: number };
}

export interface ComparisonResponse {
  pharmProducts: PharmProduct[];
}

export function comparisonSearch({ isOpen, hasDelivery, sortBy, location }: ComparisonParams): string {
  const query = new URLSearchParams({ sortBy });
  if (isOpen) query.set('isOpen', '1');
  if (hasDelivery) query.set('hasDelivery', '1');
  if (location) {
    query.set('lat', String(location.lat));
    query.set('lng', String(location.lng));
  }
  return query.toString();
}

/** `GET /api/products/{slug}/pharm-products`: the product in every pharmacy that lists it. */
export function comparisonQuery(slug: string, params: ComparisonParams) {
  const search = comparisonSearch(params);
  return queryOptions({
    queryKey: productKeys.comparison(slug, search),
    queryFn: ({ signal }) =>
      apiFetch<ComparisonResponse>(`/products/${encodeURIComponent(slug)}/pharm-products?${search}`, { signal }),
  });
}

/** `GET /api/products/{slug}/related?size=3`. */
export function relatedProductsQuery(slug: string) {
  return queryOptions({
    queryKey: productKeys.related(slug),
    queryFn: ({ signal }) =>
      apiFetch<{ related: Product[] }>(`/products/${encodeURIComponent(slug)}/related?size=${RELATED_SIZE}`, { signal }),
  });
}

/** `GET /api/tags/{slug}?page`: the tag, a page of its products and of its pharmacies. */
export function tagQuery(slug: string, page: number) {
  return queryOptions({
    queryKey: productKeys.tag(slug, page),
    queryFn: ({ signal }) => apiFetch<TagResponse>(`/tags/${encodeURIComponent(slug)}?page=${page}`, { signal }),
    retry: false,
  });
}
