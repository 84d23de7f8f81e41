import { DISTANCE_BUCKETS_KM, parseFlag, parseNumber, parsePage, type GeoPoint } from '@mc/contracts';
import type { Layout } from './list-search';

const DELIVERY_OPTIONS = ['free', 'yes'] as const;
export type Delivery = (typeof DELIVERY_OPTIONS)[number];

/** The URL state of the pharmacy list (spec 2.3). Defaults are left out of the URL; the default layout is list. */
export interface PharmListSearch {
  page?: number;
  search?: string;
  open?: 1;
  openInSaturday?: 1;
  locationRadius?: number;
  delivery?: Delivery;
  distance?: number;
  /** Nearest first: set once the browser's position is allowed (needs the position to mean anything). */
  sortBy?: 'nearby';
  layout?: Layout;
}

const text = (value: unknown): string | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const trimmed = String(value).trim().slice(0, 100);
  return trimmed || undefined;
};

/** Reads the pharmacy list's URL: unknown values are dropped, and so are the defaults. */
export function validatePharmListSearch(raw: Record<string, unknown>): PharmListSearch {
  const page = parsePage(raw.page);
  const radius = parseNumber(raw.locationRadius, 1, Number.MAX_SAFE_INTEGER);
  const distance = parseNumber(raw.distance, 0.1, 1000);
  const search: PharmListSearch = {
    page: page > 1 ? page : undefined,
    search: text(raw.search),
    open: parseFlag(raw.open, false) ? 1 : undefined,
    openInSaturday: parseFlag(raw.openInSaturday, false) ? 1 : undefined,
    locationRadius: radius !== undefined && Number.isInteger(radius) ? radius : undefined,
    delivery: DELIVERY_OPTIONS.find((option) => option === raw.delivery),
    distance: DISTANCE_BUCKETS_KM.find((km) => km === distance),
    sortBy: raw.sortBy === 'nearby' ? 'nearby' : undefined,
    layout: raw.layout === 'grid' ? 'grid' : undefined,
  };
  // Every key answered, undefined when dropped (the router spreads this over the raw query: see validateListSearch).
  return search;
}

/** The API query string for the list URL; the distance filter needs the browser's position. */
export function pharmListApiParams(search: PharmListSearch, location?: GeoPoint): string {
  const query = new URLSearchParams({ page: String(search.page ?? 1) });
  if (search.search) query.set('search', search.search);
  if (search.open) query.set('open', '1');
  if (search.openInSaturday) query.set('openInSaturday', '1');
  if (search.locationRadius) query.set('locationRadius', String(search.locationRadius));
  if (search.delivery) query.set('delivery', search.delivery);
  if (location) {
    query.set('lat', String(location.lat));
    query.set('lng', String(location.lng));
    if (search.distance) query.set('distance', String(search.distance));
    if (search.sortBy) query.set('sortBy', search.sortBy);
  }
  return query.toString();
}

/** Whether any filter differs from its default (for the empty state's 'clear' button). */
export function hasPharmFilters(search: PharmListSearch): boolean {
  return !!(search.search || search.open || search.openInSaturday || search.locationRadius || search.delivery || search.distance);
}

export const CLEAR_PHARM_FILTERS: Partial<PharmListSearch> = {
  search: undefined,
  open: undefined,
  openInSaturday: undefined,
  locationRadius: undefined,
  delivery: undefined,
  distance: undefined,
};
