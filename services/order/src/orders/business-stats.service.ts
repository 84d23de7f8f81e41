import { Inject, Injectable } from '@nestjs/common';
import { agorotToShekels, DASHBOARD_LIST_SIZE, ISRAEL_TIME_ZONE, type OrderBusinessStats, type OrderStatus } from '@mc/contracts';
import { Clock, DATABASE, type Database } from '@mc/kit';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { orders, pharmacyOrderDays, pharmacyOrderTotals } from '../db/schema';

/** The statuses of an order its pharmacy still has to handle (the dashboard's "recent open orders"). */
const NOT_FINAL_STATUSES = ['new', 'open', 'pending'] as const satisfies readonly OrderStatus[];

/**
 * The dashboard's three reads, built once and prepared on each connection (a dashboard is opened often): the last 30
 * Israel days' figure rows, the pharmacy's totals, and its latest orders not yet final with their products count.
 */
function statsQueries(db: Database) {
  const today = sql`(${sql.placeholder('now')}::timestamptz AT TIME ZONE ${ISRAEL_TIME_ZONE})::date`;
  const since = (days: number) => sql`${pharmacyOrderDays.day} >= ${today} - ${sql.raw(String(days))}`;
  const countIn = (days: number) => sql<number>`(coalesce(sum(${pharmacyOrderDays.orders}) FILTER (WHERE ${since(days)}), 0))::int`;
  const totalIn = (days: number) => sql<number>`(coalesce(sum(${pharmacyOrderDays.total}) FILTER (WHERE ${since(days)}), 0))::bigint`;
  return {
    days: db
      .select({ todayCount: countIn(0), todayTotal: totalIn(0), weekCount: countIn(6), weekTotal: totalIn(6), monthCount: countIn(29), monthTotal: totalIn(29) })
      .from(pharmacyOrderDays)
      .where(and(eq(pharmacyOrderDays.pharmSlug, sql.placeholder('pharmSlug')), since(29), lte(pharmacyOrderDays.day, today)))
      .prepare('order_dashboard_days'),
    ever: db.select().from(pharmacyOrderTotals).where(eq(pharmacyOrderTotals.pharmSlug, sql.placeholder('pharmSlug'))).prepare('order_dashboard_ever'),
    open: db
      .select({
        id: orders.id, createdAt: orders.createdAt, status: orders.status, firstName: orders.firstName, lastName: orders.lastName, total: orders.total,
        // Written out: drizzle would name the outer id unqualified, which the subquery reads as the item's own.
        productsCount: sql<number>`(SELECT coalesce(sum(i.amount), 0)::int FROM "order".order_items i WHERE i.order_id = "order"."orders"."id")`,
      })
      .from(orders)
      .where(and(eq(orders.pharmSlug, sql.placeholder('pharmSlug')), inArray(orders.status, [...NOT_FINAL_STATUSES])))
      .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`) // as orders_pharm_open_idx
      .limit(DASHBOARD_LIST_SIZE)
      .prepare('order_dashboard_open'),
  };
}

/**
 * The dashboard's order figures of one pharmacy (spec §3 Stats): orders placed today, in the last 7 and 30 days (days
 * of Israel's calendar, today included) and ever, with their totals; distinct customers; the latest orders not yet
 * final. The figures are read from the rows the order triggers keep (at most 30 days' and one), whatever the number of
 * orders; the latest open orders from the partial index `orders_pharm_open_idx`.
 */
@Injectable()
export class BusinessStatsService {
  private readonly queries: ReturnType<typeof statsQueries>;

  constructor(@Inject(DATABASE) db: Database, @Inject(Clock) private readonly clock: Clock) {
    this.queries = statsQueries(db);
  }

  async stats(pharmSlug: string): Promise<OrderBusinessStats> {
    const now = this.clock.now().toISOString();
    const [[days], [ever], open] = await Promise.all([
      this.queries.days.execute({ pharmSlug, now }),
      this.queries.ever.execute({ pharmSlug }),
      this.queries.open.execute({ pharmSlug }),
    ]);
    const pair = (count: number, total: number) => ({ count: Number(count), totalPrice: agorotToShekels(Number(total)) });
    return {
      ordersTotals: {
        today: pair(days.todayCount, days.todayTotal),
        week: pair(days.weekCount, days.weekTotal),
        month: pair(days.monthCount, days.monthTotal),
        all: pair(ever?.orders ?? 0, ever?.total ?? 0),
      },
      customersTotals: { totalCount: ever?.customers ?? 0 },
      openOrders: open.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        status: r.status,
        firstName: r.firstName,
        lastName: r.lastName,
        productsCount: Number(r.productsCount),
        totalPrice: agorotToShekels(r.total),
      })),
    };
  }
}
