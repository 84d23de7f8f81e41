import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { COUPON_STATUS_MESSAGES, ErrorCodes, Events, isValidIsraeliId, Messages, Subjects, type CouponRecord, type CreateOrderDto, type OrdersBatch } from '@mc/contracts';
import { BusClient, Clock, DATABASE, LOGGER, OutboxRelay, OutboxWriter, serviceError, toServiceError, type Caller, type Database, type Tx } from '@mc/kit';
import type { Logger } from 'pino';
import { and, eq, exists, notInArray, sql } from 'drizzle-orm';
import { batches, couponRedemptions, orderItems, orders, statusHistory } from '../db/schema';
import {
  batchPlaced, FINAL_STATUSES, placeBatch, placedHistory, redeemedCoupons, refuseInvalidCoupons, refuseUnplaceable, type NewBatch,
} from '../orders/order.aggregate';
import { OrdersReader } from '../orders/orders.reader';
import { PiiKeys } from '../pii/pii-keys.service';
import { CheckoutService, type Checkout } from './checkout.service';

/**
 * The fingerprint of an order request: who, which cart lines, which details and selections, which coupons. Not the
 * encrypted ID number (its ciphertext differs each time it is made).
 */
export function orderFingerprint(userId: number, checkout: Pick<Checkout, 'cartItems' | 'destination'>, dto: CreateOrderDto): string {
  const canonical = {
    userId,
    lines: checkout.cartItems.map((i) => [i.pharmProductId, i.amount]),
    details: [dto.firstName, dto.lastName, dto.phone, dto.email.toLowerCase()],
    notes: [dto.notes?.trim() ?? '', ...(dto.pharmNotes ?? []).map((n) => [n.pharmSlug, n.notes?.trim() ?? '']).filter(([, text]) => text).map(String).sort()],
    pickup: [...(dto.selectedPickup ?? [])].sort(),
    destination: checkout.destination,
    coupons: [...new Set((dto.couponCodes ?? []).map((c) => c.trim().toUpperCase()))].sort(),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** Places the caller's cart: the order aggregate builds and checks the batch, this stores it with its stock taken in pharm. */
@Injectable()
export class OrderPlacement {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(CheckoutService) private readonly checkout: CheckoutService,
    @Inject(PiiKeys) private readonly keys: PiiKeys,
    @Inject(OrdersReader) private readonly reader: OrdersReader,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * `order.order.create`: the quote's computation, refused whole when a line cannot be ordered, a shipping is rejected
   * or the ID number is not valid; then, in one transaction under the user's lock: the same order again refused, a
   * coupon asked for that is not valid refused (409, the coupon's message), the new-customers coupons judged again (an
   * order placed meanwhile makes them not allowed), the units taken in pharm (`pharm.stock.reserve`: all or none; 409
   * naming the product when there are too few), the batch, one order per pharmacy (snapshotted), the coupons that
   * lowered a price redeemed and `evt.order.batch.placed`. When the transaction fails after the reserve, the units go
   * back (`pharm.stock.release`).
   */
  async place(caller: Caller, dto: CreateOrderDto): Promise<OrdersBatch> {
    const checkout = await this.checkout.compute(caller, dto);
    refuseUnplaceable(checkout);

    // The ID number is checked, then forgotten: only the browser's ciphertext is kept.
    if (!isValidIsraeliId(await this.keys.decryptIdNumber(dto.encryptedPii.keyId, dto.encryptedPii.ciphertext))) {
      throw serviceError(400, ErrorCodes.badRequest, Messages.invalidIdNumber);
    }

    const fingerprint = orderFingerprint(caller.userId, checkout, dto);
    const uid = randomUUID();
    const redeemed = redeemedCoupons(checkout.priced.pharms, checkout.coupons);
    let reserving = false;
    try {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('order:user'), ${caller.userId})`);
        await this.refuseIdentical(tx, caller.userId, fingerprint);
        refuseInvalidCoupons(checkout.requestedCoupons);
        await this.refuseNewCustomerCoupons(tx, caller.userId, [...redeemed.values()].flat());
        reserving = true;
        await this.bus.request(Subjects.pharm.stockReserve, {
          batchUid: uid,
          lines: checkout.priced.pharms.flatMap((p) => p.lines.map((l) => ({ pharmProductId: l.offer.pharmProductId, quantity: l.amount }))),
        }).catch((err: unknown) => {
          // Refused by pharm (too few units, say): nothing was taken.
          if (toServiceError(err).status < 500) reserving = false;
          throw err;
        });
        await this.store(tx, placeBatch({ uid, userId: caller.userId, fingerprint, dto, checkout, redeemed, at: this.clock.now() }));
      });
    } catch (err) {
      // Anything failing once units may have been taken (the reserve timed out, the batch could not be written or
      // committed) gives them back.
      if (reserving) await this.release(uid);
      throw err;
    }
    this.relay.poke();
    return this.reader.batch(caller.userId, uid);
  }

  /** Writes the aggregate's batch: each order, its lines, its first history row and its redemptions, then the event. */
  private async store(tx: Tx, placed: NewBatch): Promise<void> {
    await tx.insert(batches).values(placed.batch);
    const ids: number[] = [];
    for (const order of placed.orders) {
      const [{ id }] = await tx.insert(orders).values(order.order).returning({ id: orders.id });
      await tx.insert(orderItems).values(order.lines.map((line) => ({ ...line, orderId: id })));
      await tx.insert(statusHistory).values(placedHistory(id, order));
      if (order.redemptions.length) {
        const redeemed = await tx
          .insert(couponRedemptions)
          .values(order.redemptions.map((r) => ({ ...r, orderId: id })))
          .onConflictDoNothing()
          .returning({ id: couponRedemptions.id });
        // Redeemed meanwhile by another order of this user (the user lock makes this rare): the quote no longer holds.
        if (redeemed.length !== order.redemptions.length) throw serviceError(409, ErrorCodes.conflict, Messages.couponAlreadyUsed);
      }
      ids.push(id);
    }
    await this.outbox.add(tx, Events.order.batchPlaced, batchPlaced(placed, ids));
  }

  /** New-customers coupons, judged again under the user's lock: an order of the user at the pharmacy since refuses them. */
  private async refuseNewCustomerCoupons(tx: Tx, userId: number, coupons: CouponRecord[]): Promise<void> {
    for (const c of coupons) {
      if (c.newCustomersOnly && (await this.checkout.orderedBefore(tx, userId, c.pharmSlug))) {
        throw serviceError(409, ErrorCodes.conflict, COUPON_STATUS_MESSAGES.NOT_ALLOWED);
      }
    }
  }

  /** Gives back a batch's reserved units (a few tries; what still fails is logged: the units stay taken until fixed by hand). */
  private async release(batchUid: string): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await this.bus.request(Subjects.pharm.stockRelease, { batchUid });
        return;
      } catch (err) {
        if (attempt === 3) this.logger.error({ err, batchUid }, 'reserved stock of a failed order could not be released');
      }
    }
  }

  /** The same request again while an order of its batch is not final: 409 'בוצעה הזמנה זהה'. */
  private async refuseIdentical(tx: Tx, userId: number, fingerprint: string): Promise<void> {
    const [open] = await tx
      .select({ uid: batches.uid })
      .from(batches)
      .where(and(
        eq(batches.userId, userId),
        eq(batches.fingerprint, fingerprint),
        exists(tx.select({ one: sql`1` }).from(orders).where(and(eq(orders.batchUid, batches.uid), notInArray(orders.status, [...FINAL_STATUSES])))),
      ))
      .limit(1);
    if (open) throw serviceError(409, ErrorCodes.conflict, Messages.identicalOrder);
  }
}
