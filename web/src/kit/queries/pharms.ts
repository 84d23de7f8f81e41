import type {
  Location,
  PharmDetailResponse,
  PharmListResponse,
  PharmProductDetailResponse,
  PharmProductListResponse,
  Slide,
} from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

const at = (slug: string) => `/pharms/${encodeURIComponent(slug)}`;

export const pharmKeys = {
  list: (params: string) => ['pharms', 'list', params] as const,
  detail: (slug: string) => ['pharms', 'detail', slug] as const,
  slides: (slug: string) => ['pharms', 'slides', slug] as const,
  products: (slug: string, params: string) => ['pharms', 'products', slug, params] as const,
  product: (slug: string, id: number) => ['pharms', 'product', slug, id] as const,
  locations: ['locations'] as const,
};

/** `GET /api/pharms?…`; `params` is the query string the list route built from its URL. */
export function pharmListQuery(params: string) {
  return queryOptions({
    queryKey: pharmKeys.list(params),
    queryFn: ({ signal }) => apiFetch<PharmListResponse>(`/pharms?${params}`, { signal }),
  });
}

/** `GET /api/pharms/{slug}`: the pharmacy and its announcements. */
export function pharmQuery(slug: string) {
  return queryOptions({
    queryKey: pharmKeys.detail(slug),
    queryFn: ({ signal }) => apiFetch<PharmDetailResponse>(at(slug), { signal }),
    retry: false,
  });
}

/** `GET /api/pharms/{slug}/slides`. */
export function pharmSlidesQuery(slug: string) {
  return queryOptions({
    queryKey: pharmKeys.slides(slug),
    queryFn: ({ signal }) => apiFetch<{ slides: Slide[] }>(`${at(slug)}/slides`, { signal }),
  });
}

/** `GET /api/pharms/{slug}/products?…`. */
export function pharmProductsQuery(slug: string, params: string) {
  return queryOptions({
    queryKey: pharmKeys.products(slug, params),
    queryFn: ({ signal }) => apiFetch<PharmProductListResponse>(`${at(slug)}/products?${params}`, { signal }),
  });
}

/** `GET /api/pharms/{slug}/products/{id}`. */
export function pharmProductQuery(slug: string, id: number) {
  return queryOptions({
    queryKey: pharmKeys.product(slug, id),
    queryFn: ({ signal }) => apiFetch<PharmProductDetailResponse>(`${at(slug)}/products/${id}`, { signal }),
    retry: false,
  });
}

/** `GET /api/locations`: the country, its districts and cities. Rarely changes. */
export function locationsQuery() {
  return queryOptions({
    queryKey: pharmKeys.locations,
    queryFn: ({ signal }) => apiFetch<{ locations: Location[] }>('/locations', { signal }),
    staleTime: 60 * 60 * 1000,
  });
}
