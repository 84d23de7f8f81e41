import type { EventEnvelope, OfferSnapshot, OffersChangedEvent } from '@mc/contracts';
import type { Tx } from '@mc/kit';
import { sql } from 'drizzle-orm';

export const eventTime = (event: EventEnvelope): string => {
  const t = Date.parse(event.occurredAt);
  return new Date(Number.isNaN(t) ? Date.now() : t).toISOString();
};

/**
 * Applies a batch of offer snapshots (the last one per offer wins within the batch); a snapshot older
 * than what the row holds is ignored. Returns the product slugs whose statistics may have changed.
 */
export async function applyOffers(tx: Tx, snapshots: OfferSnapshot[], sourceAt: string): Promise<string[]> {
  const latest = [...new Map(snapshots.map((s) => [s.pharmProductId, s])).values()];
  if (!latest.length) return [];
  const incoming = JSON.stringify(latest.map((s) => ({
    pharm_product_id: s.pharmProductId, product_slug: s.productSlug, pharm_slug: s.pharmSlug, price: s.price, original_price: s.originalPrice,
    in_stock: s.inStock, published: s.published, expires_at: s.expiresAt, deleted: s.deleted,
  })));
  const { rows } = await tx.execute<{ slugs: string[] }>(sql`
    WITH incoming AS (
      SELECT * FROM json_to_recordset(${incoming}::json) AS x(pharm_product_id int, product_slug text, pharm_slug text, price int,
        original_price int, in_stock boolean, published boolean, expires_at timestamptz, deleted boolean)
    ),
    previous AS (SELECT o.product_slug FROM catalog.offers o JOIN incoming i USING (pharm_product_id)),
    saved AS (
      INSERT INTO catalog.offers (pharm_product_id, product_slug, pharm_slug, price, original_price, in_stock, published, expires_at, deleted, source_at, updated_at)
      SELECT pharm_product_id, product_slug, pharm_slug, price, original_price, in_stock, published, expires_at, deleted, ${sourceAt}::timestamptz, now() FROM incoming
      ON CONFLICT (pharm_product_id) DO UPDATE SET
        product_slug = excluded.product_slug, pharm_slug = excluded.pharm_slug, price = excluded.price, original_price = excluded.original_price,
        in_stock = excluded.in_stock, published = excluded.published, expires_at = excluded.expires_at, deleted = excluded.deleted,
        source_at = excluded.source_at, updated_at = now()
      WHERE catalog.offers.source_at <= excluded.source_at
      RETURNING product_slug
    )
    SELECT array(SELECT product_slug FROM saved UNION SELECT product_slug FROM previous) AS slugs`);
  return rows[0].slugs;
}

/**
 * Rewrites the statistics of `slugs` from their offers: price range, pharmacies and latest expiry over
 * the published in-stock offers of pharmacies not deleted, and the best discount among them.
 */
export async function refreshProductStats(tx: Tx, slugs: string[]): Promise<void> {
  if (!slugs.length) return;
  const list = JSON.stringify([...new Set(slugs)].sort());
  // Serialises recounts of one product across concurrent consumers: the recount below then reads
  // (READ COMMITTED, a fresh snapshot per statement) every offer change committed before it.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('catalog.product_stats:' || slug)) FROM json_array_elements_text(${list}::json) AS s(slug)`);
  await tx.execute(sql`
    INSERT INTO catalog.product_stats (product_slug, min_price, max_price, pharm_count, max_expires_at, best_discount_pct, updated_at)
    SELECT s.slug, st.min_price, st.max_price, st.pharm_count, st.max_expires_at, st.best_discount_pct, now()
    FROM json_array_elements_text(${list}::json) AS s(slug),
    -- One product at a time through offers_product_idx (a join over the list would be planned as a scan of every offer).
    LATERAL (
      SELECT min(o.price) AS min_price, max(o.price) AS max_price, count(DISTINCT o.pharm_slug)::int AS pharm_count, max(o.expires_at) AS max_expires_at,
        coalesce(max(CASE WHEN o.original_price > o.price THEN round(100 * (1 - o.price::numeric / o.original_price)) END), 0)::int AS best_discount_pct
      FROM catalog.offers o
      WHERE o.product_slug = s.slug AND o.published AND o.in_stock AND NOT o.deleted
        AND NOT EXISTS (SELECT 1 FROM catalog.pharms_view v WHERE v.slug = o.pharm_slug AND v.deleted)
    ) st
    ON CONFLICT (product_slug) DO UPDATE SET
      min_price = excluded.min_price, max_price = excluded.max_price, pharm_count = excluded.pharm_count,
      max_expires_at = excluded.max_expires_at, best_discount_pct = excluded.best_discount_pct, updated_at = now()`);
}

/**
 * `evt.pharm.offers.changed` → offers and their products' statistics, in the consumer's transaction. The offers are
 * those of the batch that fit `OfferSnapshot` (the kit checked the event; one that does not fit is left out).
 */
export async function projectOffersChanged(tx: Tx, event: EventEnvelope<OffersChangedEvent>): Promise<number> {
  const snapshots = event.data.offers;
  const slugs = await applyOffers(tx, snapshots, eventTime(event));
  await refreshProductStats(tx, slugs);
  return snapshots.length;
}
