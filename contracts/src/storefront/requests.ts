import type {
  ComparisonQuery, GeoPoint, PharmListQuery, PharmProductListQuery, ProductListQuery,
} from './query';

/**
 * Payloads of the storefront request subjects. The gateway parses query strings with the `parse*`
 * functions of `query.ts` and sends these; services still treat what arrives as untrusted.
 */
export type ProductListRequest = ProductListQuery;
export interface ProductRelatedRequest { slug: string; size: number }
export interface TagGetRequest { slug: string; page: number }
export interface SearchRequest { term: string; limit: number }
export interface MediaGetRequest { slug: string }
export interface MediaResponse { contentType: string; body: string }

export type PharmListRequest = PharmListQuery;
export interface PharmGetRequest { slug: string; location?: GeoPoint }
export interface PharmSlugRequest { slug: string }
export type PharmProductListRequest = PharmProductListQuery & { slug: string };
export interface PharmProductGetRequest { slug: string; id: number }
export type ComparisonRequest = ComparisonQuery;
export type DiscountListRequest = PharmProductListQuery;
