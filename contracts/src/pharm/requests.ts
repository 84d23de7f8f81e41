import { IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { SLUG_PATTERN } from '../catalog/product';
import { INT4_MAX, IntInRange } from '../forms/decorators';
import { Messages } from '../messages';
import {
  COMPARISON_SORTS, GEO_SORTS, LIST_SORTS, MAX_PAGE,
  type ComparisonQuery, type ComparisonSort, type GeoPoint, type GeoSort, type ListSort, type PharmListQuery, type PharmProductListQuery,
} from '../storefront/query';
import { ProductFiltersDto } from '../storefront/requests';
import { invalid, invalidUrl, isArea, isGeoPoint, ListOf, Optional, Satisfies, Slug, SlugToFind } from '../storefront/request-rules';

/** The payloads of pharm's storefront request subjects (see `storefront/requests.ts`). */

/** `pharm.pharm.list` (`PharmListResponse`). */
export class PharmListRequest implements PharmListQuery {
  @IntInRange(1, MAX_PAGE, Messages.badRequest)
  page: number;

  @Optional() @IsString(invalid) @MaxLength(200, invalid)
  search?: string;

  @IsBoolean(invalid)
  open: boolean;

  @IsBoolean(invalid)
  openInSaturday: boolean;

  @Optional() @IntInRange(1, INT4_MAX, Messages.badRequest)
  locationRadius?: number;

  @Optional() @IsIn(['free', 'yes'], invalid)
  delivery?: 'free' | 'yes';

  @Optional() @Satisfies('geoPoint', isGeoPoint)
  location?: GeoPoint;

  @Optional() @IsNumber({ allowNaN: false, allowInfinity: false }, invalid) @Min(0.1, invalid) @Max(1000, invalid)
  distance?: number;

  @Optional() @IsIn(['nearby'], invalid)
  sortBy?: 'nearby';

  @ListOf(SLUG_PATTERN)
  firstPharmSlugs: string[];

  @IsBoolean(invalid)
  hasPharmProducts: boolean;

  /** Never the country (the gateway leaves it out: it filters nothing). */
  @Optional() @Satisfies('area', isArea)
  area?: PharmListQuery['area'];

  @Optional() @Slug()
  tag?: string;
}

/**
 * `pharm.pharm.get` (`PharmDetailResponse`): the pharmacy, its distance from `location` when given. Only a live
 * pharmacy is found (issue 30), unless `anyState`: the services' and the back office's check that a business is a
 * pharmacy at all (order's business orders, the gateway's shipments), which an onboarding or suspended one still is.
 * The public page never sets it.
 */
export class PharmGetRequest {
  @SlugToFind()
  slug: string;

  @Optional() @Satisfies('geoPoint', isGeoPoint)
  location?: GeoPoint;

  @Optional() @IsBoolean(invalid)
  anyState?: boolean;
}

/** `pharm.slide.list`: the pharmacy's slides. */
export class PharmSlugRequest {
  @SlugToFind()
  slug: string;
}

/** The pharm product lists' query (`PharmProductListQuery`) with the sorts `T` allows. */
abstract class PharmProductQueryDto<T extends GeoSort> extends ProductFiltersDto implements PharmProductListQuery<T> {
  @IntInRange(1, MAX_PAGE, Messages.badRequest)
  page: number;

  abstract sortBy: T;

  @Optional() @IntInRange(1, INT4_MAX, Messages.badRequest)
  firstProduct?: number;

  @Optional() @Satisfies('geoPoint', isGeoPoint)
  location?: GeoPoint;
}

/** `pharm.pharm-product.list` (`PharmProductListResponse`): one pharmacy's products. */
export class PharmProductListRequest extends PharmProductQueryDto<ListSort> {
  @SlugToFind()
  slug: string;

  @IsIn(LIST_SORTS, invalid)
  sortBy: ListSort;
}

/** `pharm.discount.list` (`PharmProductListResponse`): discounted offers of every pharmacy; `nearby` needs a location. */
export class DiscountListRequest extends PharmProductQueryDto<GeoSort> {
  @IsIn(GEO_SORTS, invalid)
  sortBy: GeoSort;
}

/** `pharm.pharm-product.get` and `pharm.pharm-product.related`: one pharmacy's offer. */
export class PharmProductGetRequest {
  @SlugToFind()
  slug: string;

  @IntInRange(1, INT4_MAX, Messages.invalidUrl)
  id: number;
}

/** `pharm.comparison.list`: where the product `slug` can be bought. */
export class ComparisonRequest implements ComparisonQuery {
  @SlugToFind()
  slug: string;

  @Optional() @Satisfies('geoPoint', isGeoPoint)
  location?: GeoPoint;

  @IsBoolean(invalid)
  isOpen: boolean;

  @IsBoolean(invalid)
  hasDelivery: boolean;

  @IsIn(COMPARISON_SORTS, invalid)
  sortBy: ComparisonSort;

  @IsBoolean(invalid)
  isPromoted: boolean;
}

const MAX_SHEKELS = 100_000;
const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };

/**
 * `pharm.pharm-product.update`: the fields to change (money in shekels, up to 2 decimals); a field left
 * out stays as it is, `originalPrice: null` ends a discount, `expiresAt: null` clears the expiry (and only those).
 * Answers the offer as the storefront shows it (`PharmProduct`); an offer of another pharmacy is 404.
 */
export class PharmProductUpdateRequest {
  /** The pharmacy's business (its slug): the caller must be a member of it or an admin, and the offer must be its. */
  @IsString({ message: Messages.businessNotFound })
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: Messages.businessNotFound })
  @MaxLength(100, { message: Messages.businessNotFound })
  businessId: string;

  @IsInt(invalid) @Min(1, invalid) @Max(INT4_MAX, invalid)
  id: number;

  @Optional()
  @IsNumber(money, invalid) @Min(0, invalid) @Max(MAX_SHEKELS, invalid)
  price?: number;

  @ValidateIf((o: PharmProductUpdateRequest) => o.originalPrice !== undefined && o.originalPrice !== null)
  @IsNumber(money, invalid) @Min(0.01, invalid) @Max(MAX_SHEKELS, invalid)
  originalPrice?: number | null;

  @Optional()
  @IsBoolean(invalid)
  inStock?: boolean;

  @Optional()
  @IsBoolean(invalid)
  published?: boolean;

  @ValidateIf((o: PharmProductUpdateRequest) => o.expiresAt !== undefined && o.expiresAt !== null)
  @IsISO8601({ strict: true }, invalid)
  expiresAt?: string | null;
}

/**
 * `pharm.media.get`: a file of /media/pharms/: `<pharmSlug>.svg` (the logo) or `<pharmSlug>.slide-<n>.svg`
 * (an image slide); answers `MediaResponse`, 404 for anything else.
 */
export class PharmMediaGetRequest {
  @IsString(invalidUrl)
  file: string;
}
