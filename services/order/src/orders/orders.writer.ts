import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  COUPON_STATUS_MESSAGES, ErrorCodes, Events, isValidIsraeliId, Messages, Subjects,
  type CouponRecord, type CreateOrderDto, type OrdersBatch, type ShippingRejectCode,
} from '@mc/contracts';
import { BusClient, Clock, DATABASE, LOGGER, OutboxRelay, OutboxWriter, serviceError, toServiceError, type Caller, type Database, type Tx } from '@mc/kit';
import type { Logger } from 'pino';
import { and, eq, exists, notInArray, sql } from 'drizzle-orm';
import { CheckoutService, type Checkout } from '../checkout/checkout.service';
import { PiiKeys } from '../checkout/pii-keys.service';
import { batches, couponRedemptions, orderItems, orders, statusHistory } from '../db/schema';
import { FINAL_STATUSES } from './order.aggregate';
import { OrdersReader } from './orders.reader';

const badRequest = (message: string) => serviceError(400, ErrorCodes.badRequest, message);

/** What a rejected shipping means to the patient placing the order (spec 8). */
const REJECT_MESSAGES: Record<ShippingRejectCode, string> = {
  ShipmentNoMatch: Messages.chooseShipping,
  ShippingMinPricing: Messages.chooseShipping,
  AddressNotFound: Messages.addressNotFound,
  Error: Messages.shippingUnavailable,
};

/** The notes of one pharmacy's order: its own (`pharmNotes`) when the request names it, else the batch's `notes`. */
export function notesFor(dto: Pick<CreateOrderDto, 'notes' | 'pharmNotes'>, pharmSlug: string): string | null {
  const own = dto.pharmNotes?.find((n) => n.pharmSlug === pharmSlug);
  return (own ? own.notes : dto.notes)?.trim() || null;
}

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

