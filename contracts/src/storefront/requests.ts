import { IsBoolean, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { CANNABIS_TYPES, SLUG_PATTERN, type CannabisType } from '../catalog/product';
import { INT4_MAX, IntInRange } from '../forms/decorators';
import { Messages } from '../messages';
import { DOSAGE_PATTERN } from '../rules/dosage';
import { LIST_SORTS, MAX_PAGE, PRODUCT_TYPES, SEARCH_LIMIT, type ListSort, type PriceRange, type ProductListQuery, type ProductType } from './query';
import { invalid, isPriceRange, ListOf, Optional, Satisfies, Slug } from './request-rules';

export { isGeoPoint, isPriceRange } from './request-rules';

/**
 * The payloads of the storefront's request subjects, validated strictly by each service (the kit's ValidationPipe:
 * a payload that does not fit is a 400). The lenient reading of a URL's query (unknown values ignored, missing ones
 * defaulted) is the gateway's, once, with the `parse*` functions of `query.ts`, whose results fit these. Pharm's are
 * in `pharm/requests.ts`.
 */

/** The product filters of spec 2.3 (`ProductFilters`). */
export abstract class ProductFiltersDto {
  @Optional() @IsString(invalid) @MaxLength(200, invalid)
  search?: string;

  @IsBoolean(invalid)
  inStock: boolean;

  @Optional() @Satisfies('priceRange', isPriceRange)
  priceRange?: PriceRange;

  @ListOf(PRODUCT_TYPES)
  types: ProductType[];

  @ListOf(CANNABIS_TYPES)
  cannabisTypes: CannabisType[];

  @ListOf(DOSAGE_PATTERN)
  dosages: string[];

  @ListOf()
  companies: string[];
}

/** `catalog.product.list` (`ProductListResponse`). */
export class ProductListRequest extends ProductFiltersDto implements ProductListQuery {
  @IntInRange(1, MAX_PAGE, Messages.badRequest)
  page: number;

  @IsIn(LIST_SORTS, invalid)
  sortBy: ListSort;

  @ListOf(SLUG_PATTERN)
  firstProductSlugs: string[];
}

/** The most related products one request may ask for (the spec's carousels ask for RELATED_SIZE). */
export const MAX_RELATED = 12;

/** `catalog.product.related`: up to `size` products like the product `slug`. */
export class ProductRelatedRequest {
  @Slug()
  slug: string;

  @IntInRange(1, MAX_RELATED, Messages.badRequest)
  size: number;
}

/** `catalog.tag.get`: a page of the tag's products. */
export class TagGetRequest {
  @Slug()
  slug: string;

  @IntInRange(1, MAX_PAGE, Messages.badRequest)
  page: number;
}

/** The longest search term (the gateway cuts longer ones). */
export const MAX_SEARCH_TERM = 100;

/** `catalog.search.suggest` (`SearchResponse`): an empty term finds nothing. */
export class SearchRequest {
  @IsString(invalid) @MaxLength(MAX_SEARCH_TERM, invalid)
  term: string;

  @IntInRange(1, SEARCH_LIMIT, Messages.badRequest)
  limit: number;
}

/** `catalog.media.get`: the generated image of a product, or the logo of a cannabis company (`MediaResponse`). */
export class MediaGetRequest {
  @Slug()
  slug: string;

  /** Absent: a product's (`/media/products/{slug}.svg`); `company`: a company's logo (`/media/companies/{slug}.svg`). */
  @Optional() @IsIn(['product', 'company'], invalid)
  kind?: 'product' | 'company';
}

/** A generated image: its content type and text. */
export interface MediaResponse { contentType: string; body: string }

/** `shipping-quote.location.get`: one location of the tree (`Location`). */
export class LocationGetRequest {
  @IntInRange(1, INT4_MAX, Messages.locationNotFound)
  id: number;
}

/** `shipping-quote.shipment.list-by-pharm`: a pharmacy's shipping options. */
export class ShipmentListRequest {
  @IsString({ message: Messages.pharmNotFound }) @MaxLength(200, { message: Messages.pharmNotFound }) @Matches(SLUG_PATTERN, { message: Messages.pharmNotFound })
  pharmSlug: string;
}
