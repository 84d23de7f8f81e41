import type { GeoPoint } from './query';

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances shown to people: one decimal. */
export const roundKm = (km: number): number => Math.round(km * 10) / 10;

/** The distance buckets of the pharmacy list's `distances` facet, in km. */
export const DISTANCE_BUCKETS_KM = [2, 5, 10, 20, 50] as const;
