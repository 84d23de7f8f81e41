import {
  IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsString, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf,
} from 'class-validator';
import { CANNABIS_TYPES, SLUG_PATTERN, type CannabisType } from '../catalog/product';
import { INT4_MAX, IntInRange } from '../forms/decorators';
import { Messages } from '../messages';
import { DOSAGE_PATTERN } from '../rules/dosage';
import { CONTROL_CHARS } from '../rules/control-chars';
import {
  COMPARISON_SORTS, GEO_SORTS, LIST_SORTS, MAX_FILTER_PRICE, MAX_PAGE, PRODUCT_TYPES, SEARCH_LIMIT,
  type ComparisonQuery, type ComparisonSort, type GeoPoint, type GeoSort, type ListSort, type PharmListQuery, type PharmProductListQuery,
  type PriceRange, type ProductListQuery, type ProductType,
} from './query';

/**
 * The payloads of the storefront's request subjects, validated strictly by each service (the kit's ValidationPipe:
 * a payload that does not fit is a 400). The lenient reading of a URL's query (unknown values ignored, missing ones
 * defaulted) is the gateway's, once, with the `parse*` functions of `query.ts`, whose results fit these.
 */

const invalid = { message: Messages.badRequest };
const invalidUrl = { message: Messages.invalidUrl };

/** Validated only when present: `undefined` is "not given" (JSON drops it); `null` is not a value of these fields. */
const Optional = () => ValidateIf((_: object, value: unknown) => value !== undefined);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOnlyKeys = (value: Record<string, unknown>, keys: readonly string[]) => Object.keys(value).every((k) => keys.includes(k));
const isNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** `{ lat, lng }` in degrees, nothing else. */
export const isGeoPoint = (value: unknown): value is GeoPoint =>
  isRecord(value) && hasOnlyKeys(value, ['lat', 'lng']) && isNumberIn(value.lat, -90, 90) && isNumberIn(value.lng, -180, 180);

/** `{ min, max }` in shekels within [0, MAX_FILTER_PRICE], `min` ≤ `max`, nothing else. */
export const isPriceRange = (value: unknown): value is PriceRange =>
  isRecord(value) && hasOnlyKeys(value, ['min', 'max'])
  && isNumberIn(value.min, 0, MAX_FILTER_PRICE) && isNumberIn(value.max, 0, MAX_FILTER_PRICE) && value.min <= value.max;

const isArea = (value: unknown): value is NonNullable<PharmListQuery['area']> =>
  isRecord(value) && hasOnlyKeys(value, ['type', 'name']) && (value.type === 'district' || value.type === 'city')
  && typeof value.name === 'string' && value.name.length > 0 && value.name.length <= 200 && !CONTROL_CHARS.test(value.name);

function Satisfies(name: string, check: (value: unknown) => boolean, message = Messages.badRequest): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: check } }, { message });
}

/** What `parseList` gives: at most 50 distinct non-empty strings of at most 100 characters, each allowed (or matching). */
function ListOf(rule?: readonly string[] | RegExp): PropertyDecorator {
  const fits = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 100 && !CONTROL_CHARS.test(v)
    && (rule === undefined || (rule instanceof RegExp ? rule.test(v) : rule.includes(v)));
  return Satisfies('listOf', (value) => Array.isArray(value) && value.length <= 50 && new Set(value).size === value.length && value.every(fits));
}

/** A slug as the URL carries it: a string (the service answers 404 for one it does not know). */
const SlugToFind = () => IsString(invalidUrl);

/** A slug that must be one (the spec's 'כתובת לא תקינה' otherwise). */
function Slug(): PropertyDecorator {
  return (target, key) => {
    IsString(invalidUrl)(target, key);
    MaxLength(200, invalidUrl)(target, key);
    Matches(SLUG_PATTERN, invalidUrl)(target, key);
  };
}

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

/** `catalog.media.get`: a product's generated image (`MediaResponse`). */
export class MediaGetRequest {
  @Slug()
  slug: string;
}

/** A generated image: its content type and text. */
export interface MediaResponse { contentType: string; body: string }

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

/** `pharm.pharm.get` (`PharmDetailResponse`): the pharmacy, its distance from `location` when given. */
export class PharmGetRequest {
  @SlugToFind()
  slug: string;

  @Optional() @Satisfies('geoPoint', isGeoPoint)
  location?: GeoPoint;
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
