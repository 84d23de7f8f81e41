import { nameChangeSource } from '../common/change-source';
import { Inject, Injectable } from '@nestjs/common';
import { type Tx } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { OfferChanges, type OfferChange } from '../offers/offer-changes';
import type { OfferRow } from '../offers/offer-view';
import type { FeedRow } from './feed-rows';

export interface ChunkOutcome {
  applied: number;
  unchanged: number;
  rejections: { line: number; reason: string }[];
}

/** The columns of `pharm_products` as `RETURNING *` gives them (times as text, drizzle's driver setting), mapped to the drizzle row. */
type RawOffer = {
  id: number; pharm_id: number; product_slug: string; price: number; original_price: number | null; in_stock: boolean; amount: number | null;
  always_in_stock: boolean; published: boolean; expires_at: string | null; is_popular: boolean; is_new: boolean; is_promoted: boolean;
  catalog_price: boolean; is_yarpa_locked: boolean; bumped_at: string | null; confirmed_at: string; created_at: string; updated_at: string;
  price_before: number | null; price_dropped_at: string | null;
};
const time = (v: string) => new Date(v);
const toRow = (r: RawOffer): OfferRow => ({
  id: r.id, pharmId: r.pharm_id, productSlug: r.product_slug, price: r.price, originalPrice: r.original_price, inStock: r.in_stock, amount: r.amount,
  alwaysInStock: r.always_in_stock, published: r.published, expiresAt: r.expires_at === null ? null : time(r.expires_at), isPopular: r.is_popular, isNew: r.is_new, isPromoted: r.is_promoted,
  catalogPrice: r.catalog_price, isYarpaLocked: r.is_yarpa_locked, bumpedAt: r.bumped_at === null ? null : time(r.bumped_at), confirmedAt: time(r.confirmed_at), createdAt: time(r.created_at), updatedAt: time(r.updated_at),
  priceBefore: r.price_before, priceDroppedAt: r.price_dropped_at === null ? null : time(r.price_dropped_at),
});

/** What an offer becomes after a partner's row: its price and stock the partner's, confirmed at the partner's time. */
interface Next {
  id: number | null;
  pharmId: number;
  productSlug: string;
  price: number;
  catalogPrice: boolean;
  originalPrice: number | null;
  amount: number;
  confirmedAt: Date;
}

/**
 * The partner feed's writer of offers: one chunk of checked rows in the caller's transaction. A row older than (or as
 * old as) its offer's confirmation changes nothing; a newer one sets the amount (in stock above 0), the price when
 * given (the offer then no longer follows the catalogue), locks the offer to the partner and confirms it at the row's
 * `updated_at`; a price given ends a discount's original price. A row for a product the pharmacy does not offer creates the offer, published and locked. Every changed
 * offer goes out through `OfferChanges`, and each named pharmacy's `partner_feed_at` moves.
 */
@Injectable()
export class FeedOffersWriter {
  constructor(@Inject(OfferChanges) private readonly changes: OfferChanges) {}

