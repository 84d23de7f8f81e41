import {
  DISTANCE_BUCKETS_KM, distanceKm, isOpenAt, opensOnSaturday, PER_PAGE, roundKm,
  type FacetCount, type GeoPoint, type OpeningHours, type Pharm, type PharmListQuery, type PharmShipping, type Tag,
} from '@mc/contracts';

/** A pharmacy row with its tags, as the read side loads it. */
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
  updatedAt: Date;
  tags: Tag[];
}

/** Kilometres from `location`, unrounded; null without a location. */
export const kmFrom = (record: Pick<PharmRecord, 'lat' | 'lng'>, location?: GeoPoint): number | null =>
  location ? distanceKm(location, { lat: record.lat, lng: record.lng }) : null;

export function toPharm(record: PharmRecord, now: Date, location?: GeoPoint): Pharm {
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
    isOpen: isOpenAt(record.openingHours, now),
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

export const hasDelivery = (shipping: PharmShipping): boolean => shipping !== 'no-shipping';
export const hasFreeDelivery = (shipping: PharmShipping): boolean => shipping === 'free' || shipping === 'free-all-country';

const byName = new Intl.Collator('he');

/**
 * The part of the pharmacy list done in code, over the rows SQL pre-filtered (search, area, delivery,
 * tag, products): open now, open on Saturday, the distance filter and its facet, the order and the page.
 * Order: `firstPharmSlugs` first (in their order), then open now, then nearest (with a location) or most
 * popular, then by name.
 */
export function arrangePharms(records: PharmRecord[], query: PharmListQuery, now: Date): { page: Pharm[]; total: number; distances: FacetCount[] } {
  const location = query.location;
  let rows = records.map((record) => ({ record, open: isOpenAt(record.openingHours, now), km: kmFrom(record, location) }));
  if (query.open) rows = rows.filter((r) => r.open);
  if (query.openInSaturday) rows = rows.filter((r) => opensOnSaturday(r.record.openingHours));

  const distances: FacetCount[] = location
    ? DISTANCE_BUCKETS_KM.map((km) => ({ value: String(km), count: rows.filter((r) => r.km !== null && r.km <= km).length }))
    : [];
  if (location && query.distance !== undefined) rows = rows.filter((r) => r.km !== null && r.km <= query.distance!);

  const first = new Map(query.firstPharmSlugs.map((slug, i) => [slug, i]));
  rows.sort((a, b) => {
    const fa = first.get(a.record.slug) ?? Infinity;
    const fb = first.get(b.record.slug) ?? Infinity;
    if (fa !== fb) return fa - fb;
    if (a.open !== b.open) return a.open ? -1 : 1;
    if (a.km !== null && b.km !== null && a.km !== b.km) return a.km - b.km;
    if (a.record.popularity !== b.record.popularity) return b.record.popularity - a.record.popularity;
    return byName.compare(a.record.name, b.record.name) || a.record.slug.localeCompare(b.record.slug);
  });

  const perPage = PER_PAGE.pharms;
  const start = (query.page - 1) * perPage;
  return {
    page: rows.slice(start, start + perPage).map((r) => toPharm(r.record, now, location)),
    total: rows.length,
    distances,
  };
}
