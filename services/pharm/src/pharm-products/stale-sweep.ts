import { Inject, Injectable } from '@nestjs/common';
import { OFFER_STALE_AFTER_MS } from '@mc/contracts';
import { Clock, DATABASE, LOGGER, type Database } from '@mc/kit';
import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { pharmacies, pharmProducts, staleSweep } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';

/** Offers told per sweep: a backlog (the first sweep after the migration) is worked off over several. */
const SWEPT_PER_RUN = 5000;

type OfferRow = typeof pharmProducts.$inferSelect;

/** The two ways an offer stops being for sale with no write of its own, each swept in its own column's order from its mark. */
const LAPSES = [
  {
    name: 'stale', column: pharmProducts.confirmedAt, mark: { at: staleSweep.confirmedAt, id: staleSweep.offerId },
    lapsedAt: (now: Date) => lt(pharmProducts.confirmedAt, new Date(now.getTime() - OFFER_STALE_AFTER_MS)),
    markOf: (last: OfferRow) => ({ confirmedAt: last.confirmedAt.toISOString(), offerId: last.id }),
  },
  {
    name: 'expired', column: pharmProducts.expiresAt, mark: { at: staleSweep.expiresAt, id: staleSweep.expiredOfferId },
    lapsedAt: (now: Date) => lte(pharmProducts.expiresAt, now),
    markOf: (last: OfferRow) => ({ expiresAt: last.expiresAt!.toISOString(), expiredOfferId: last.id }),
  },
] as const;

/**
 * An offer not confirmed for OFFER_STALE_AFTER_MS, or whose stock reaches its expiry date, goes out of stock with no
 * write of its own, so catalog (the "from ₪…" price and pharmacy count of product cards) would not hear of it. This
 * sweep publishes each offer once as it lapses, in (confirmed_at, id) and (expires_at, id) order from the marks
 * `pharm.stale_sweep` keeps; copies of the service take that row FOR UPDATE, so none is told twice. An offer confirmed
 * again (or given a later expiry) is told in stock by that write, and is swept again when it next lapses.
 */
@Injectable()
export class StaleOfferSweep {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Publishes the offers gone stale or expired since the last sweep (at most SWEPT_PER_RUN of each); returns how many. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    let told = 0;
    for (const lapse of LAPSES) {
      const count = await this.db.transaction(async (tx) => {
        const [mark] = await tx.select(lapse.mark).from(staleSweep).for('update');
        const gone = await tx.select({ offer: pharmProducts, pharmSlug: pharmacies.slug }).from(pharmProducts)
          .innerJoin(pharmacies, eq(pharmacies.id, pharmProducts.pharmId))
          .where(and(
            sql`(${lapse.column}, ${pharmProducts.id}) > (${mark.at}::timestamptz, ${mark.id})`,
            lapse.lapsedAt(now),
          ))
          .orderBy(asc(lapse.column), asc(pharmProducts.id))
          .limit(SWEPT_PER_RUN);
        if (!gone.length) return 0;
        await this.changes.tell(tx, gone.map((g) => ({ row: g.offer, pharmSlug: g.pharmSlug })), now);
        await tx.update(staleSweep).set(lapse.markOf(gone[gone.length - 1].offer));
        return gone.length;
      });
      if (count) this.logger.info({ offers: count, lapse: lapse.name }, 'lapsed offers told out of stock');
      told += count;
    }
    if (told) this.changes.committed();
    return told;
  }
}
