import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Events, OFFER_STALE_AFTER_MS } from '@mc/contracts';
import { Clock, DATABASE, LOGGER, OutboxRelay, OutboxWriter, SERVICE_ENV, type Database } from '@mc/kit';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { PharmEnv } from '../config';
import { pharmacies, pharmProducts, staleSweep } from '../db/schema';
import { toSnapshot } from './offer-view';
import { OFFERS_PER_EVENT } from './pharm-products.writer';

/** Offers told per sweep: a backlog (the first sweep after the migration) is worked off over several. */
const SWEPT_PER_RUN = 5000;

/**
 * An offer not confirmed for OFFER_STALE_AFTER_MS goes out of stock with no write of its own, so catalog (the "from
 * ₪…" price and pharmacy count of product cards) would not hear of it. This sweep publishes each offer once as it goes
 * stale, in (confirmed_at, id) order from the mark `pharm.stale_sweep` keeps; copies of the service take that row FOR
 * UPDATE, so none is told twice. An offer confirmed again is told in stock by that write, and is swept again when it
 * next goes stale.
 */
@Injectable()
export class StaleOfferSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.env.STALE_SWEEP_MS) return;
    this.timer = setInterval(() => void this.sweep().catch((err: unknown) => this.logger.warn({ err }, 'stale offer sweep failed')), this.env.STALE_SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Publishes the offers gone stale since the last sweep (at most SWEPT_PER_RUN); returns how many. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const told = await this.db.transaction(async (tx) => {
      const [mark] = await tx.select().from(staleSweep).for('update');
      const gone = await tx.select({ offer: pharmProducts, pharmSlug: pharmacies.slug }).from(pharmProducts)
        .innerJoin(pharmacies, eq(pharmacies.id, pharmProducts.pharmId))
        .where(and(
          sql`(${pharmProducts.confirmedAt}, ${pharmProducts.id}) > (${mark.confirmedAt}::timestamptz, ${mark.offerId})`,
          lt(pharmProducts.confirmedAt, new Date(now.getTime() - OFFER_STALE_AFTER_MS)),
        ))
        .orderBy(asc(pharmProducts.confirmedAt), asc(pharmProducts.id))
        .limit(SWEPT_PER_RUN);
      if (!gone.length) return 0;
      const snapshots = gone.map((g) => toSnapshot(g.offer, g.pharmSlug, now));
      for (let i = 0; i < snapshots.length; i += OFFERS_PER_EVENT) {
        await this.outbox.add(tx, Events.pharm.offersChanged, { offers: snapshots.slice(i, i + OFFERS_PER_EVENT) });
      }
      const last = gone[gone.length - 1].offer;
      await tx.update(staleSweep).set({ confirmedAt: last.confirmedAt.toISOString(), offerId: last.id });
      return gone.length;
    });
    if (told) {
      this.relay.poke();
      this.logger.info({ offers: told }, 'offers gone stale told out of stock');
    }
    return told;
  }
}