@Injectable()
export class OrdersWriter {
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
   * Places the caller's cart (`order.order.create`): the quote's computation, refused whole when a line cannot be
   * ordered, a shipping is rejected or the ID number is not valid; then, in one transaction under the user's lock: the
   * same order again refused, a coupon asked for that is not valid refused (409, the coupon's message), the
   * new-customers coupons judged again (an order placed meanwhile makes them not allowed), the units taken
   * in pharm (`pharm.stock.reserve`: all or none; 409 naming the product when there are too few), the batch, one
   * order per pharmacy (snapshotted), the coupons that lowered a price redeemed and `evt.order.batch.placed`. When the
   * transaction fails after the reserve, the units go back (`pharm.stock.release`).
   */
  async create(caller: Caller, dto: CreateOrderDto): Promise<OrdersBatch> {
    const checkout = await this.checkout.compute(caller, dto);
    if (checkout.priced.unavailable.length || !checkout.priced.pharms.length) throw badRequest(Messages.removeUnavailableItems);
    const rejected = checkout.shipping.find((s) => s.status === 'rejected');
    if (rejected) throw badRequest(REJECT_MESSAGES[rejected.rejectCode ?? 'Error']);

    // The ID number is checked, then forgotten: only the browser's ciphertext is kept.
    if (!isValidIsraeliId(await this.keys.decryptIdNumber(dto.encryptedPii.keyId, dto.encryptedPii.ciphertext))) {
      throw badRequest(Messages.invalidIdNumber);
    }

    const fingerprint = orderFingerprint(caller.userId, checkout, dto);
    const uid = randomUUID();
    // Redeemed: only the coupons that lowered a price of their pharmacy's lines.
    const redeemedBy = new Map(checkout.priced.pharms.map((p) => {
      const lowered = new Set(p.discounts.map((d) => d.code.toUpperCase()));
      return [p.pharm.slug, checkout.coupons.filter((c) => c.pharmSlug === p.pharm.slug && lowered.has(c.code.toUpperCase()))];
    }));
    let reserving = false;
    try {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('order:user'), ${caller.userId})`);
        await this.refuseIdentical(tx, caller.userId, fingerprint);
        // A coupon asked for that is no longer valid refuses the order rather than charging without it.
        const refused = checkout.requestedCoupons.find((c) => c.status !== 'VALID');
        if (refused) throw serviceError(409, ErrorCodes.conflict, COUPON_STATUS_MESSAGES[refused.status]);
        await this.refuseNewCustomerCoupons(tx, caller.userId, [...redeemedBy.values()].flat());
        reserving = true;
        await this.bus.request(Subjects.pharm.stockReserve, {
          batchUid: uid,
          lines: checkout.priced.pharms.flatMap((p) => p.lines.map((l) => ({ pharmProductId: l.offer.pharmProductId, quantity: l.amount }))),
        }).catch((err: unknown) => {
          // Refused by pharm (too few units, say): nothing was taken.
          if (toServiceError(err).status < 500) reserving = false;
          throw err;
        });
        await this.insertBatch(tx, caller, dto, checkout, uid, fingerprint, redeemedBy);
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

  private async insertBatch(
    tx: Tx, caller: Caller, dto: CreateOrderDto, checkout: Checkout, uid: string, fingerprint: string, redeemedBy: Map<string, CouponRecord[]>,
  ): Promise<void> {
    const now = this.clock.now();
    await tx.insert(batches).values({ uid, userId: caller.userId, fingerprint, createdAt: now });
    const placed = [];
    for (const [i, p] of checkout.priced.pharms.entries()) {
      const shipping = checkout.shipping[i];
      const destination = p.pickup ? null : checkout.destination;
      const [{ id }] = await tx
        .insert(orders)
        .values({
          batchUid: uid,
          userId: caller.userId,
          pharmSlug: p.pharm.slug,
          pharmName: p.pharm.name,
          pharmPhone: p.pharm.phone,
          pharmAddress: p.pharm.address,
          pharmCity: p.pharm.city,
          pharmOrderEmail: p.pharm.orderEmail,
          status: 'new',
          firstName: dto.firstName,
          lastName: dto.lastName,
          phone: dto.phone,
          email: dto.email,
          pickup: p.pickup,
          address: destination?.address ?? null,
          houseNumber: destination?.houseNumber ?? null,
          floor: destination?.floor ?? null,
          apartment: destination?.apartment ?? null,
          notes: notesFor(dto, p.pharm.slug),
          itemsTotal: p.itemsTotal,
          listTotal: p.listTotal,
          discountsTotal: p.discountsTotal,
          shippingPrice: shipping.price,
          total: p.itemsTotal + shipping.price,
          shipmentId: shipping.shipmentId,
          discounts: p.discounts,
          idNumberCiphertext: dto.encryptedPii.ciphertext,
          idNumberKeyId: dto.encryptedPii.keyId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        p.lines.map(({ offer, amount }) => ({
          orderId: id, pharmProductId: offer.pharmProductId, productSlug: offer.productSlug, name: offer.productName, amount, unitPrice: offer.price, listPrice: offer.listPrice,
        })),
      );
      await tx.insert(statusHistory).values({ orderId: id, from: null, to: 'new', at: now, byUserId: caller.userId });
      const coupons = redeemedBy.get(p.pharm.slug) ?? [];
      if (coupons.length) {
        const redeemed = await tx
          .insert(couponRedemptions)
          .values(coupons.map((c) => ({ userId: caller.userId, code: c.code.toUpperCase(), pharmSlug: c.pharmSlug, orderId: id, createdAt: now })))
          .onConflictDoNothing()
          .returning({ id: couponRedemptions.id });
        // Redeemed meanwhile by another order of this user (the user lock makes this rare): the quote no longer holds.
        if (redeemed.length !== coupons.length) throw serviceError(409, ErrorCodes.conflict, Messages.couponAlreadyUsed);
      }
      placed.push({ orderId: id, pharmSlug: p.pharm.slug, items: p.lines.map((l) => ({ pharmProductId: l.offer.pharmProductId, amount: l.amount })) });
    }
    await this.outbox.add(tx, Events.order.batchPlaced, { batchUid: uid, userId: caller.userId, orders: placed });
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

