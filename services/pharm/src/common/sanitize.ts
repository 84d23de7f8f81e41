import {
  CANNABIS_TYPES, COMPARISON_SORTS, DOSAGE_PATTERN, LIST_SORTS, MAX_PAGE, PRODUCT_TYPES, SLUG_PATTERN,
  parseEnum, parseFlag, parseList, parseLocation, parseNumber, parsePage, parsePriceRange, priceRangeOf, withoutControlChars,
  type ComparisonQuery, type GeoPoint, type GeoSort, type PharmListQuery, type PharmProductListQuery, type PriceRange, type ProductFilters,
} from '@mc/contracts';

/**
 * The gateway sends queries already parsed by the contracts functions, but a request subject is open to
 * anything on the bus: these rebuild a clean query from whatever arrived, ignoring what does not fit
 * (never throwing), the way the gateway ignores bad query-string values.
 */
type Raw = Record<string, unknown>;

const asRecord = (value: unknown): Raw => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {});

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : parseFlag(value, fallback));

export function cleanText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const s = withoutControlChars(value).trim().slice(0, 200);
  return s ? s : undefined;
}

export function cleanSlug(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 200 && SLUG_PATTERN.test(value) ? value : undefined;
}

/** A positive safe integer id (number or digit string), else undefined. */
export function cleanId(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

function cleanPage(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_PAGE) : 1;
  return parsePage(value);
}

export function cleanLocation(value: unknown): GeoPoint | undefined {
  const v = asRecord(value);
  return parseLocation({ lat: typeof v.lat === 'number' ? String(v.lat) : v.lat, lng: typeof v.lng === 'number' ? String(v.lng) : v.lng });
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

export function cleanPharmProductListQuery(value: unknown, sorts: readonly GeoSort[] = LIST_SORTS): PharmProductListQuery {
  const raw = asRecord(value);
  return {
    ...cleanProductFilters(raw),
    page: cleanPage(raw.page),
    sortBy: parseEnum(raw.sortBy, sorts, 'magic'),
    firstProduct: cleanId(raw.firstProduct),
    location: cleanLocation(raw.location),
  };
}

export function cleanPharmListQuery(value: unknown): PharmListQuery {
  const raw = asRecord(value);
  const area = asRecord(raw.area);
  const areaType = parseEnum(area.type, ['country', 'district', 'city'] as const, 'country');
  const areaName = cleanText(area.name);
  const distance = typeof raw.distance === 'number' ? raw.distance : parseNumber(raw.distance, 0.1, 1000);
  return {
    page: cleanPage(raw.page),
    search: cleanText(raw.search),
    open: flag(raw.open, false),
    openInSaturday: flag(raw.openInSaturday, false),
    locationRadius: cleanId(raw.locationRadius),
    delivery: raw.delivery === 'free' || raw.delivery === 'yes' ? raw.delivery : undefined,
    location: cleanLocation(raw.location),
    distance: distance !== undefined && Number.isFinite(distance) && distance >= 0.1 && distance <= 1000 ? distance : undefined,
    firstPharmSlugs: parseList(raw.firstPharmSlugs).filter((s) => SLUG_PATTERN.test(s)),
    hasPharmProducts: flag(raw.hasPharmProducts, false),
    area: areaName && areaType !== 'country' ? { type: areaType, name: areaName } : undefined,
    tag: cleanSlug(raw.tag),
  };
}

/** The comparison query, or undefined when the product slug cannot be one. */
export function cleanComparisonQuery(value: unknown): ComparisonQuery | undefined {
  const raw = asRecord(value);
  const slug = cleanSlug(raw.slug);
  if (!slug) return undefined;
  return {
    slug,
    location: cleanLocation(raw.location),
    isOpen: flag(raw.isOpen, false),
    hasDelivery: flag(raw.hasDelivery, false),
    sortBy: parseEnum(raw.sortBy, COMPARISON_SORTS, 'price'),
    isPromoted: flag(raw.isPromoted, false),
  };
}

export { asRecord };