  async applyChunk(tx: Tx, rows: FeedRow[], now: Date): Promise<ChunkOutcome> {
    const outcome: ChunkOutcome = { applied: 0, unchanged: 0, rejections: [] };
    if (!rows.length) return outcome;
    await nameChangeSource(tx, 'feed');
    const key = (pharmId: number, slug: string) => `${pharmId}/${slug}`;
    const pairs = [...new Map(rows.map((r) => [key(r.pharmId, r.productSlug), r])).values()];
    const { rows: found } = await tx.execute<RawOffer>(sql`SELECT pp.* FROM pharm.pharm_products pp
      JOIN unnest(${sql.param(pairs.map((r) => r.pharmId))}::int[], ${sql.param(pairs.map((r) => r.productSlug))}::text[]) AS k(pharm_id, product_slug)
        ON pp.pharm_id = k.pharm_id AND pp.product_slug = k.product_slug
      ORDER BY pp.id FOR UPDATE OF pp`);
    const current = new Map(found.map((r) => { const row = toRow(r); return [key(row.pharmId, row.productSlug), row]; }));
    const next = new Map<string, Next>();
    for (const row of rows) {
      const k = key(row.pharmId, row.productSlug);
      const was = next.get(k) ?? current.get(k);
      if (was && row.updatedAt.getTime() <= was.confirmedAt.getTime()) {
        outcome.unchanged++;
        continue;
      }
      if (!was && row.price === null && row.estimatedPrice === null) {
        outcome.rejections.push({ line: row.line, reason: 'price is required for a product the pharmacy does not offer yet' });
        continue;
      }
      const price = row.price ?? (was ? was.price : row.estimatedPrice!);
      const catalogPrice = row.price === null && (was ? was.catalogPrice : true);
      // The partner's price is the price: a 'was' price the pharmacy had set stays only while the price is unchanged.
      const originalPrice = row.price === null ? (was?.originalPrice ?? null) : null;
      next.set(k, {
        id: was?.id ?? null, pharmId: row.pharmId, productSlug: row.productSlug, price, catalogPrice, originalPrice, amount: row.amount, confirmedAt: row.updatedAt,
      });
      outcome.applied++;
    }
    const slugs = new Map(rows.map((r) => [r.pharmId, r.pharmSlug]));
    const changed = [...await this.update(tx, [...next.values()].filter((n) => n.id !== null), now), ...await this.insert(tx, [...next.values()].filter((n) => n.id === null), now)];
    await tx.execute(sql`UPDATE pharm.pharmacies SET partner_feed_at = ${now.toISOString()}::timestamptz WHERE id = ANY(${sql.param([...slugs.keys()])}::int[])`);
    await this.changes.emit(tx, changed.map((row): OfferChange => ({ row, pharmSlug: slugs.get(row.pharmId)! })), now);
    return outcome;
  }

  private async update(tx: Tx, rows: Next[], now: Date): Promise<OfferRow[]> {
    if (!rows.length) return [];
    const col = <T>(pick: (n: Next) => T) => sql.param(rows.map(pick));
    const { rows: saved } = await tx.execute<RawOffer>(sql`UPDATE pharm.pharm_products pp SET price = u.price, catalog_price = u.catalog_price,
        original_price = u.original_price, amount = u.amount, in_stock = u.amount > 0, always_in_stock = false, is_yarpa_locked = true,
        confirmed_at = u.confirmed_at, updated_at = ${now.toISOString()}::timestamptz
      FROM unnest(${col((n) => n.id)}::int[], ${col((n) => n.price)}::int[], ${col((n) => n.catalogPrice)}::bool[], ${col((n) => n.originalPrice)}::int[],
        ${col((n) => n.amount)}::int[], ${col((n) => n.confirmedAt.toISOString())}::timestamptz[])
        AS u(id, price, catalog_price, original_price, amount, confirmed_at)
      WHERE pp.id = u.id
      RETURNING pp.*`);
    return saved.map(toRow);
  }

  private async insert(tx: Tx, rows: Next[], now: Date): Promise<OfferRow[]> {
    if (!rows.length) return [];
    const col = <T>(pick: (n: Next) => T) => sql.param(rows.map(pick));
    const at = now.toISOString();
    const { rows: saved } = await tx.execute<RawOffer>(sql`INSERT INTO pharm.pharm_products (pharm_id, product_slug, price, catalog_price, amount, in_stock,
        published, is_yarpa_locked, confirmed_at, created_at, updated_at)
      SELECT u.pharm_id, u.product_slug, u.price, u.catalog_price, u.amount, u.amount > 0, true, true, u.confirmed_at, ${at}::timestamptz, ${at}::timestamptz
      FROM unnest(${col((n) => n.pharmId)}::int[], ${col((n) => n.productSlug)}::text[], ${col((n) => n.price)}::int[], ${col((n) => n.catalogPrice)}::bool[],
        ${col((n) => n.amount)}::int[], ${col((n) => n.confirmedAt.toISOString())}::timestamptz[])
        AS u(pharm_id, product_slug, price, catalog_price, amount, confirmed_at)
      RETURNING *`);
    return saved.map(toRow);
  }
}
