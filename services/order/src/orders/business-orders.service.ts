import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ErrorCodes, Messages, OWNER_SETTABLE_STATUSES, type OrderStatus } from '@mc/contracts';
import { Clock, DATABASE, LOGGER, OutboxRelay, SERVICE_ENV, serviceError, type Caller, type Database } from '@mc/kit';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { OrderEnv } from '../config';
import { PiiKeys } from '../checkout/pii-keys.service';
import { idNumberReads, orders } from '../db/schema';
import { OrderTransitions } from './order-transitions';
import { orderNotFound } from './orders.reader';

const DAY_MS = 24 * 3600_000;

/** A pharmacy's side of its orders (the business slug is the pharmacy's slug): statuses and the ID number. */
@Injectable()
export class BusinessOrdersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OrderTransitions) private readonly transitions: OrderTransitions,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(PiiKeys) private readonly keys: PiiKeys,
    @Inject(SERVICE_ENV) private readonly env: OrderEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The owner's status column: only OWNER_SETTABLE_STATUSES, only this pharmacy's orders, all or none. */
  async updateStatuses(caller: Caller, pharmSlug: string, changes: { orderId: number; status: OrderStatus }[]): Promise<{ orders: { orderId: number; status: OrderStatus }[] }> {
    if (changes.some((c) => !OWNER_SETTABLE_STATUSES.includes(c.status))) throw serviceError(400, ErrorCodes.badRequest, Messages.badRequest);
    if (!changes.length) return { orders: [] };
    const result = await this.db.transaction(async (tx) => {
      const locked = await this.transitions.lock(tx, [...new Set(changes.map((c) => c.orderId))]);
      const byId = new Map(locked.filter((o) => o.pharmSlug === pharmSlug).map((o) => [o.id, o]));
      const now = this.clock.now();
      const answer: { orderId: number; status: OrderStatus }[] = [];
      for (const change of changes) {
        const order = byId.get(change.orderId);
        if (!order) throw orderNotFound();
        // Setting the status it already has changes nothing (the column saves every row it shows).
        if (order.status !== change.status) await this.transitions.move(tx, order, change.status, now, caller.userId);
        answer.push({ orderId: order.id, status: order.status });
      }
      return answer;
    });
    this.relay.poke();
    return { orders: result };
  }

  /** One order's ID number for a member of its pharmacy; each reading recorded with it, in one transaction. */
  async idNumber(caller: Caller, pharmSlug: string, orderId: number): Promise<{ idNumber: string }> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ ciphertext: orders.idNumberCiphertext, keyId: orders.idNumberKeyId, purgedAt: orders.idNumberPurgedAt })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.pharmSlug, pharmSlug)));
      if (!order) throw orderNotFound();
      if (!order.ciphertext || !order.keyId) throw serviceError(410, ErrorCodes.notFound, Messages.orderNotFound);
      const idNumber = await this.keys.decryptIdNumber(order.keyId, order.ciphertext);
      await tx.insert(idNumberReads).values({ orderId, userId: caller.userId, at: this.clock.now() });
      return { idNumber };
    });
  }

  /** Deletes the ID numbers of orders final for longer than the retention (by the service's clock). */
  async purgeIdNumbers(): Promise<number> {
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
    const tick = () => {
      this.purgeIdNumbers()
        .catch((err: unknown) => this.logger.warn({ err }, 'ID number purge failed; will retry'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.env.ID_NUMBER_PURGE_INTERVAL_MS);
        });
    };
    this.timer = setTimeout(tick, this.env.ID_NUMBER_PURGE_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

