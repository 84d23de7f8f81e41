import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes, Messages, notEnoughStockMessage,
  type OrderBatchPlacedEvent, type OrderStatusChangedEvent, type StockReleaseCommand, type StockReserveCommand,
} from '@mc/contracts';
import { Clock, DATABASE, LOGGER, serviceError, type Database, type Tx } from '@mc/kit';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { stockReservationLines, stockReservations } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';
import { OfferStockWriter, type StockLine } from './offer-stock.writer';

interface LockedOffer extends Record<string, unknown> {
  id: number;
  pharm_slug: string;
  amount: number | null;
  in_stock: boolean;
  always_in_stock: boolean;
  published: boolean;
  product_name: string;
}

type LineRow = typeof stockReservationLines.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const conflict = (message: string) => serviceError(409, ErrorCodes.conflict, message);

/** The units of each offer, summed (an offer named twice is one line). */
function summed(lines: readonly { pharmProductId: number; quantity: number }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const l of lines) units.set(l.pharmProductId, (units.get(l.pharmProductId) ?? 0) + l.quantity);
  return units;
}

/**
 * What order takes from stock. `pharm.stock.reserve` takes a batch's units before order commits the batch: the offers
 * locked by id (in that order, so two reserves never wait on each other in a circle), every line checked
 * and taken in one transaction, or none; the batch uid keys it, so a retry takes nothing more. The batch's placed event
 * confirms the reservation; `pharm.stock.release` (order's transaction failed) and a canceled order give back what was
 * taken, each line once. A reservation still held after STOCK_HOLD_MS (order stopped between its reserve and its
 * commit) is given back by a sweep; should its batch be placed after all, the placed event takes the units again.
 */
