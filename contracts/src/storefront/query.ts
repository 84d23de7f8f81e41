import { CANNABIS_TYPES, SLUG_PATTERN, type CannabisType } from '../catalog/product';
import { DOSAGE_PATTERN } from '../rules/dosage';
import { CONTROL_CHARS, withoutControlChars } from '../rules/control-chars';

/** Product forms the lists filter on (`types`). */
export const PRODUCT_TYPES = ['flower', 'oil', 'pre-roll'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const LIST_SORTS = ['magic', 'price', 'popular', 'new'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
/** Sorts of the lists where distance counts (the comparison and the discounts page). */
export const GEO_SORTS = [...LIST_SORTS, 'nearby'] as const;
export type GeoSort = (typeof GEO_SORTS)[number];
export const COMPARISON_SORTS = ['price', 'nearby'] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];

/** Page sizes are the server's, not the caller's. */
export const PER_PAGE = { products: 24, pharms: 20, pharmProducts: 24, discounts: 24, tagProducts: 12, tagPharms: 8, comparison: 100 } as const;
export const SEARCH_LIMIT = 5;
export const RELATED_SIZE = 3;
export const MAX_PAGE = 10_000;
/** The largest id the services keep (PostgreSQL `integer`; `INT4_MAX` of the forms, not imported: no class-validator here). */
const MAX_ID = 2_147_483_647;

/** How many rows come before page `page` (1-based) of `perPage` rows: every paged list skips this many. */
export const pageStart = (page: number, perPage: number): number => (page - 1) * perPage;

export interface PriceRange {
  min: number;
  max: number;
}

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The product filters of spec 2.3, after parsing. */
export interface ProductFilters {
  search?: string;
  inStock: boolean;
  priceRange?: PriceRange;
  types: ProductType[];
  cannabisTypes: CannabisType[];
  dosages: string[];
  companies: string[];
}

export interface ProductListQuery extends ProductFilters {
  page: number;
  sortBy: ListSort;
  firstProductSlugs: string[];
}

export interface PharmProductListQuery<S extends GeoSort = GeoSort> extends ProductFilters {
  page: number;
  sortBy: S;
  /** A pharm product id shown first (the pharmacy page's `product`/`firstProduct`). */
  firstProduct?: number;
  location?: GeoPoint;
}

export interface PharmListQuery {
  page: number;
  search?: string;
  open: boolean;
  openInSaturday: boolean;
  /** `locationRadius`: a location id of the locations tree (district or city) the pharmacy must be in. */
  locationRadius?: number;
  delivery?: 'free' | 'yes';
  location?: GeoPoint;
  /** Kilometres from `location`. */
  distance?: number;
  /** `nearby`: nearest first (with `location`; without one the default order). */
  sortBy?: 'nearby';
  firstPharmSlugs: string[];
  hasPharmProducts: boolean;
  /** Set by the gateway from `locationRadius` (resolved in the locations tree). */
  area?: { type: 'country' | 'district' | 'city'; name: string };
  /** Pharmacies carrying this tag (tag pages). */
  tag?: string;
}

export interface ComparisonQuery {
  slug: string;
  location?: GeoPoint;
  isOpen: boolean;
  hasDelivery: boolean;
  sortBy: ComparisonSort;
  isPromoted: boolean;
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = withoutControlChars(String(v)).trim();
  return s ? s.slice(0, 200) : undefined;
};

/** A comma list (or repeated parameter) of clean values; anything outside `allowed` is dropped. */
export function parseList<T extends string>(value: unknown, allowed?: readonly T[]): T[] {
  const parts = (Array.isArray(value) ? value : [value])
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= 100 && !CONTROL_CHARS.test(v));
  const unique = [...new Set(parts)].slice(0, 50);
  return (allowed ? unique.filter((v) => (allowed as readonly string[]).includes(v)) : unique) as T[];
}

/** `parseList` of slugs: anything that cannot be one is dropped. */
export function parseSlugList(value: unknown): string[] {
  return parseList(value).filter((s) => SLUG_PATTERN.test(s));
}

