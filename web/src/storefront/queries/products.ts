import type {
  ComparisonResponse,
  ComparisonSort,
  Product,
  ProductDetailResponse,
  ProductListResponse,
  TagResponse,
} from '@mc/contracts';
import { RELATED_SIZE } from '@mc/contracts';
import { queryOptions, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';

const productKeys = {
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

/** Offers the comparison draws before 'show all': its first screen. */
export const FIRST_OFFERS = 10;

/** The comparison as the cache holds it: a server-drawn page's copy holds only its first screen's offers. */
export interface ComparisonData extends ComparisonResponse {
  /** Set on a first screen's copy only: how many offers the whole answer has (the browser then asks for them). */
  offerCount?: number;
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
      apiFetch<ComparisonData>(`/products/${encodeURIComponent(slug)}/pharm-products?${search}`, { signal }),
  });
}

const isComparisonKey = (key: QueryKey) => key[0] === productKeys.all[0] && key[1] === 'comparison';

/** A server render's answers with each comparison cut to the offers its first screen draws (the page's HTML carries them). */
export function comparisonsCutToFirstScreen(state: DehydratedState): DehydratedState {
  const cut = (data: ComparisonData): ComparisonData =>
    data.offers.length > FIRST_OFFERS ? { ...data, offers: data.offers.slice(0, FIRST_OFFERS), offerCount: data.offers.length } : data;
  return {
    ...state,
    queries: state.queries.map((query) =>
      isComparisonKey(query.queryKey) && query.state.data
        ? { ...query, state: { ...query.state, data: cut(query.state.data as ComparisonData) } }
        : query,
    ),
  };
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
