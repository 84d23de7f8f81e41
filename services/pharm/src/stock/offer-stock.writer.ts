import { nameChangeSource } from '../common/change-source';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, type Tx } from '@mc/kit';
import { eq, inArray, sql } from 'drizzle-orm';
import { pharmacies, pharmProducts } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';

/** Units of one offer in an order, as order's events carry them. */
export interface StockLine {
  pharmSlug: string;
  pharmProductId: number;
  amount: number;
}

/** The offers' amounts as orders take and give back units, each change through OfferChanges. */
@Injectable()
export class OfferStockWriter {
  constructor(
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
  ) {}

  /**
   * Stock follows orders, in the caller's transaction: `lower` takes the ordered units off each offer that keeps an
   * amount and is not always in stock (reaching 0 puts it out of stock); `restore` gives them back (in stock again
   * when above 0). Only offers of the line's pharmacy move; every moved offer goes out as `evt.pharm.offers.changed`
   * (the writer's notification tells the relay at commit). The pharmacy's `updatedAt` stays: its 'last updated' says
   * when the pharmacy or its feed last updated prices and stock, which a patient's order is not (and touching the
   * pharmacy row made every order at one pharmacy wait for the one before it). Returns the offers moved.
   */
  async adjustStock(tx: Tx, lines: StockLine[], direction: 'lower' | 'restore'): Promise<number> {
    const units = new Map<string, StockLine>();
    for (const line of lines) {
      if (!Number.isInteger(line.amount) || line.amount < 1) continue;
      const key = `${line.pharmSlug}/${line.pharmProductId}`;
      const seen = units.get(key);
      units.set(key, { ...line, amount: (seen?.amount ?? 0) + line.amount });
    }
    if (!units.size) return 0;
    const list = [...units.values()];
    const now = this.clock.now();
    await nameChangeSource(tx, 'order');
    const change = direction === 'lower'
      ? sql`amount = greatest(pp.amount - u.n, 0), in_stock = CASE WHEN pp.amount - u.n <= 0 THEN false ELSE pp.in_stock END`
      : sql`amount = pp.amount + u.n, in_stock = CASE WHEN pp.amount + u.n > 0 THEN true ELSE pp.in_stock END`;
    const { rows } = await tx.execute<{ id: number }>(sql`UPDATE pharm.pharm_products pp SET ${change}, updated_at = ${now.toISOString()}::timestamptz
      FROM unnest(${sql.param(list.map((l) => l.pharmProductId))}::int[], ${sql.param(list.map((l) => l.pharmSlug))}::text[],
        ${sql.param(list.map((l) => l.amount))}::int[]) AS u(id, pharm_slug, n), pharm.pharmacies p
      WHERE pp.id = u.id AND p.id = pp.pharm_id AND p.slug = u.pharm_slug AND NOT pp.always_in_stock AND pp.amount IS NOT NULL
        ${direction === 'lower' ? sql`AND (pp.amount > 0 OR pp.in_stock)` : sql``}
      RETURNING pp.id`);
    if (!rows.length) return 0;
    const moved = await tx
      .select({ offer: pharmProducts, pharmSlug: pharmacies.slug })
      .from(pharmProducts)
      .innerJoin(pharmacies, eq(pharmacies.id, pharmProducts.pharmId))
      .where(inArray(pharmProducts.id, rows.map((r) => r.id)));
    await this.changes.tell(tx, moved.map((m) => ({ row: m.offer, pharmSlug: m.pharmSlug })), now);
    return moved.length;
  }
}