/** A positive page number; anything else is page 1. */
export function parsePage(value: unknown): number {
  const n = Number(text(value));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

export function parseFlag(value: unknown, fallback: boolean): boolean {
  const v = text(value);
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return fallback;
}

export function parseNumber(value: unknown, min: number, max: number): number | undefined {
  const v = text(value);
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

export function parseEnum<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  const v = text(value);
  return v !== undefined && (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

/** The highest price a filter may name, in shekels: its agorot still fit the integer price columns. */
export const MAX_FILTER_PRICE = 1_000_000;

/** Two bounds in shekels as a range: swapped when reversed, within [0, MAX_FILTER_PRICE]; undefined unless both are finite and not negative. */
export function priceRangeOf(a: unknown, b: unknown): PriceRange | undefined {
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b) || a < 0 || b < 0) return undefined;
  return { min: Math.min(a, b, MAX_FILTER_PRICE), max: Math.min(Math.max(a, b), MAX_FILTER_PRICE) };
}

/** `min-max` in shekels; reversed bounds are swapped, anything unreadable is ignored. */
export function parsePriceRange(value: unknown): PriceRange | undefined {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text(value) ?? '');
  return match ? priceRangeOf(Number(match[1]), Number(match[2])) : undefined;
}

export function parseLocation(raw: Raw): GeoPoint | undefined {
  const lat = parseNumber(raw.lat ?? raw.coordinatesLat, -90, 90);
  const lng = parseNumber(raw.lng ?? raw.coordinatesLng, -180, 180);
  return lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
}

const dosages = (raw: Raw) => parseList(raw.dosages ?? raw.dosage).filter((d) => DOSAGE_PATTERN.test(d));

export function parseProductFilters(raw: Raw): ProductFilters {
  return {
    search: text(raw.search),
    inStock: parseFlag(raw.inStock, true),
    priceRange: parsePriceRange(raw.priceRange),
    types: parseList(raw.types, PRODUCT_TYPES),
    cannabisTypes: parseList(raw.cannabisTypes, CANNABIS_TYPES),
    dosages: dosages(raw),
    companies: parseList(raw.companies),
  };
}

export function parseProductListQuery(raw: Raw): ProductListQuery {
  return {
    ...parseProductFilters(raw),
    page: parsePage(raw.page),
    sortBy: parseEnum(raw.sortBy, LIST_SORTS, 'magic'),
    firstProductSlugs: parseSlugList(raw.firstProductSlugs),
  };
}

export function parsePharmProductListQuery<S extends GeoSort = ListSort>(raw: Raw, sorts: readonly S[] = LIST_SORTS as readonly GeoSort[] as readonly S[]): PharmProductListQuery<S> {
  const first = parseNumber(raw.firstProduct ?? raw.product, 1, MAX_ID);
  return {
    ...parseProductFilters(raw),
    page: parsePage(raw.page),
    sortBy: parseEnum(raw.sortBy, sorts, 'magic' as S),
    firstProduct: first !== undefined && Number.isInteger(first) ? first : undefined,
    location: parseLocation(raw),
  };
}

export function parsePharmListQuery(raw: Raw): PharmListQuery {
  const delivery = text(raw.delivery);
  const radius = parseNumber(raw.locationRadius, 1, MAX_ID);
  return {
    page: parsePage(raw.page),
    search: text(raw.search),
    open: parseFlag(raw.open, false),
    openInSaturday: parseFlag(raw.openInSaturday, false),
    locationRadius: radius !== undefined && Number.isInteger(radius) ? radius : undefined,
    delivery: delivery === 'free' || delivery === 'yes' ? delivery : undefined,
    location: parseLocation(raw),
    distance: parseNumber(raw.distance, 0.1, 1000),
    sortBy: raw.sortBy === 'nearby' ? 'nearby' : undefined,
    firstPharmSlugs: parseSlugList(raw.firstPharmSlugs),
    hasPharmProducts: parseFlag(raw.hasPharmProducts, false),
  };
}

export function parseComparisonQuery(slug: string, raw: Raw): ComparisonQuery {
  return {
    slug,
    location: parseLocation(raw),
    isOpen: parseFlag(raw.isOpen, false),
    hasDelivery: parseFlag(raw.hasDelivery, false),
    sortBy: parseEnum(raw.sortBy, COMPARISON_SORTS, 'price'),
    isPromoted: parseFlag(raw.isPromoted, false),
  };
}

/** A pharm product id from a URL: digits only (the spec's 'כתובת לא תקינה' otherwise). */
export function parsePharmProductId(value: string): number | undefined {
  if (!/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
}
