import {
  DISTANCE_BUCKETS_KM, distanceKm, isOpenAtClock, israelClock, opensOnSaturday, pageStart, PER_PAGE, roundKm, slotSpan,
  type FacetCount, type GeoPoint, type OpeningHours, type Pharm, type PharmListQuery, type PharmShipping, type Tag,
} from '@mc/contracts';

/** A pharmacy row with its tags, as the read side keeps it. */
export interface PharmRecord {
  id: number;
  slug: string;
  name: string;
  address: string;
  city: string;
  district: string;
  lat: number;
  lng: number;
  phone: string | null;
  whatsapp: string | null;
  wazeAddress: string | null;
  logoUrl: string | null;
  isOnboard: boolean;
  isStockOnly: boolean;
  shipping: PharmShipping;
  shipmentNotes: string | null;
  openingHours: OpeningHours;
  seoTitle: string | null;
  seoDescription: string | null;
  popularity: number;
  /** Where the pharmacy receives its orders and documents. */
  orderEmail: string | null;
  updatedAt: Date;
  tags: Tag[];
}

/** A moment read once in Israel's time, so checking many pharmacies' hours formats the date once. */
export interface Moment {
  at: Date;
  israel: { weekday: number; minute: number };
}

export const momentOf = (at: Date): Moment => ({ at, israel: israelClock(at) });

export const isOpenIn = (record: Pick<PharmRecord, 'openingHours'>, moment: Moment): boolean => isOpenAtClock(record.openingHours, moment.israel);

const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;

/**
 * When a pharmacy closed at `moment` next opens: the first slot start after it within the coming week (Israel's
 * time), as an instant; null when it is open at `moment` or has no hours at all.
 */
export function nextOpening(record: Pick<PharmRecord, 'openingHours'>, moment: Moment): Date | null {
  if (isOpenIn(record, moment)) return null;
  const { weekday, minute } = moment.israel;
  let ahead: number | null = null;
  for (let day = 0; day <= 7; day++) {
    for (const slot of record.openingHours[String((weekday + day) % 7)] ?? []) {
      const minutes = day * DAY_MINUTES + slotSpan(slot)[0] - minute;
      if (minutes > 0 && (ahead === null || minutes < ahead)) ahead = minutes;
    }
  }
  if (ahead === null) return null;
  const at = new Date(Math.floor(moment.at.getTime() / MINUTE_MS) * MINUTE_MS + ahead * MINUTE_MS);
  // Counted in Israel's wall-clock minutes: a summer-time change on the way moves the instant by its hour.
  const off = israelClock(at).minute - ((minute + ahead) % DAY_MINUTES);
  const drift = ((off + DAY_MINUTES / 2) % DAY_MINUTES + DAY_MINUTES) % DAY_MINUTES - DAY_MINUTES / 2;
  return drift === 0 ? at : new Date(at.getTime() - drift * MINUTE_MS);
}

/** Kilometres from `location`, unrounded; null without a location. */
export const kmFrom = (record: Pick<PharmRecord, 'lat' | 'lng'>, location?: GeoPoint): number | null =>
  location ? distanceKm(location, { lat: record.lat, lng: record.lng }) : null;

