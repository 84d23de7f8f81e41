import type { DocumentKind, DocumentsState, OrderStatus } from '@mc/contracts';
import { messagingTables } from '@mc/kit/tables';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const orderSchema = pgSchema('order');
export const { outbox, inbox } = messagingTables(orderSchema);

// The contracts' ORDER_STATUSES (a value import would load class-validator into drizzle-kit); the type keeps them equal.
const STATUSES = ['new', 'open', 'pending', 'complete', 'canceled', 'closed'] as const satisfies readonly OrderStatus[];
export const orderStatus = orderSchema.enum('order_status', STATUSES);
export const documentsState = orderSchema.enum('documents_state', ['none', 'sending', 'delivered', 'failed']);

/** One checkout: the orders placed together (one per pharmacy), and the fingerprint of what was asked. */
export const batches = orderSchema.table(
  'batches',
  {
    uid: uuid('uid').primaryKey(),
    userId: integer('user_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('batches_user_fingerprint_idx').on(t.userId, t.fingerprint)],
);

/**
 * What the back office's order search looks in (an order's immutable contact fields): names and e-mail in lower case with
 * Hebrew final letters as their regular forms, then the phone's digits. Queries must use this very expression to use its index.
 */
export const orderSearchText = (t: { firstName: unknown; lastName: unknown; email: unknown; phone: unknown }) =>
  sql`(lower(translate(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}, 'ךםןףץ', 'כמנפצ')) || ' ' || regexp_replace(${t.phone}, '[^0-9]', '', 'g'))`;

/** One pharmacy's order, with everything it was placed with snapshotted (money in agorot). */
export const orders = orderSchema.table(
  'orders',
  {
    id: serial('id').primaryKey(),
    batchUid: uuid('batch_uid').notNull().references(() => batches.uid),
    userId: integer('user_id').notNull(),
    pharmSlug: text('pharm_slug').notNull(),
    pharmName: text('pharm_name').notNull(),
    pharmPhone: text('pharm_phone'),
    pharmAddress: text('pharm_address'),
    pharmCity: text('pharm_city'),
    pharmOrderEmail: text('pharm_order_email'),
    status: orderStatus('status').notNull().default('new'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    pickup: boolean('pickup').notNull(),
    address: text('address'),
    houseNumber: text('house_number'),
    floor: integer('floor'),
    apartment: integer('apartment'),
    notes: text('notes'),
    itemsTotal: integer('items_total').notNull(),
    listTotal: integer('list_total').notNull(),
    discountsTotal: integer('discounts_total').notNull(),
    shippingPrice: integer('shipping_price').notNull(),
    total: integer('total').notNull(),
    shipmentId: integer('shipment_id'),
    discounts: jsonb('discounts').$type<{ code: string; name: string }[]>().notNull().default([]),
    /** The browser's RSA-OAEP ciphertext of the ID number (base64) and the key that opens it; null once purged. */
    idNumberCiphertext: text('id_number_ciphertext'),
    idNumberKeyId: text('id_number_key_id'),
    idNumberPurgedAt: timestamp('id_number_purged_at', { withTimezone: true }),
    documents: documentsState('documents').$type<DocumentsState>().notNull().default('none'),
    documentsDeliveryId: uuid('documents_delivery_id'),
    documentsDelivered: jsonb('documents_delivered').$type<DocumentKind[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finalAt: timestamp('final_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_pharm_created_idx').on(t.pharmSlug, t.createdAt.desc(), t.id.desc()),
    // The dashboard's recent orders not yet final.
    index('orders_pharm_open_idx').on(t.pharmSlug, t.createdAt.desc(), t.id.desc()).where(sql`${t.status} IN ('new', 'open', 'pending')`),
    index('orders_batch_idx').on(t.batchUid),
    index('orders_delivery_idx').on(t.documentsDeliveryId).where(sql`${t.documentsDeliveryId} IS NOT NULL`),
    // The back office's search: substrings of names, e-mail and phone digits, at any number of orders.
    index('orders_search_trgm_idx').using('gin', sql`${orderSearchText(t)} gin_trgm_ops`),
    index('orders_purge_idx').on(t.finalAt).where(sql`${t.idNumberCiphertext} IS NOT NULL AND ${t.finalAt} IS NOT NULL`),
  ],
);

/*
 * Each pharmacy's order figures, kept by triggers on `orders` in the writer's own transaction (migration
 * 0005_pharmacy_figures: statement triggers over the inserted or deleted rows, locking in slug order), so the back
 * office's dashboard and its order table's total read a few rows instead of counting every order.
 */

/** Orders placed per pharmacy and Israel day, with their totals (agorot): the dashboard's today / 7 / 30 days. */
export const pharmacyOrderDays = orderSchema.table(
  'pharmacy_order_days',
  {
    pharmSlug: text('pharm_slug').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmSlug, t.day] })],
);

/** A pharmacy's customers: each user's number of orders there (a row while it is above 0). */
export const pharmacyCustomers = orderSchema.table(
  'pharmacy_customers',
  {
    pharmSlug: text('pharm_slug').notNull(),
    userId: integer('user_id').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pharmSlug, t.userId] })],
);

/** A pharmacy's orders ever, their total (agorot) and its distinct customers. */
export const pharmacyOrderTotals = orderSchema.table('pharmacy_order_totals', {
  pharmSlug: text('pharm_slug').primaryKey(),
  orders: integer('orders').notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
  customers: integer('customers').notNull(),
});

/** What was ordered, as it was shown (agorot). */
export const orderItems = orderSchema.table(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    pharmProductId: integer('pharm_product_id').notNull(),
    productSlug: text('product_slug').notNull(),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    unitPrice: integer('unit_price').notNull(),
    listPrice: integer('list_price').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** A coupon used by a user (once per user and code, upper-cased). */
export const couponRedemptions = orderSchema.table(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    pharmSlug: text('pharm_slug').notNull(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('coupon_redemptions_user_code_idx').on(t.userId, t.code)],
);

/** Every status an order went through (by: the user who moved it; null for the system). */
export const statusHistory = orderSchema.table(
  'status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    from: orderStatus('from'),
    to: orderStatus('to').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byUserId: integer('by_user_id'),
  },
  (t) => [index('status_history_order_idx').on(t.orderId)],
);

/** The checkout's RSA keys; the private half encrypted at rest (AES-256-GCM under PII_MASTER_KEY). */
export const piiKeys = orderSchema.table('pii_keys', {
  keyId: text('key_id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Who read an order's ID number, and when. */
export const idNumberReads = orderSchema.table(
  'id_number_reads',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id),
    userId: integer('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('id_number_reads_order_idx').on(t.orderId)],
);
