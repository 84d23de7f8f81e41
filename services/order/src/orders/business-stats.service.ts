import { Inject, Injectable } from '@nestjs/common';
import { agorotToShekels, DASHBOARD_LIST_SIZE, ISRAEL_TIME_ZONE, type BusinessOrderSummary, type OrderBusinessStats, type OrderStatus } from '@mc/contracts';
import { Clock, DATABASE, type Database } from '@mc/kit';
import { and, eq, inArray, lte, sql, sum } from 'drizzle-orm';
import { orderItems, orders, pharmacyOrderDays, pharmacyOrderTotals } from '../db/schema';

/** The statuses of an order its pharmacy still has to handle (the dashboard's "recent open orders"). */
const NOT_FINAL_STATUSES = ['new', 'open', 'pending'] as const satisfies readonly OrderStatus[];

interface Totals {
  todayCount: number; todayTotal: number;
  weekCount: number; weekTotal: number;
  monthCount: number; monthTotal: number;
  allCount: number; allTotal: number;
  customers: number;
}

/**
 * The dashboard's order figures of one pharmacy (spec §3 Stats): orders placed today, in the last 7 and 30 days (days
 * of Israel's calendar, today included) and ever, with their totals; distinct customers; the latest orders not yet
 * final. The figures are read from the rows the order triggers keep (at most 30 days' and one), whatever the number of
 * orders; the latest open orders from the partial index `orders_pharm_open_idx`.
 */
@Injectable()
export class BusinessStatsService {
  constructor(@Inject(DATABASE) private readonly db: Database, @Inject(Clock) private readonly clock: Clock) {}

  async stats(pharmSlug: string): Promise<OrderBusinessStats> {
    const now = this.clock.now();
    const [totals, openOrders] = await Promise.all([this.totals(pharmSlug, now), this.openOrders(pharmSlug)]);
    const pair = (count: number, total: number) => ({ count, totalPrice: agorotToShekels(total) });
    return {
      ordersTotals: {
        today: pair(totals.todayCount, totals.todayTotal),
        week: pair(totals.weekCount, totals.weekTotal),
        month: pair(totals.monthCount, totals.monthTotal),
        all: pair(totals.allCount, totals.allTotal),
      },
      customersTotals: { totalCount: totals.customers },
      openOrders,
    };
  }

  /** From the figures the order triggers keep (schema.ts): the last 30 Israel days' rows and the pharmacy's totals. */
  private async totals(pharmSlug: string, now: Date): Promise<Totals> {
    const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${ISRAEL_TIME_ZONE})::date`;
    const since = (days: number) => sql`${pharmacyOrderDays.day} >= ${today} - ${days}::int`;
    const countIn = (days: number) => sql<number>`(coalesce(sum(${pharmacyOrderDays.orders}) FILTER (WHERE ${since(days)}), 0))::int`;
    const totalIn = (days: number) => sql<number>`(coalesce(sum(${pharmacyOrderDays.total}) FILTER (WHERE ${since(days)}), 0))::bigint`;
    const [[days], [ever]] = await Promise.all([
      this.db
        .select({ todayCount: countIn(0), todayTotal: totalIn(0), weekCount: countIn(6), weekTotal: totalIn(6), monthCount: countIn(29), monthTotal: totalIn(29) })
        .from(pharmacyOrderDays)
        .where(and(eq(pharmacyOrderDays.pharmSlug, pharmSlug), since(29), lte(pharmacyOrderDays.day, today))),
      this.db.select().from(pharmacyOrderTotals).where(eq(pharmacyOrderTotals.pharmSlug, pharmSlug)),
    ]);
    return {
      todayCount: Number(days.todayCount), todayTotal: Number(days.todayTotal),
      weekCount: Number(days.weekCount), weekTotal: Number(days.weekTotal),
      monthCount: Number(days.monthCount), monthTotal: Number(days.monthTotal),
      allCount: ever?.orders ?? 0, allTotal: ever?.total ?? 0, customers: ever?.customers ?? 0,
    };
  }

  private async openOrders(pharmSlug: string): Promise<BusinessOrderSummary[]> {
    const rows = await this.db
      .select({
        id: orders.id, createdAt: orders.createdAt, status: orders.status, firstName: orders.firstName, lastName: orders.lastName, total: orders.total,
      })
      .from(orders)
      .where(and(eq(orders.pharmSlug, pharmSlug), inArray(orders.status, [...NOT_FINAL_STATUSES])))
      .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`) // as orders_pharm_open_idx
      .limit(DASHBOARD_LIST_SIZE);
    if (!rows.length) return [];
    const counts = await this.db
      .select({ orderId: orderItems.orderId, amount: sum(orderItems.amount).mapWith(Number) })
      .from(orderItems)
      .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
      .groupBy(orderItems.orderId);
    const amounts = new Map(counts.map((c) => [c.orderId, c.amount]));
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      status: r.status,
      firstName: r.firstName,
      lastName: r.lastName,
      productsCount: amounts.get(r.id) ?? 0,
      totalPrice: agorotToShekels(r.total),
    }));
  }
}