@Injectable()
export class StockReservations {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OfferStockWriter) private readonly writer: OfferStockWriter,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Gives back the reservations held longer than `olderThanMs` (at most 100 a run); returns how many. */
  async sweepHeld(olderThanMs: number): Promise<number> {
    const before = new Date(this.clock.millis() - olderThanMs);
    const stale = await this.db.select({ batchUid: stockReservations.batchUid }).from(stockReservations)
      .where(and(eq(stockReservations.status, 'held'), lt(stockReservations.createdAt, before)))
      .orderBy(asc(stockReservations.createdAt)).limit(100);
    for (const { batchUid } of stale) {
      this.logger.warn({ batchUid }, 'stock held too long without its batch placed or released: given back');
      await this.release({ batchUid });
    }
    return stale.length;
  }

  async reserve(command: StockReserveCommand): Promise<{ ok: true }> {
    const units = summed(command.lines);
    const moved = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const [created] = await tx
        .insert(stockReservations)
        .values({ batchUid: command.batchUid, status: 'held', createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ batchUid: stockReservations.batchUid });
      if (!created) {
        const [existing] = await tx.select({ status: stockReservations.status }).from(stockReservations).where(eq(stockReservations.batchUid, command.batchUid));
        // Order gave up on this batch before this (late) reserve arrived: nothing is taken for it any more.
        if (existing?.status === 'released') throw conflict(Messages.notEnoughStock);
        return false;
      }
      const offers = await this.lock(tx, [...units.keys()]);
      const lines: LineRow[] = [];
      for (const [pharmProductId, quantity] of units) {
        const offer = offers.get(pharmProductId);
        if (!offer || !offer.published) throw conflict(Messages.removeUnavailableItems);
        let taken = 0;
        if (!offer.always_in_stock) {
          // No amount kept: as many as wanted while in stock. Marked out of stock: none, whatever the amount says.
          const available = !offer.in_stock ? 0 : offer.amount;
          if (available !== null && available < quantity) throw conflict(notEnoughStockMessage(offer.product_name, Math.max(available, 0)));
          if (offer.amount !== null) taken = quantity;
        }
        lines.push({ batchUid: command.batchUid, pharmProductId, pharmSlug: offer.pharm_slug, quantity, taken, releasedAt: null });
      }
      await tx.insert(stockReservationLines).values(lines);
      return (await this.writer.adjustStock(tx, toStock(lines), 'lower')) > 0;
    });
    if (moved) this.changes.committed();
    return { ok: true };
  }

  /** Order's transaction for the batch failed: what it reserved goes back, and a reserve arriving later takes nothing. */
  async release(command: StockReleaseCommand): Promise<{ ok: true }> {
    const moved = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const [created] = await tx
        .insert(stockReservations)
        .values({ batchUid: command.batchUid, status: 'released', createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning({ batchUid: stockReservations.batchUid });
      if (created) return false;
      const [existing] = await tx.select({ status: stockReservations.status }).from(stockReservations)
        .where(eq(stockReservations.batchUid, command.batchUid)).for('update');
      if (existing.status === 'confirmed') {
        // Placed after all (its event came): its orders give their units back when canceled, not here.
        this.logger.warn({ batchUid: command.batchUid }, 'release of a placed batch refused');
        return false;
      }
      if (existing.status === 'released') return false;
      // (Held: released here, or by the sweep when order stopped before it could.)
      await tx.update(stockReservations).set({ status: 'released', updatedAt: now }).where(eq(stockReservations.batchUid, command.batchUid));
      return this.giveBack(tx, command.batchUid, null, now);
    });
    if (moved) this.changes.committed();
    return { ok: true };
  }

  /**
   * `evt.order.batch.placed` (in the consumer's transaction): the batch's reservation is confirmed. A batch placed
   * without one (an order from before reservations) takes its units now, as many as there are.
   */
  async confirm(tx: Tx, event: OrderBatchPlacedEvent): Promise<void> {
    if (!UUID.test(event.batchUid)) {
      this.logger.warn({ batchUid: event.batchUid }, 'placed batch with a malformed uid; skipped');
      return;
    }
    const now = this.clock.now();
    const [existing] = await tx.select({ status: stockReservations.status }).from(stockReservations)
      .where(eq(stockReservations.batchUid, event.batchUid)).for('update');
    if (existing) {
      if (existing.status === 'held') {
        await tx.update(stockReservations).set({ status: 'confirmed', updatedAt: now }).where(eq(stockReservations.batchUid, event.batchUid));
      } else if (existing.status === 'released') {
        // Placed after all (the sweep gave a held reservation back while order's event was delayed): its units are
        // taken again, as many as there are.
        this.logger.warn({ batchUid: event.batchUid }, 'placed batch whose reservation was released: its units taken again');
        await this.retake(tx, event.batchUid, now);
      }
      return;
    }
    const wanted = event.orders.flatMap((o) => o.items.map((i) => ({ pharmSlug: o.pharmSlug, pharmProductId: i.pharmProductId, quantity: i.amount })));
    const offers = await this.lock(tx, [...new Set(wanted.map((w) => w.pharmProductId))]);
    // Only an offer of the line's own pharmacy.
    const units = summed(wanted.filter((w) => offers.get(w.pharmProductId)?.pharm_slug === w.pharmSlug));
    const lines: LineRow[] = [];
    for (const [pharmProductId, quantity] of units) {
      const offer = offers.get(pharmProductId)!;
      const taken = offer.always_in_stock || offer.amount === null ? 0 : Math.min(quantity, Math.max(offer.amount, 0));
      lines.push({ batchUid: event.batchUid, pharmProductId, pharmSlug: offer.pharm_slug, quantity, taken, releasedAt: null });
    }
    await tx.insert(stockReservations).values({ batchUid: event.batchUid, status: 'confirmed', createdAt: now, updatedAt: now });
    if (lines.length) await tx.insert(stockReservationLines).values(lines);
    await this.writer.adjustStock(tx, toStock(lines), 'lower');
  }

  /** The released lines of a batch taken again (clamped at what there is), the reservation confirmed. */
  private async retake(tx: Tx, batchUid: string, now: Date): Promise<void> {
    const released = await tx.select().from(stockReservationLines)
      .where(and(eq(stockReservationLines.batchUid, batchUid), isNotNull(stockReservationLines.releasedAt)))
      .orderBy(stockReservationLines.pharmProductId).for('update');
    const offers = await this.lock(tx, released.map((l) => l.pharmProductId));
    const lines = released.map((l) => {
      const offer = offers.get(l.pharmProductId);
      const taken = !offer || offer.always_in_stock || offer.amount === null ? 0 : Math.min(l.quantity, Math.max(offer.amount, 0));
      return { ...l, taken, releasedAt: null };
    });
    for (const l of lines) {
      await tx.update(stockReservationLines).set({ taken: l.taken, releasedAt: null })
        .where(and(eq(stockReservationLines.batchUid, batchUid), eq(stockReservationLines.pharmProductId, l.pharmProductId)));
    }
    await tx.update(stockReservations).set({ status: 'confirmed', updatedAt: now }).where(eq(stockReservations.batchUid, batchUid));
    await this.writer.adjustStock(tx, toStock(lines), 'lower');
  }

  /** A canceled order (in the consumer's transaction): its lines of the batch give back what they took, once. */
  async cancel(tx: Tx, event: OrderStatusChangedEvent): Promise<void> {
    if (!UUID.test(event.batchUid)) {
      this.logger.warn({ batchUid: event.batchUid }, 'canceled order with a malformed batch uid; skipped');
      return;
    }
    const ids = event.items.map((i) => i.pharmProductId);
    if (!ids.length) return;
    const given = await this.giveBack(tx, event.batchUid, { pharmSlug: event.pharmSlug, ids }, this.clock.now());
    if (!given) this.logger.info({ batchUid: event.batchUid, orderId: event.orderId }, 'canceled order with nothing reserved to give back');
  }

  /** The batch's lines not yet given back (all, or one pharmacy's offers), given back: true when an amount moved. */
  private async giveBack(tx: Tx, batchUid: string, only: { pharmSlug: string; ids: number[] } | null, now: Date): Promise<boolean> {
    const where = [eq(stockReservationLines.batchUid, batchUid), isNull(stockReservationLines.releasedAt)];
    if (only) where.push(eq(stockReservationLines.pharmSlug, only.pharmSlug), inArray(stockReservationLines.pharmProductId, only.ids));
    const lines = await tx.select().from(stockReservationLines).where(and(...where)).orderBy(stockReservationLines.pharmProductId).for('update');
    if (!lines.length) return false;
    await this.lock(tx, lines.map((l) => l.pharmProductId));
    await tx.update(stockReservationLines).set({ releasedAt: now })
      .where(and(eq(stockReservationLines.batchUid, batchUid), inArray(stockReservationLines.pharmProductId, lines.map((l) => l.pharmProductId))));
    return (await this.writer.adjustStock(tx, toStock(lines), 'restore')) > 0;
  }

  /** The offers locked in id order, then their pharmacies in id order (the stock writer touches them). */
  private async lock(tx: Tx, ids: number[]): Promise<Map<number, LockedOffer>> {
    if (!ids.length) return new Map();
    const { rows } = await tx.execute<LockedOffer>(sql`SELECT pp.id, p.slug AS pharm_slug, pp.amount, pp.in_stock, pp.always_in_stock, pp.published,
        coalesce(nullif(pv.heb_name, ''), pv.name, pp.product_slug) AS product_name
      FROM pharm.pharm_products pp
      JOIN pharm.pharmacies p ON p.id = pp.pharm_id
      LEFT JOIN pharm.products_view pv ON pv.slug = pp.product_slug
      WHERE pp.id = ANY(${sql.param(ids)}::int[])
      ORDER BY pp.id
      FOR UPDATE OF pp`);
    return new Map(rows.map((r) => [r.id, r]));
  }
}

const toStock = (lines: readonly Pick<LineRow, 'pharmSlug' | 'pharmProductId' | 'taken'>[]): StockLine[] =>
  lines.filter((l) => l.taken > 0).map((l) => ({ pharmSlug: l.pharmSlug, pharmProductId: l.pharmProductId, amount: l.taken }));
