import { messagingTables } from '@mc/kit/tables';
import { doublePrecision, index, integer, jsonb, pgSchema, serial, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const shippingQuoteSchema = pgSchema('shipping_quote');
export const { outbox, inbox } = messagingTables(shippingQuoteSchema);

export const locationType = shippingQuoteSchema.enum('location_type', ['country', 'district', 'city']);

/** The locations tree: country → districts → cities. */
export const locations = shippingQuoteSchema.table(
  'locations',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => locations.id),
    type: locationType('type').notNull(),
    displayText: text('display_text').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
  },
  (t) => [unique('locations_type_text_unique').on(t.type, t.displayText), index('locations_parent_idx').on(t.parentId)],
);

export const quantityType = shippingQuoteSchema.enum('quantity_type', ['min-total-price', 'min-items-count']);

/** A pharmacy's delivery offer: the areas it reaches and its price rows (amount 0 = free). */
export const shipments = shippingQuoteSchema.table(
  'shipments',
  {
    id: serial('id').primaryKey(),
    pharmSlug: text('pharm_slug').notNull(),
    quantityType: quantityType('quantity_type').notNull(),
    /** [{ quantity, amount }], amount in agorot; quantity in agorot or items by quantityType. */
    pricings: jsonb('pricings').$type<{ quantity: number; amount: number }[]>().notNull(),
    locationIds: integer('location_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_pharm_idx').on(t.pharmSlug)],
);
