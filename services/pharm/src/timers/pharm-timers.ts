import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LOGGER, repeatEvery, SERVICE_ENV, type Repeating } from '@mc/kit';
import type { Logger } from 'pino';
import type { PharmEnv } from '../config';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { StaleOfferSweep } from '../pharm-products/stale-sweep';
import { OfferStockWriter } from '../stock/offer-stock.writer';
import { StockReservations } from '../stock/stock-reservations';

/**
 * pharm's periodic tasks, in its worker process rather than its request handlers (issue 32): the stale-offer sweep
 * every `STALE_SWEEP_MS` and the held-stock sweep every `STOCK_HOLD_SWEEP_MS` (0: never, as the tests run them by
 * hand). Each is safe in copies of the worker (the sweep's marks are taken FOR UPDATE; a held line is given back once).
 */
@Injectable()
export class PharmTimers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly repeating: Repeating[] = [];

  constructor(
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(StaleOfferSweep) private readonly stale: StaleOfferSweep,
    @Inject(StockReservations) private readonly stock: StockReservations,
  ) {}

  onApplicationBootstrap(): void {
    const { STALE_SWEEP_MS, STOCK_HOLD_SWEEP_MS, STOCK_HOLD_MS } = this.env;
    if (STALE_SWEEP_MS) this.repeating.push(repeatEvery(STALE_SWEEP_MS, () => this.stale.sweep(), (err) => this.logger.warn({ err }, 'stale offer sweep failed')));
    if (STOCK_HOLD_SWEEP_MS) this.repeating.push(repeatEvery(STOCK_HOLD_SWEEP_MS, () => this.stock.sweepHeld(STOCK_HOLD_MS), (err) => this.logger.warn({ err }, 'held stock sweep failed')));
  }

  onModuleDestroy(): void {
    for (const r of this.repeating) r.stop();
  }
}

/** The timers with what they need alone (no offer index: the worker stays small). */
@Module({ imports: [OfferChangesModule], providers: [StaleOfferSweep, OfferStockWriter, StockReservations, PharmTimers] })
export class PharmTimersModule {}
