import { Inject, Injectable } from '@nestjs/common';
import { Events } from '@mc/contracts';
import { Clock, DATABASE, OutboxRelay, OutboxWriter, SERVICE_ENV, type Database, type Tx } from '@mc/kit';
import type { PharmEnv } from '../config';
import { sql } from 'drizzle-orm';
import { israelDay, sellingSql } from '../companies/market-sql';
import { alertDueAt, firingOffer, parseQuietHours, type AlertToMatch, type ChangedOffer, type QuietHours, type SellingOffer } from './alert-rules';

/** What one pass did. */
export interface MatchPass {
  /** Changes read from offer_history. */
  changes: number;
  /** Alerts of the changed products that could still send today. */
  alerts: number;
  /** Messages made due (now, or held for the morning). */
  queued: number;
  /** Messages handed to notifications (`evt.pharm.alert.due`). */
  sent: number;
}

const IDLE: MatchPass = { changes: 0, alerts: 0, queued: 0, sent: 0 };
/** Changes older than this are not news any more: a matcher down longer starts from the last day. */
const CHANGES_READ_WITHIN = '1 day';

/** An offer changed since the last pass: its state before the first change (price_before: null when it was not sold), and after the last. */
type HistoryRow = {
  offer_id: number; product_slug: string; price_before: number | null; lat: number; lng: number; last_at: Date; price_now: number; available_now: boolean;
};
type AlertRow = AlertToMatch & { productSlug: string; createdAt: Date } & Record<string, unknown>;
type SellingRow = SellingOffer & { productSlug: string } & Record<string, unknown>;

/**
 * Matches the offers' changes (`offer_history`, read once each, as the change feed is read) against the patients'
 * alerts of the changed products, and hands the messages that are due to notifications through the outbox. One pass
 * is one REPEATABLE READ transaction under an advisory lock (copies of the worker take turns): the cursor, the alerts'
 * `last_sent_on`, the held messages and the events commit together, so a change sends once. The cost of a pass follows
 * the changed products' alerts (an index by product), never the number of alerts in all.
 */
