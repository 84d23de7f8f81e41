import type { Database } from '@mc/kit';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { pharmacies, pharmacyTags, pharmTags } from '../db/schema';
import type { PharmRecord } from './pharm-view';

const columns = {
  id: pharmacies.id,
  slug: pharmacies.slug,
  name: pharmacies.name,
  address: pharmacies.address,
  city: pharmacies.city,
  district: pharmacies.district,
  lat: pharmacies.lat,
  lng: pharmacies.lng,
  phone: pharmacies.phone,
  whatsapp: pharmacies.whatsapp,
  wazeAddress: pharmacies.wazeAddress,
  logoUrl: pharmacies.logoUrl,
  isOnboard: pharmacies.isOnboard,
  isStockOnly: pharmacies.isStockOnly,
  shipping: pharmacies.shipping,
  shipmentNotes: pharmacies.shipmentNotes,
  openingHours: pharmacies.openingHours,
  seoTitle: pharmacies.seoTitle,
  seoDescription: pharmacies.seoDescription,
  popularity: pharmacies.popularity,
  updatedAt: pharmacies.updatedAt,
};

/** Pharmacies matching `where` (all without it), with their tags. */
export async function loadPharmRecords(db: Database, where?: SQL): Promise<PharmRecord[]> {
  const rows = await db.select(columns).from(pharmacies).where(where);
  if (!rows.length) return [];
  const tagRows = await db
    .select({ pharmId: pharmacyTags.pharmId, slug: pharmTags.slug, name: pharmTags.name })
    .from(pharmacyTags)
    .innerJoin(pharmTags, eq(pharmTags.id, pharmacyTags.tagId))
    .where(rows.length > 50 ? undefined : inArray(pharmacyTags.pharmId, rows.map((r) => r.id)))
    .orderBy(asc(pharmTags.name));
  const tags = new Map<number, { slug: string; name: string }[]>();
  for (const t of tagRows) {
    const list = tags.get(t.pharmId) ?? [];
    list.push({ slug: t.slug, name: t.name });
    tags.set(t.pharmId, list);
  }
  return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
}

/** Pharmacies by id, for the offers of a page. */
export async function loadPharmRecordsById(db: Database, ids: number[]): Promise<Map<number, PharmRecord>> {
  const unique = [...new Set(ids)];
  const records = unique.length ? await loadPharmRecords(db, inArray(pharmacies.id, unique)) : [];
  return new Map(records.map((r) => [r.id, r]));
}

export async function loadPharmRecordBySlug(db: Database, slug: string): Promise<PharmRecord | undefined> {
  const [record] = await loadPharmRecords(db, eq(pharmacies.slug, slug));
  return record;
}
