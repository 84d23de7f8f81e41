import {
  CANNABIS_TYPES, DOSAGE_PATTERN, LIST_SORTS, MAX_PAGE, PRODUCT_TYPES, RELATED_SIZE, SEARCH_LIMIT, SLUG_PATTERN,
  parseEnum, parseFlag, parseList, parsePage, parsePriceRange, priceRangeOf, withoutControlChars,
  type PriceRange, type ProductFilters, type ProductListQuery,
} from '@mc/contracts';

/**
 * The gateway sends queries already parsed by the contracts functions, but a request subject is open to
 * anything on the bus: these rebuild a clean request from whatever arrived, ignoring what does not fit
 * (never throwing), the way the gateway ignores bad query-string values.
 */
export type Raw = Record<string, unknown>;

export const asRecord = (value: unknown): Raw => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {});

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : parseFlag(value, fallback));

export function cleanText(value: unknown, max = 200): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const s = withoutControlChars(String(value)).trim().slice(0, max);
  return s ? s : undefined;
}

export function cleanSlug(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 200 && SLUG_PATTERN.test(value) ? value : undefined;
}

export function cleanPage(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_PAGE) : 1;
  return parsePage(value);
}

/** A whole number within [1, max], else `fallback`. */
export function cleanSize(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

function cleanPriceRange(value: unknown): PriceRange | undefined {
  if (typeof value === 'string') return parsePriceRange(value);
  const v = asRecord(value);
  return priceRangeOf(v.min, v.max);
}

export function cleanProductFilters(raw: Raw): ProductFilters {
  return {
    search: cleanText(raw.search),
    inStock: flag(raw.inStock, true),
    priceRange: cleanPriceRange(raw.priceRange),
    types: parseList(raw.types, PRODUCT_TYPES),
    cannabisTypes: parseList(raw.cannabisTypes, CANNABIS_TYPES),
    dosages: parseList(raw.dosages ?? raw.dosage).filter((d) => DOSAGE_PATTERN.test(d)),
    companies: parseList(raw.companies),
  };
}

export function cleanProductListQuery(value: unknown): ProductListQuery {
  const raw = asRecord(value);
  return {
    ...cleanProductFilters(raw),
    page: cleanPage(raw.page),
    sortBy: parseEnum(raw.sortBy, LIST_SORTS, 'magic'),
    firstProductSlugs: parseList(raw.firstProductSlugs).filter((s) => SLUG_PATTERN.test(s)),
  };
}

/** The most related products one request may ask for (the spec's carousels ask for RELATED_SIZE). */
export const MAX_RELATED = 12;

export function cleanRelatedRequest(value: unknown): { slug?: string; size: number } {
  const raw = asRecord(value);
  return { slug: cleanSlug(raw.slug), size: cleanSize(raw.size, RELATED_SIZE, MAX_RELATED) };
}

export function cleanSearchRequest(value: unknown): { term?: string; limit: number } {
  const raw = asRecord(value);
  return { term: cleanText(raw.term, 100), limit: cleanSize(raw.limit, SEARCH_LIMIT, SEARCH_LIMIT) };
}

export function cleanTagRequest(value: unknown): { slug?: string; page: number } {
  const raw = asRecord(value);
  return { slug: cleanSlug(raw.slug), page: cleanPage(raw.page) };
}

/** A product slug, forgiving the `.svg` of an image file name. */
export function cleanMediaSlug(value: unknown): string | undefined {
  const raw = asRecord(value);
  return cleanSlug(typeof raw.slug === 'string' ? raw.slug.replace(/\.svg$/, '') : raw.slug);
}
