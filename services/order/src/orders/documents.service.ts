import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES, ErrorCodes, Events, Messages, type DocumentsDelivery } from '@mc/contracts';
import { Clock, DATABASE, OutboxRelay, OutboxWriter, serviceError, type Caller, type Database } from '@mc/kit';
import { and, eq, inArray } from 'drizzle-orm';
import { orders } from '../db/schema';

/** The bookkeeping of documents a patient attaches: which orders get them, and what became of them. */
@Injectable()
export class DocumentsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  /**
   * Marks the caller's eligible orders (open or pending, documents none or failed) 'sending' under a new delivery id,
   * in one statement: of two uploads at once only one begins. None eligible: 409.
   */
  async begin(caller: Caller, target: { orderId?: number; batchUid?: string }): Promise<DocumentsDelivery> {
    if ((target.orderId === undefined) === (target.batchUid === undefined)) throw serviceError(400, ErrorCodes.badRequest, Messages.badRequest);
    const deliveryId = randomUUID();
    const rows = await this.db
      .update(orders)
      .set({ documents: 'sending', documentsDeliveryId: deliveryId, updatedAt: this.clock.now() })
      .where(and(
        eq(orders.userId, caller.userId),
        target.orderId !== undefined ? eq(orders.id, target.orderId) : eq(orders.batchUid, target.batchUid!),
        inArray(orders.status, [...DOCUMENT_STATUSES]),
        inArray(orders.documents, ['none', 'failed']),
      ))
      .returning({ orderId: orders.id, batchUid: orders.batchUid, pharmName: orders.pharmName });
    if (!rows.length) throw serviceError(409, ErrorCodes.conflict, Messages.documentsNotAccepted);
    rows.sort((a, b) => a.orderId - b.orderId);
    return { deliveryId, orders: rows };
  }

  /**
   * The outcome of a delivery (once; a repeat changes nothing): delivered with the three documents, or failed. With
   * `userId` (the gateway abandoning a delivery for its caller), only that user's orders.
   */
  async finish(deliveryId: string, delivered: boolean, userId?: number): Promise<{ ok: true }> {
    const changed = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(orders)
        .set({
          documents: delivered ? 'delivered' : 'failed',
          ...(delivered ? { documentsDelivered: [...DOCUMENT_KINDS] } : {}),
          updatedAt: this.clock.now(),
        })
        .where(and(
          eq(orders.documentsDeliveryId, deliveryId),
          eq(orders.documents, 'sending'),
          ...(userId === undefined ? [] : [eq(orders.userId, userId)]),
        ))
        .returning({ id: orders.id });
      if (rows.length) await this.outbox.add(tx, Events.order.documentsSubmitted, { orderIds: rows.map((r) => r.id).sort((a, b) => a - b), delivered });
      return rows.length;
    });
    if (changed) this.relay.poke();
    return { ok: true };
  }
}

