import { cleanText, searchDocument, type EventEnvelope, type PharmChangedEvent } from '@mc/contracts';
import type { Tx } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { addToDictionary } from '../common/search';
import { eventTime, refreshProductStats } from './offers.projection';

/**
 * `evt.pharm.pharm.changed` → the pharmacy summary search suggests (older snapshots ignored). When a
 * pharmacy is deleted or comes back, the statistics of the products it offers are recounted.
 */
export async function projectPharmChanged(tx: Tx, event: EventEnvelope<PharmChangedEvent>): Promise<boolean> {
  const { pharm, deleted } = event.data;
  const { slug } = pharm;
  // Text for search: without control characters, trimmed and cut (a name with nothing left is no pharmacy to suggest).
  const name = cleanText(pharm.name);
  if (!name) return false;
  const city = cleanText(pharm.city) ?? '';
  const address = cleanText(pharm.address) ?? '';
  const logoUrl = cleanText(pharm.logoUrl, 500) ?? null;
  const searchText = searchDocument(name, city);
  const { rows } = await tx.execute<{ was_deleted: boolean | null; applied: boolean }>(sql`
    WITH previous AS (SELECT deleted FROM catalog.pharms_view WHERE slug = ${slug}),
    saved AS (
      INSERT INTO catalog.pharms_view (slug, name, city, address, logo_url, search_text, deleted, source_at, updated_at)
      VALUES (${slug}, ${name}, ${city}, ${address}, ${logoUrl}, ${searchText}, ${deleted}, ${eventTime(event)}::timestamptz, now())
      ON CONFLICT (slug) DO UPDATE SET name = excluded.name, city = excluded.city, address = excluded.address, logo_url = excluded.logo_url,
        search_text = excluded.search_text, deleted = excluded.deleted, source_at = excluded.source_at, updated_at = now()
      WHERE catalog.pharms_view.source_at <= excluded.source_at
      RETURNING 1
    )
    SELECT (SELECT deleted FROM previous) AS was_deleted, EXISTS (SELECT 1 FROM saved) AS applied`);
  const { was_deleted: wasDeleted, applied } = rows[0];
  if (applied && !deleted) await addToDictionary(tx, [searchText]);
  if (applied && (wasDeleted ?? false) !== deleted) {
    const offered = await tx.execute<{ product_slug: string }>(sql`SELECT DISTINCT product_slug FROM catalog.offers WHERE pharm_slug = ${slug}`);
    await refreshProductStats(tx, offered.rows.map((r) => r.product_slug));
  }
  return applied;
}