export function toPharm(record: PharmRecord, moment: Moment, location?: GeoPoint): Pharm {
  const km = kmFrom(record, location);
  return {
    name: record.name,
    slug: record.slug,
    address: record.address,
    city: record.city,
    lat: record.lat,
    lng: record.lng,
    distance: km === null ? null : roundKm(km),
    phoneNumber: record.phone,
    whatsappNumber: record.whatsapp,
    wazeAddress: record.wazeAddress,
    logo_url: record.logoUrl,
    isOpen: isOpenIn(record, moment),
    nextOpening: nextOpening(record, moment)?.getTime() ?? null,
    isOnboard: record.isOnboard,
    isStockOnly: record.isStockOnly,
    shipping: record.shipping,
    shipmentNotes: record.shipmentNotes,
    openingHours: record.openingHours,
    tags: record.tags,
    seoTitle: record.seoTitle,
    seoDescription: record.seoDescription,
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** `shipping` of pharmacies that deliver at all, and of those that deliver free (the list's `delivery=yes|free`). */
const DELIVERING: readonly PharmShipping[] = ['free', 'free-all-country', 'paid', 'paid-all-country'];
const FREE_DELIVERY: readonly PharmShipping[] = ['free', 'free-all-country'];
export const hasDelivery = (shipping: PharmShipping): boolean => DELIVERING.includes(shipping);

/** The filters of the pharmacy list that need no database: area, delivery. */
export function matchesProfile(record: PharmRecord, query: PharmListQuery): boolean {
  if (query.area?.type === 'district' && record.district !== query.area.name) return false;
  if (query.area?.type === 'city' && record.city !== query.area.name) return false;
  if (query.delivery === 'yes' && !DELIVERING.includes(record.shipping)) return false;
  if (query.delivery === 'free' && !FREE_DELIVERY.includes(record.shipping)) return false;
  return true;
}

const byName = new Intl.Collator('he');

/**
 * The list's order after its per-request keys (first, open, distance): most popular, then by name, then slug; as each
 * record's position, worked out once per set of records (the pharmacy snapshot) rather than compared by name in
 * every request's sort.
 */
export function listRanks(records: readonly PharmRecord[]): ReadonlyMap<PharmRecord, number> {
  const sorted = [...records].sort((a, b) =>
    b.popularity - a.popularity || byName.compare(a.name, b.name) || a.slug.localeCompare(b.slug));
  return new Map(sorted.map((record, i) => [record, i]));
}

/**
 * The part of the pharmacy list done in code, over the pharmacies the other filters kept: open now,
 * open on Saturday, the distance filter and its facet, the order and the page. The `distances` facet
 * counts, per bucket, the pharmacies within that many km under every filter but `distance` itself.
 * Order: `firstPharmSlugs` first (in their order), then open now (a patient wants somewhere to go),
 * then nearest (with a location) or most popular, then by name (`ranks`: `listRanks` of a set holding the
 * records); `sortBy=nearby` with a location puts nearest before open now.
 */
export function arrangePharms(
  records: PharmRecord[], query: PharmListQuery, moment: Moment, ranks: ReadonlyMap<PharmRecord, number> = listRanks(records),
): { page: Pharm[]; total: number; distances: FacetCount[] } {
  const location = query.location;
  let rows = records.map((record) => ({ record, open: isOpenIn(record, moment), km: kmFrom(record, location), rank: ranks.get(record) ?? Infinity }));
  if (query.open) rows = rows.filter((r) => r.open);
  if (query.openInSaturday) rows = rows.filter((r) => opensOnSaturday(r.record.openingHours));

  const distances: FacetCount[] = location
    ? DISTANCE_BUCKETS_KM.map((km) => ({ value: String(km), count: rows.filter((r) => r.km !== null && r.km <= km).length }))
    : [];
  if (location && query.distance !== undefined) rows = rows.filter((r) => r.km !== null && r.km <= query.distance!);

  const first = new Map(query.firstPharmSlugs.map((slug, i) => [slug, i]));
  const nearest = query.sortBy === 'nearby' && location !== undefined;
  rows.sort((a, b) => {
    const fa = first.get(a.record.slug) ?? Infinity;
    const fb = first.get(b.record.slug) ?? Infinity;
    if (fa !== fb) return fa - fb;
    if (nearest && a.km !== b.km) return a.km! - b.km!;
    if (a.open !== b.open) return a.open ? -1 : 1;
    if (a.km !== null && b.km !== null && a.km !== b.km) return a.km - b.km;
    return a.rank - b.rank;
  });

  const perPage = PER_PAGE.pharms;
  const start = pageStart(query.page, perPage);
  return {
    page: rows.slice(start, start + perPage).map((r) => toPharm(r.record, moment, location)),
    total: rows.length,
    distances,
  };
}
