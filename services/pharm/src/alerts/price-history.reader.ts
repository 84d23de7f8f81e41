import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, Messages, OFFER_HISTORY_LIMIT, type OfferHistory, type OfferHistoryRequest, type PriceHistory, type PriceHistoryRequest,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';
import { businessPharm } from '../common/business-pharm';
import { israelDay, lowestNowSql } from '../companies/market-sql';

/** The history of prices (issue 31): a product's lowest in-stock price per day, and one offer's changes for its pharmacy. */
@Injectable()
export class PriceHistoryReader {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The chart of a product the catalogue lists (404 otherwise): the last `days` days, today's included. */
  async product({ slug, days }: PriceHistoryRequest): Promise<PriceHistory> {
    const now = this.clock.now();
    const today = israelDay(now);
    const { rows: [product] } = await this.db.execute<{ current: number | null }>(sql`SELECT ${lowestNowSql(sql`pv.slug`, now)} AS current
      FROM pharm.products_view pv WHERE pv.slug = ${slug} AND NOT pv.deleted`);
    if (!product) throw notFound(Messages.productNotFound);
    const { rows } = await this.db.execute<{ day: string; lowest: number }>(sql`SELECT day::text, lowest FROM pharm.price_days
      WHERE product_slug = ${slug} AND day > ${today}::date - ${days}::int AND day <= ${today}::date ORDER BY day`);
    const points = rows.map((r) => ({ day: r.day, lowest: r.lowest }));
    const { current } = product;
    // Today's point is the day's lowest so far; before any change or snapshot today, the price now.
    if (current !== null && points.at(-1)?.day !== today) points.push({ day: today, lowest: current });
    const periodLowest = points.length ? Math.min(...points.map((p) => p.lowest)) : null;
    return {
      slug, days,
      points: points.map((p) => ({ day: p.day, lowest: agorotToShekels(p.lowest) })),
      current: current === null ? null : agorotToShekels(current),
      periodLowest: periodLowest === null ? null : agorotToShekels(periodLowest),
      isPeriodLowest: current !== null && points.length > 1 && current <= periodLowest!,
    };
  }

  /** An offer of the business's pharmacy (404 otherwise): its latest changes of the last year, newest first. */
  async offer({ businessId, id }: OfferHistoryRequest): Promise<OfferHistory> {
    const pharm = await businessPharm(this.db, businessId);
    const { rows: [offer] } = await this.db.execute<{ product_slug: string }>(sql`SELECT product_slug FROM pharm.pharm_products WHERE id = ${id} AND pharm_id = ${pharm.id}`);
    if (!offer) throw notFound(Messages.productNotFound);
    const { rows } = await this.db.execute<{ at: string; price: number; in_stock: boolean; amount: number | null; published: boolean; source: OfferHistory['entries'][number]['source'] }>(sql`
      SELECT at::text, price, in_stock, amount, published, source FROM pharm.offer_history
      WHERE pharm_product_id = ${id} AND at > now() - interval '365 days' ORDER BY at DESC, id DESC LIMIT ${OFFER_HISTORY_LIMIT}`);
    return {
      id, productSlug: offer.product_slug,
      entries: rows.map((r) => ({ at: new Date(r.at).toISOString(), price: agorotToShekels(r.price), inStock: r.in_stock, amount: r.amount, published: r.published, source: r.source })),
    };
  }
}
