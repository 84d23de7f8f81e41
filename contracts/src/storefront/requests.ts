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

/**
 * `pharm.pharm-product.update`: the fields to change (money in shekels, up to 2 decimals); a field left
 * out stays as it is, `originalPrice: null` ends a discount, `expiresAt: null` clears the expiry.
 * Answers the offer as the storefront shows it (`PharmProduct`); an offer of another pharmacy is 404.
 */
export interface PharmProductUpdateRequest {
  /** The pharmacy's business (its slug): the caller must be a member of it or an admin, and the offer must be its. */
  businessId: string;
  id: number;
  price?: number;
  originalPrice?: number | null;
  inStock?: boolean;
  published?: boolean;
  expiresAt?: string | null;
}

/**
 * `pharm.media.get`: a file of /media/pharms/: `<pharmSlug>.svg` (the logo) or `<pharmSlug>.slide-<n>.svg`
 * (an image slide); answers `MediaResponse`, 404 for anything else.
 */
export interface PharmMediaGetRequest { file: string }
