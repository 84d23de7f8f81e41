import { Inject, Injectable } from '@nestjs/common';
import { ISRAEL_TIME_ZONE, type ManageCounts } from '@mc/contracts';
import { Clock, DATABASE, type Database } from '@mc/kit';
import { and, inArray, sql } from 'drizzle-orm';
import { orders } from '../db/schema';

/**
 * The operator's console's order figures (issue 30): the gateway adds them to pharm's pharmacies and identity's
 * accounts, a page (at most 100 keys) at a time. One grouped query each, on an index led by the key: each key's
 * range of `orders_pharm_stats_idx` (slug, created_at) or `orders_user_created_idx` (user id), index-only.
 */
@Injectable()
export class ManageCountsService {
  constructor(@Inject(DATABASE) private readonly db: Database, @Inject(Clock) private readonly clock: Clock) {}

  /** Orders placed with each pharmacy since the 1st of this month, Israel time, up to now (by the service's clock). */
  async pharmCounts(slugs: string[]): Promise<ManageCounts> {
    const keys = [...new Set(slugs)];
    if (!keys.length) return { counts: {} };
    const at = this.clock.now().toISOString();
    // Israel's midnight of the 1st, as an instant (worked out in the zone: daylight saving moves it).
    const monthStart = sql`(date_trunc('month', ${at}::timestamptz AT TIME ZONE ${ISRAEL_TIME_ZONE}) AT TIME ZONE ${ISRAEL_TIME_ZONE})`;
    const rows = await this.db
      .select({ key: orders.pharmSlug, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.pharmSlug, keys), sql`${orders.createdAt} >= ${monthStart}`, sql`${orders.createdAt} <= ${at}::timestamptz`))
      .groupBy(orders.pharmSlug);
    return { counts: Object.fromEntries(rows.map((r) => [r.key, Number(r.count)])) };
  }

  /** Orders each user ever placed (every status: a canceled order was placed too). */
  async userCounts(userIds: number[]): Promise<ManageCounts> {
    const keys = [...new Set(userIds)];
    if (!keys.length) return { counts: {} };
    const rows = await this.db
      .select({ key: orders.userId, count: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.userId, keys))
      .groupBy(orders.userId);
    return { counts: Object.fromEntries(rows.map((r) => [String(r.key), Number(r.count)])) };
  }
}
