import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Clock, DATABASE, LOGGER, repeatEvery, SERVICE_ENV, type Database, type Repeating } from '@mc/kit';
import { and, isNotNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { OrderTimersEnv } from '../config';
import { orders } from '../db/schema';

const DAY_MS = 24 * 3600_000;

/**
 * Deletes the ID numbers of orders final for longer than `ID_NUMBER_RETENTION_DAYS` (by the service's clock), every
 * `ID_NUMBER_PURGE_INTERVAL_MS`, in order's timers process (not its request handlers). Safe in copies: a row is
 * cleared once, whoever clears it.
 */
@Injectable()
export class IdNumberPurge implements OnApplicationBootstrap, OnApplicationShutdown {
  private repeating?: Repeating;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_ENV) private readonly env: OrderTimersEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async purge(): Promise<number> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - this.env.ID_NUMBER_RETENTION_DAYS * DAY_MS);
    const purged = await this.db
      .update(orders)
      .set({ idNumberCiphertext: null, idNumberKeyId: null, idNumberPurgedAt: now })
      .where(and(isNotNull(orders.idNumberCiphertext), isNotNull(orders.finalAt), lte(orders.finalAt, cutoff)))
      .returning({ id: orders.id });
    if (purged.length) this.logger.info({ count: purged.length }, 'ID numbers past retention deleted');
    return purged.length;
  }

  onApplicationBootstrap(): void {
    this.repeating = repeatEvery(this.env.ID_NUMBER_PURGE_INTERVAL_MS, () => this.purge(), (err) => this.logger.warn({ err }, 'ID number purge failed; will retry'));
  }

  onApplicationShutdown(): void {
    this.repeating?.stop();
  }
}

@Module({ providers: [IdNumberPurge] })
export class OrderTimersModule {}
