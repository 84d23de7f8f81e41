import {
  canMoveOrder, COUPON_STATUS_MESSAGES, ErrorCodes, Messages,
  type CouponRecord, type CouponStatus, type CreateOrderDto, type OrderBatchPlacedEvent, type OrderStatus, type OrderStatusChangedEvent, type ShippingRejectCode,
} from '@mc/contracts';
import { serviceError } from '@mc/kit';
import type { Checkout } from '../checkout/checkout.service';
import type { PricedCart, PricedPharm } from '../checkout/pricing';
import type { batches, couponRedemptions, orderItems, orders, statusHistory } from '../db/schema';

/** complete, canceled and closed: no transition leaves them. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['complete', 'canceled', 'closed'];
export const isFinal = (status: OrderStatus): boolean => FINAL_STATUSES.includes(status);

/** What the aggregate needs of an order to move it. */
export interface OrderForTransition {
  id: number;
  batchUid: string;
  pharmSlug: string;
  status: OrderStatus;
  finalAt: Date | null;
  items: { pharmProductId: number; amount: number }[];
}

/** The outcome of one guarded transition: the order's new state, its history row and its event. */
export interface Transition {
  status: OrderStatus;
  finalAt: Date | null;
  history: { orderId: number; from: OrderStatus; to: OrderStatus; at: Date; byUserId: number | null };
  event: OrderStatusChangedEvent;
}

export const statusLocked = () => serviceError(409, ErrorCodes.conflict, Messages.orderStatusLocked);

/**
 * The order aggregate's one way to change a status (back-office.md §4, `ORDER_TRANSITIONS`): a move the order may not
 * make is refused with 409 'לא ניתן לשנות את סטטוס ההזמנה'; an allowed one yields the history row and the event.
 */
export function moveOrder(order: OrderForTransition, to: OrderStatus, at: Date, byUserId: number | null): Transition {
  if (!canMoveOrder(order.status, to)) throw statusLocked();
  return {
    status: to,
    finalAt: isFinal(to) ? at : order.finalAt,
    history: { orderId: order.id, from: order.status, to, at, byUserId },
    event: {
      orderId: order.id,
      batchUid: order.batchUid,
      pharmSlug: order.pharmSlug,
      items: order.items.map(({ pharmProductId, amount }) => ({ pharmProductId, amount })),
      from: order.status,
      to,
    },
  };
}

// Placing: the new orders of a batch, built and checked here; the writer stores what this gives.

const badRequest = (message: string) => serviceError(400, ErrorCodes.badRequest, message);

/** What a rejected shipping means to the patient placing the order (spec 8). */
const REJECT_MESSAGES: Record<ShippingRejectCode, string> = {
  ShipmentNoMatch: Messages.chooseShipping,
  ShippingMinPricing: Messages.chooseShipping,
  AddressNotFound: Messages.addressNotFound,
  Error: Messages.shippingUnavailable,
};

/** A cart is placed whole: refused (400) when a line cannot be ordered, nothing is left, or a shipping is rejected. */
export function refuseUnplaceable(checkout: Pick<Checkout, 'priced' | 'shipping'>): void {
  if (checkout.priced.unavailable.length || !checkout.priced.pharms.length) throw badRequest(Messages.removeUnavailableItems);
  const rejected = checkout.shipping.find((s) => s.status === 'rejected');
  if (rejected) throw badRequest(REJECT_MESSAGES[rejected.rejectCode ?? 'Error']);
}

/** A coupon asked for that is no longer valid refuses the order rather than charging without it (409, the coupon's message). */
export function refuseInvalidCoupons(requested: readonly { status: CouponStatus }[]): void {
  const refused = requested.find((c) => c.status !== 'VALID');
  if (refused) throw serviceError(409, ErrorCodes.conflict, COUPON_STATUS_MESSAGES[refused.status]);
}

/** By pharmacy: the valid coupons its order redeems, only those that lowered a price of its lines. */
export function redeemedCoupons(pharms: PricedCart['pharms'], coupons: readonly CouponRecord[]): Map<string, CouponRecord[]> {
  return new Map(pharms.map((p) => {
    const lowered = new Set(p.discounts.map((d) => d.code.toUpperCase()));
    return [p.pharm.slug, coupons.filter((c) => c.pharmSlug === p.pharm.slug && lowered.has(c.code.toUpperCase()))];
  }));
}

/** The notes of one pharmacy's order: its own (`pharmNotes`) when the request names it, else the batch's `notes`. */
export function notesFor(dto: Pick<CreateOrderDto, 'notes' | 'pharmNotes'>, pharmSlug: string): string | null {
  const own = dto.pharmNotes?.find((n) => n.pharmSlug === pharmSlug);
  return (own ? own.notes : dto.notes)?.trim() || null;
}

/** One new order of a batch: its row (its id comes when stored), its lines and the coupons it redeems (theirs too). */
export interface NewOrder {
  order: typeof orders.$inferInsert;
  lines: Omit<typeof orderItems.$inferInsert, 'orderId'>[];
  redemptions: Omit<typeof couponRedemptions.$inferInsert, 'orderId'>[];
}

/** A batch as the aggregate places it: the batch row and one new order per pharmacy, in the cart's order. */
export interface NewBatch {
  batch: typeof batches.$inferInsert;
  orders: NewOrder[];
}

export interface Placement {
  uid: string;
  userId: number;
  fingerprint: string;
  dto: Pick<CreateOrderDto, 'firstName' | 'lastName' | 'phone' | 'email' | 'notes' | 'pharmNotes' | 'encryptedPii'>;
  checkout: Pick<Checkout, 'priced' | 'shipping' | 'destination'>;
  redeemed: Map<string, CouponRecord[]>;
  at: Date;
}

/** The batch of a checkout: one order per pharmacy, each 'new', snapshotted (pharmacy, customer, lines, prices, shipping). */
export function placeBatch({ uid, userId, fingerprint, dto, checkout, redeemed, at }: Placement): NewBatch {
  return {
    batch: { uid, userId, fingerprint, createdAt: at },
    orders: checkout.priced.pharms.map((p: PricedPharm, i): NewOrder => {
      const shipping = checkout.shipping[i];
      const destination = p.pickup ? null : checkout.destination;
      return {
        order: {
          batchUid: uid,
          userId,
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
          createdAt: at,
          updatedAt: at,
        },
        lines: p.lines.map(({ offer, amount }) => ({
          pharmProductId: offer.pharmProductId, productSlug: offer.productSlug, name: offer.productName, amount, unitPrice: offer.price, listPrice: offer.listPrice,
        })),
        redemptions: (redeemed.get(p.pharm.slug) ?? []).map((c) => ({ userId, code: c.code.toUpperCase(), pharmSlug: c.pharmSlug, createdAt: at })),
      };
    }),
  };
}

/** A stored new order's first history row: placed by its patient. */
export const placedHistory = (orderId: number, order: NewOrder): typeof statusHistory.$inferInsert => ({
  orderId, from: null, to: 'new', at: order.order.createdAt, byUserId: order.order.userId,
});

/** `evt.order.batch.placed` of a stored batch (each new order with its id). */
export const batchPlaced = (batch: NewBatch, ids: readonly number[]): OrderBatchPlacedEvent => ({
  batchUid: batch.batch.uid,
  userId: batch.batch.userId,
  orders: batch.orders.map((o, i) => ({ orderId: ids[i], pharmSlug: o.order.pharmSlug, items: o.lines.map((l) => ({ pharmProductId: l.pharmProductId, amount: l.amount })) })),
});
