import { Inject, Injectable } from '@nestjs/common';
import { Clock, DATABASE, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { inStockSql, israelDay, marketColumnsSql, sellingSql } from '../companies/market-sql';

/** Months of offer_history kept (issue 31: two years), whole months past them dropped by the daily job. */
export const OFFER_HISTORY_MONTHS = 24;

/** Days of history the seed writes before today (two years with today's snapshot). */
export const SEED_HISTORY_DAYS = 729;

/**
 * The daily snapshots of each product's market (`pharm.stock_days`, issue 29): what the company screens' stock history
 * and the admin's prices report read. Products with published offers of products not removed from the catalogue.
 */
@Injectable()
export class StockDaysWriter {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Today's snapshot (the day in Israel), taken now; taken again the same day, it replaces the day's rows. Answers the day and its rows. */
  async snapshot(): Promise<{ day: string; products: number }> {
    const now = this.clock.now();
    const day = israelDay(now);
    const { rowCount } = await this.db.execute(sql`INSERT INTO pharm.stock_days (product_slug, day, pharmacies_in_stock, pharmacies_offering, units, lowest, median, highest)
      SELECT pp.product_slug, ${day}::date, ${marketColumnsSql(inStockSql(now))}
      FROM pharm.pharm_products pp
      WHERE pp.published AND NOT EXISTS (SELECT 1 FROM pharm.products_view pv WHERE pv.slug = pp.product_slug AND pv.deleted)
      GROUP BY pp.product_slug
      ON CONFLICT (product_slug, day) DO UPDATE SET pharmacies_in_stock = excluded.pharmacies_in_stock, pharmacies_offering = excluded.pharmacies_offering,
        units = excluded.units, lowest = excluded.lowest, median = excluded.median, highest = excluded.highest`);
    // The day's lowest prices open with the prices as they stand (the offers' changes lower them through the day).
    await this.db.execute(sql`INSERT INTO pharm.price_days (product_slug, day, lowest)
      SELECT pp.product_slug, ${day}::date, min(pp.price) FROM pharm.pharm_products pp JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id
      WHERE ${sellingSql(now)}
      GROUP BY pp.product_slug
      ON CONFLICT (product_slug, day) DO UPDATE SET lowest = least(pharm.price_days.lowest, excluded.lowest)`);
    await this.db.execute(sql`SELECT pharm.keep_offer_history(${OFFER_HISTORY_MONTHS}::int)`);
    return { day, products: rowCount ?? 0 };
  }

  /** Whether today's snapshot is there (the worker takes it at start when it is not). */
  async hasToday(): Promise<boolean> {
    const { rows } = await this.db.execute(sql`SELECT 1 FROM pharm.stock_days WHERE day = ${israelDay(this.clock.now())}::date LIMIT 1`);
    return rows.length > 0;
  }

  /**
   * The seed's history: SEED_HISTORY_DAYS days before today for every product with published offers, drifting
   * deterministically (by the product's slug and the day's distance) from today's figures, which the curves meet at
   * today (no step in a chart): pharmacies in stock and units 70–100% of today's, prices within ±6% and a little lower
   * further back, in whole shekels. Days already there
   * are kept, so seeding again changes nothing.
   */
  async seedHistory(): Promise<number> {
    const today = israelDay(this.clock.now());
    const { rowCount } = await this.db.execute(sql`WITH base AS (
        SELECT d.product_slug AS slug, d.pharmacies_offering AS offering, greatest(d.pharmacies_in_stock, 1) AS stocked, d.units,
          coalesce(d.lowest, m.lo) AS lo, coalesce(d.median, m.med) AS med, coalesce(d.highest, m.hi) AS hi, abs(hashtext(d.product_slug)) % 1000 AS h
        FROM pharm.stock_days d
        JOIN (SELECT product_slug, min(price) AS lo, round(percentile_cont(0.5) WITHIN GROUP (ORDER BY price))::int AS med, max(price) AS hi
          FROM pharm.pharm_products WHERE published GROUP BY product_slug) m ON m.product_slug = d.product_slug
        WHERE d.day = ${today}::date
      )
      INSERT INTO pharm.stock_days (product_slug, day, pharmacies_in_stock, pharmacies_offering, units, lowest, median, highest)
      SELECT b.slug, ${today}::date - i, least(b.offering, round(b.stocked * f.w))::int, b.offering, round(b.units * f.w)::int,
        (round(b.lo * f.p / 100) * 100)::int, (round(b.med * f.p / 100) * 100)::int, (round(b.hi * f.p / 100) * 100)::int
      FROM base b CROSS JOIN generate_series(1, ${SEED_HISTORY_DAYS}) i
        CROSS JOIN LATERAL (SELECT 1 - 0.15 * (1 - cos(2 * pi() * i / (40 + b.h % 60))) AS w,
          1 + 0.06 * sin(2 * pi() * i / (90 + b.h % 120)) - i * 0.00005 AS p) f
      ON CONFLICT (product_slug, day) DO NOTHING`);
    // The chart's days before the seed: the snapshots' lowest prices.
    await this.db.execute(sql`INSERT INTO pharm.price_days (product_slug, day, lowest)
      SELECT product_slug, day, lowest FROM pharm.stock_days WHERE lowest IS NOT NULL AND day < ${today}::date
      ON CONFLICT (product_slug, day) DO NOTHING`);
    return rowCount ?? 0;
  }
}
