import { messagingTables } from '@mc/kit/tables';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgSchema, serial, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/** One stored pricing row (a row written before migration 0005 may lack its type: the shipment's column then gives it). */
export interface StoredPricing {
  quantityType?: (typeof quantityType.enumValues)[number];
  quantity: number;
  amount: number;
}

/** A pharmacy's delivery offer: the areas it reaches and its price rows (amount 0 = free). */
export const shipments = shippingQuoteSchema.table(
  'shipments',
  {
    id: serial('id').primaryKey(),
    pharmSlug: text('pharm_slug').notNull(),
    /** The owner's name for it in the back office (not shown to visitors). */
    name: text('name').notNull().default(''),
    /** Only published shipments are shown to visitors and quoted. */
    published: boolean('published').notNull().default(true),
    /** Legacy: the first pricing row's type, kept for readers older than migration 0005 (each row has its own now). */
    quantityType: quantityType('quantity_type').notNull(),
    /** [{ quantityType, quantity, amount }], amount in agorot; quantity in agorot or items by the row's quantityType. */
    pricings: jsonb('pricings').$type<StoredPricing[]>().notNull(),
    locationIds: integer('location_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipments_pharm_idx').on(t.pharmSlug)],
);

/**
 * The address gazetteer: Israeli streets with their cities, for the address search. Filled by a data
 * migration generated from `src/addresses/gazetteer/*.tsv` (see scripts/gazetteer-migration.ts).
 */
export const addressGazetteer = shippingQuoteSchema.table(
  'address_gazetteer',
  {
    id: serial('id').primaryKey(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    /** The street's position, or the city's centre when `streetPosition` is false. */
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    streetPosition: boolean('street_position').notNull(),
    /** The city's population in thousands: bigger cities come first among equal matches. */
    population: integer('population').notNull(),
    /** `normalizeSearchText(street)`: the street part of a query is matched against its beginning. */
    streetText: text('street_text').notNull(),
    /** The city's normalised name and other names, ' | ' between them. */
    cityText: text('city_text').notNull(),
    /** ' ' + street, city and their spelling skeletons, ' | ' between them: every typed word must begin a word here. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    unique('address_gazetteer_city_street_unique').on(t.city, t.street),
    index('address_gazetteer_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('address_gazetteer_street_text_idx').using('btree', sql`${t.streetText} text_pattern_ops`),
  ],
);
