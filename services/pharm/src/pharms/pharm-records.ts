import type { Database } from '@mc/kit';
import { asc, eq, sql } from 'drizzle-orm';
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

/** Every pharmacy with its tags (two queries; a few hundred rows). */
export async function loadAllPharmRecords(db: Database): Promise<PharmRecord[]> {
  const [rows, tagRows] = await Promise.all([
    db.select(columns).from(pharmacies).orderBy(asc(pharmacies.id)),
    db
      .select({ pharmId: pharmacyTags.pharmId, slug: pharmTags.slug, name: pharmTags.name })
      .from(pharmacyTags)
      .innerJoin(pharmTags, eq(pharmTags.id, pharmacyTags.tagId))
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

/** What each pharmacy sells now: published, in-stock offers of products the catalogue still lists. */
export async function loadSelling(db: Database): Promise<Map<number, Set<string>>> {
  const { rows } = await db.execute<{ pharm_id: number; slugs: string[] }>(sql`SELECT pp.pharm_id, array_agg(pp.product_slug) AS slugs
    FROM pharm.pharm_products pp JOIN pharm.products_view pv ON pv.slug = pp.product_slug
    WHERE pp.published AND pp.in_stock AND NOT pv.deleted GROUP BY pp.pharm_id`);
  return new Map(rows.map((r) => [r.pharm_id, new Set(r.slugs)]));
}

/** The catalogue tags of every product pharm knows (not deleted). */
export async function loadProductTags(db: Database): Promise<Map<string, string[]>> {
  const { rows } = await db.execute<{ slug: string; tags: string[] }>(sql`SELECT slug, ARRAY(SELECT jsonb_array_elements(tags) ->> 'slug') AS tags
    FROM pharm.products_view WHERE NOT deleted`);
  return new Map(rows.map((r) => [r.slug, r.tags]));
}

/**
 * A fingerprint of everything the directory copies: it changes with any pharmacy's profile, tags or
 * offers (their writes move the pharmacy's `updated_at`), any product the view applied, and the tag names.
 */
export async function directoryFingerprint(db: Database): Promise<string> {
  const { rows } = await db.execute<{ v: string }>(sql`SELECT concat_ws('|',
      (SELECT count(*) || ':' || coalesce(sum((extract(epoch FROM updated_at) * 1000000)::bigint), 0) FROM pharm.pharmacies),
      (SELECT count(*) || ':' || coalesce(sum((extract(epoch FROM updated_at) * 1000000)::bigint), 0) FROM pharm.products_view),
      (SELECT count(*) FROM pharm.pharmacy_tags),
      (SELECT coalesce(md5(string_agg(slug || '=' || name, ',' ORDER BY id)), '') FROM pharm.pharm_tags)) AS v`);
  return rows[0].v;
}
