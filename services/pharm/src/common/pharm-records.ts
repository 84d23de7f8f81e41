import type { Database } from '@mc/kit';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
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
  orderEmail: pharmacies.orderEmail,
  updatedAt: pharmacies.updatedAt,
};

/**
 * The live pharmacies with their tags (two queries; a few hundred rows): all of them, or those of `ids`. A pharmacy
 * onboarding or suspended is left out, so to the offer index (every public read) it is a pharmacy that does not exist:
 * its page is 404 and its offers are invisible, from the change feed's next apply (well under a second).
 */
export function loadPharmRecords(db: Database, ids?: number[]): Promise<PharmRecord[]> {
  return load(db, and(eq(pharmacies.state, 'live'), ids && inArray(pharmacies.id, ids)));
}

/** One pharmacy by slug in any state (the check that a business is a pharmacy at all), or undefined. */
export async function loadPharmRecordInAnyState(db: Database, slug: string): Promise<PharmRecord | undefined> {
  return (await load(db, eq(pharmacies.slug, slug)))[0];
}

async function load(db: Database, where: SQL | undefined): Promise<PharmRecord[]> {
  const [rows, tagRows] = await Promise.all([
    db.select(columns).from(pharmacies).where(where).orderBy(asc(pharmacies.id)),
    db
      .select({ pharmId: pharmacyTags.pharmId, slug: pharmTags.slug, name: pharmTags.name })
      .from(pharmacyTags)
      .innerJoin(pharmTags, eq(pharmTags.id, pharmacyTags.tagId))
      .innerJoin(pharmacies, eq(pharmacies.id, pharmacyTags.pharmId))
      .where(where)
      .orderBy(asc(pharmTags.name)),
  ]);
  const tags = new Map<number, { slug: string; name: string }[]>();
  for (const t of tagRows) {
    const list = tags.get(t.pharmId) ?? [];
    list.push({ slug: t.slug, name: t.name });
    tags.set(t.pharmId, list);
  }
  return rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] }));
}