@Injectable()
export class AlertMatcher {
  private readonly quiet: QuietHours;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(SERVICE_ENV) env: PharmEnv,
  ) {
    this.quiet = parseQuietHours(env.ALERT_QUIET_HOURS);
  }

  async run(): Promise<MatchPass> {
    const pass = await this.db.transaction(async (tx) => {
      const { rows: [lock] } = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext('pharm.alert-matcher')) AS ok`);
      if (!lock.ok) return IDLE;
      const now = this.clock.now();
      const { changes } = await this.readChanges(tx);
      const matched = changes.length ? await this.match(tx, changes, now) : { alerts: 0, queued: 0 };
      const sent = await this.sendDue(tx, now);
      return { changes: changes.length, ...matched, sent };
    }, { isolationLevel: 'repeatable read' });
    if (pass.sent) this.relay.poke();
    return pass;
  }

  /**
   * Every change committed since the cursor (the transaction's snapshot: its horizon and the transactions seen past
   * it), each offer once with its state before the first of them; the cursor moves in the same transaction.
   */
  private async readChanges(tx: Tx): Promise<{ changes: HistoryRow[] }> {
    const { rows: [cursor] } = await tx.execute<{ horizon: string; seen: string[] }>(sql`SELECT horizon::text, seen::text[] AS seen FROM pharm.alert_matcher WHERE id = 1`);
    const { rows } = await tx.execute<HistoryRow>(sql`
      SELECT DISTINCT ON (h.pharm_product_id) h.pharm_product_id AS offer_id, h.product_slug,
        CASE WHEN h.was_available THEN h.prev_price END AS price_before, ph.lat, ph.lng,
        max(h.at) OVER w AS last_at, last_value(h.price) OVER w AS price_now, last_value(h.published AND h.in_stock) OVER w AS available_now
      FROM pharm.offer_history h JOIN pharm.pharmacies ph ON ph.id = h.pharm_id
      WHERE h.xid >= ${cursor.horizon}::bigint AND h.xid <> ALL(${sql.param(cursor.seen)}::bigint[]) AND h.at > now() - ${CHANGES_READ_WITHIN}::interval
      WINDOW w AS (PARTITION BY h.pharm_product_id ORDER BY h.id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ORDER BY h.pharm_product_id, h.id`);
    const { rows: [next] } = await tx.execute<{ horizon: string; xids: string[] | null }>(sql`
      WITH s AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon)
      SELECT s.horizon::text, (SELECT array_agg(DISTINCT xid)::text[] FROM pharm.offer_history
        WHERE xid >= s.horizon AND at > now() - ${CHANGES_READ_WITHIN}::interval) AS xids FROM s`);
    await tx.execute(sql`UPDATE pharm.alert_matcher SET horizon = ${next.horizon}::bigint, seen = ${sql.param(next.xids ?? [])}::bigint[] WHERE id = 1`);
    return { changes: rows };
  }

  /**
   * The alerts that these changes could fire, and have not sent on the day their message would go: on a product with an
   * offer sold cheaper than before or sold again, a price alert without a threshold or with one at or above the
   * cheapest such price, and a stock alert where an offer is sold again. Only those are read (by product), so a full
   * feed does not read every alert of every product it touches. The fired ones are held until due.
   */
  private async match(tx: Tx, changes: HistoryRow[], now: Date): Promise<{ alerts: number; queued: number }> {
    const dueAt = alertDueAt(now, this.quiet);
    const dueDay = israelDay(dueAt);
    const candidates = new Map<string, { lowest: number; back: boolean }>();
    for (const c of changes) {
      if (!c.available_now || (c.price_before !== null && c.price_now >= c.price_before)) continue;
      const seen = candidates.get(c.product_slug);
      candidates.set(c.product_slug, { lowest: Math.min(seen?.lowest ?? Infinity, c.price_now), back: (seen?.back ?? false) || c.price_before === null });
    }
    if (!candidates.size) return { alerts: 0, queued: 0 };
    const slugs = [...candidates.keys()];
    const { rows: alerts } = await tx.execute<AlertRow>(sql`SELECT a.id, a.kind, a.below, a.lat, a.lng, a.radius_km AS "radiusKm", a.product_slug AS "productSlug", a.created_at AS "createdAt"
      FROM pharm.price_alerts a
      JOIN unnest(${sql.param(slugs)}::text[], ${sql.param(slugs.map((slug) => candidates.get(slug)!.lowest))}::int[], ${sql.param(slugs.map((slug) => candidates.get(slug)!.back))}::bool[]) AS c(slug, lowest, back)
        ON a.product_slug = c.slug
      WHERE (a.last_sent_on IS NULL OR a.last_sent_on < ${dueDay}::date)
        AND ((a.kind = 'stock' AND c.back) OR (a.kind = 'price' AND (a.below IS NULL OR a.below >= c.lowest)))`);
    if (!alerts.length) return { alerts: 0, queued: 0 };
    const alertProducts = [...new Set(alerts.map((a) => a.productSlug))];
    const { rows: selling } = await tx.execute<SellingRow>(sql`SELECT pp.id AS "offerId", pp.pharm_id AS "pharmId", ph.lat, ph.lng, pp.price, pp.product_slug AS "productSlug"
      FROM pharm.pharm_products pp JOIN pharm.pharmacies ph ON ph.id = pp.pharm_id
      WHERE pp.product_slug = ANY(${sql.param(alertProducts)}::text[]) AND ${sellingSql(now)}`);
    const changedBy = groupBy(changes, (c) => c.product_slug);
    const sellingBy = groupBy(selling, (o) => o.productSlug);
    const fired: { alertId: number; offer: SellingOffer }[] = [];
    for (const alert of alerts) {
      // Only what changed after the alert was made is news to it.
      const changed: ChangedOffer[] = (changedBy.get(alert.productSlug) ?? []).filter((c) => new Date(c.last_at) > new Date(alert.createdAt))
        .map((c) => ({ offerId: c.offer_id, lat: c.lat, lng: c.lng, priceBefore: c.price_before }));
      const offer = firingOffer(alert, changed, sellingBy.get(alert.productSlug) ?? []);
      if (offer) fired.push({ alertId: alert.id, offer });
    }
    if (fired.length) {
      await tx.execute(sql`INSERT INTO pharm.alert_deliveries (alert_id, due_at, price, pharm_id, changed_at)
        SELECT a, ${dueAt.toISOString()}::timestamptz, p, ph, ${now.toISOString()}::timestamptz
        FROM unnest(${sql.param(fired.map((f) => f.alertId))}::int[], ${sql.param(fired.map((f) => f.offer.price))}::int[], ${sql.param(fired.map((f) => f.offer.pharmId))}::int[]) AS f(a, p, ph)
        ON CONFLICT (alert_id) DO NOTHING`);
      await tx.execute(sql`UPDATE pharm.price_alerts SET last_sent_on = ${dueDay}::date WHERE id = ANY(${sql.param(fired.map((f) => f.alertId))}::int[])`);
    }
    return { alerts: alerts.length, queued: fired.length };
  }

  /** The held messages whose time has come, out as `evt.pharm.alert.due` (in this transaction, so each goes once). */
  private async sendDue(tx: Tx, now: Date): Promise<number> {
    const { rows } = await tx.execute<{
      alert_id: number; user_id: number; kind: 'price' | 'stock'; product_slug: string; product_name: string | null; sms: boolean;
      price: number; pharmacy_name: string; pharmacy_slug: string; changed_at: string;
    }>(sql`WITH due AS (DELETE FROM pharm.alert_deliveries WHERE due_at <= ${now.toISOString()}::timestamptz RETURNING *)
      SELECT due.alert_id, a.user_id, a.kind, a.product_slug, pv.name AS product_name, a.sms, due.price,
        ph.name AS pharmacy_name, ph.slug AS pharmacy_slug, due.changed_at::text
      FROM due JOIN pharm.price_alerts a ON a.id = due.alert_id JOIN pharm.pharmacies ph ON ph.id = due.pharm_id
        LEFT JOIN pharm.products_view pv ON pv.slug = a.product_slug`);
    for (const row of rows) {
      await this.outbox.add(tx, Events.pharm.alertDue, {
        alertId: row.alert_id, userId: row.user_id, kind: row.kind, productSlug: row.product_slug, productName: row.product_name ?? row.product_slug,
        price: row.price, pharmacyName: row.pharmacy_name, pharmacySlug: row.pharmacy_slug, sms: row.sms, changedAt: new Date(row.changed_at).toISOString(),
      });
    }
    return rows.length;
  }
}

function groupBy<T>(list: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of list) {
    const key = keyOf(item);
    const group = map.get(key);
    if (group) group.push(item);
    else map.set(key, [item]);
  }
  return map;
}
