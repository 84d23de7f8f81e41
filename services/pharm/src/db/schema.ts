import { messagingTables } from '@mc/kit/tables';
import type { OpeningHours } from '@mc/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, date, doublePrecision, foreignKey, index, integer, jsonb, pgSchema, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

export const pharmSchema = pgSchema('pharm');
export const { outbox, inbox } = messagingTables(pharmSchema);

// Kept literally here (drizzle-kit loads this file alone); equal to contracts' PHARM_SHIPPING, checked by a unit test.
export const pharmShipping = pharmSchema.enum('pharm_shipping', ['free', 'free-all-country', 'paid', 'paid-all-country', 'no-shipping']);
export const slideType = pharmSchema.enum('slide_type', ['pharmProductsQuery', 'image']);
// Equal to contracts' DISCOUNT_TYPES and DISCOUNT_AMOUNT_TYPES, checked by a unit test.
export const discountType = pharmSchema.enum('discount_type', ['all-products', 'specific-products', 'coupon']);
export const discountAmountType = pharmSchema.enum('discount_amount_type', ['percent', 'fixed', 'price']);
// Equal to contracts' ANNOUNCEMENT_TYPES, checked by a unit test.
export const announcementType = pharmSchema.enum('announcement_type', ['DISCOUNT', 'BANNER']);
// Equal to contracts' PHARM_STATES, checked by a unit test.
export const pharmState = pharmSchema.enum('pharm_state', ['onboarding', 'live', 'suspended']);
// Equal to contracts' ALERT_KINDS and OFFER_CHANGE_SOURCES, checked by a unit test.
export const alertKind = pharmSchema.enum('alert_kind', ['price', 'stock']);
export const offerChangeSource = pharmSchema.enum('offer_change_source', ['back-office', 'feed', 'order', 'system']);

export const pharmacies = pharmSchema.table(
  'pharmacies',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    wazeAddress: text('waze_address'),
    logoUrl: text('logo_url'),
    /**
     * The pharmacy's life on the marketplace (issue 30): patients see only `live` ones; `onboarding` (new, being set up)
     * and `suspended` (the operator's) are hidden from every public read, while the back office keeps working.
     */
    state: pharmState('state').notNull().default('onboarding'),
    /** The Ministry of Health's licence number, as the operator entered it at onboarding. */
    licenceNumber: text('licence_number'),
    /** Takes orders on the platform (false: listed with its stock only); unrelated to `state`. */
    isOnboard: boolean('is_onboard').notNull().default(true),
    isStockOnly: boolean('is_stock_only').notNull().default(false),
    shipping: pharmShipping('shipping').notNull().default('no-shipping'),
    shipmentNotes: text('shipment_notes'),
    /** Weekday '0' (Sunday) … '6' → [{ opensAt, closesAt }] in Israel time; a slot may pass midnight. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default({}),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    /** Higher is shown earlier in the default order. */
    popularity: integer('popularity').notNull().default(0),
    /** Where the pharmacy receives its orders and documents. */
    orderEmail: text('order_email'),
    /** `searchDocument(name, city, address)`: normalised Hebrew for search. */
    searchText: text('search_text').notNull().default(''),
    /** The licensed-data partner's code of the pharmacy (its stock feed names pharmacies by it); null: not partner-synced. */
    partnerCode: text('partner_code').unique(),
    /** When the partner's feed last changed this pharmacy's offers. */
    partnerFeedAt: timestamp('partner_feed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pharmacies_city_idx').on(t.city),
    index('pharmacies_district_idx').on(t.district),
    index('pharmacies_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const pharmTags = pharmSchema.table('pharm_tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const pharmacyTags = pharmSchema.table(
  'pharmacy_tags',
  {
    pharmId: integer('pharm_id').notNull().references(() => pharmacies.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => pharmTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pharmId, t.tagId] }), index('pharmacy_tags_tag_idx').on(t.tagId)],
);

/** What a `pharmProductsQuery` slide shows (a small subset of the list filters). */
export interface SlideQuery {
  sortBy?: 'magic' | 'price' | 'popular' | 'new';
  cannabisTypes?: string[];
  discounted?: boolean;
  limit?: number;
}

export const slides = pharmSchema.table(
  'slides',
  {
    id: serial('id').primaryKey(),
    pharmId: integer('pharm_id').notNull().references(() => pharmacies.id, { onDelete: 'cascade' }),
    placement: smallint('placement').notNull(),
    type: slideType('type').notNull(),
    template: text('template'),
    templateData: jsonb('template_data').$type<{ title?: string; backgroundColor?: string }>(),
    query: jsonb('query').$type<SlideQuery>(),
    pharmProductIds: integer('pharm_product_ids').array(),
    imageUrl: text('image_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('slides_pharm_placement_key').on(t.pharmId, t.placement), check('slides_placement_check', sql`${t.placement} BETWEEN 1 AND 4`)],
);

export const announcements = pharmSchema.table(
  'announcements',
  {
    id: serial('id').primaryKey(),
    pharmId: integer('pharm_id').notNull().references(() => pharmacies.id, { onDelete: 'cascade' }),
    /** The owner's name for it in the back office (not shown to visitors). */
    name: text('name').notNull().default(''),
    type: announcementType('type').notNull().default('BANNER'),
    /** Only published announcements are shown to visitors. */
    published: boolean('published').notNull().default(true),
    content: text('content').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: shown until removed. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_pharm_idx').on(t.pharmId)],
);

export const pharmProducts = pharmSchema.table(
  'pharm_products',
  {
    id: serial('id').primaryKey(),
    pharmId: integer('pharm_id').notNull().references(() => pharmacies.id, { onDelete: 'cascade' }),
    productSlug: text('product_slug').notNull(),
    /** Agorot. */
    price: integer('price').notNull(),
    /** Agorot; set when discounted (greater than price). */
    originalPrice: integer('original_price'),
    inStock: boolean('in_stock').notNull().default(true),
    /** Units in stock, when the pharmacy says. */
    amount: integer('amount'),
    /** Never runs out: orders do not lower its amount. */
    alwaysInStock: boolean('always_in_stock').notNull().default(false),
    published: boolean('published').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isPopular: boolean('is_popular').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    isPromoted: boolean('is_promoted').notNull().default(false),
    /** The price follows the catalogue's (the owner entered 0, spec §5); `price` holds it as of the last change. */
    catalogPrice: boolean('catalog_price').notNull().default(false),
    /** Price and stock come from the partner feed: the back office may not change them. */
    isYarpaLocked: boolean('is_yarpa_locked').notNull().default(false),
    /** When the owner last bumped the offer to the top of the pharmacy's list. */
    bumpedAt: timestamp('bumped_at', { withTimezone: true }),
    /**
     * The price before its last drop (agorot) and when it dropped (issue 31), kept by a trigger on every writer's update
     * (migration 0015): a comparison row is marked while the drop is recent and the price still under it.
     */
    priceBefore: integer('price_before'),
    priceDroppedAt: timestamp('price_dropped_at', { withTimezone: true }),
    /** When the price and stock were last confirmed: the pharmacy's edit or explicit confirm, or the partner feed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pharm_products_pharm_product_key').on(t.pharmId, t.productSlug),
    index('pharm_products_product_idx').on(t.productSlug),
    index('pharm_products_confirmed_idx').on(t.confirmedAt, t.id),
    // The sweep of offers reaching their expiry date.
    index('pharm_products_expires_idx').on(t.expiresAt, t.id).where(sql`${t.expiresAt} IS NOT NULL`),
    // The dashboard's offers due for a confirm: on the global index above, a pharmacy with none due would scan every due offer of the others.
    index('pharm_products_pharm_confirmed_idx').on(t.pharmId, t.confirmedAt, t.id),
    // Also pharm_products_market_idx (migration 0013, drizzle has no INCLUDE): (product_slug) INCLUDE (id, pharm_id, price, amount,
    // in_stock, confirmed_at, expires_at) WHERE published, so a company's whole market is read from the index alone.
    check('pharm_products_price_check', sql`${t.price} >= 0`),
  ],
);

/**
 * How far the stale-offer sweep has told catalog (one row): every offer up to this (confirmed_at, id) went stale, and
 * every one up to this (expires_at, expired_offer_id) reached its expiry date, and was published out of stock. Copies of the service take the row FOR UPDATE, so each offer is told once.
 */
export const staleSweep = pharmSchema.table('stale_sweep', {
  id: boolean('id').primaryKey().default(true),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }).notNull().default(sql`'-infinity'`),
  offerId: integer('offer_id').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull().default(sql`'-infinity'`),
  expiredOfferId: integer('expired_offer_id').notNull().default(0),
}, (t) => [check('stale_sweep_one_row', sql`${t.id}`)]);

/**
 * A pharmacy's discounts and coupons (back-office.md §3). A coupon is looked up by its code alone, so codes are
 * unique across all pharmacies, whatever their case. Amount: percent 1–100, or agorot (fixed: off each unit;
 * price: the unit's new price, coupons only).
 */
export const discounts = pharmSchema.table(
  'discounts',
  {
    id: serial('id').primaryKey(),
    pharmId: integer('pharm_id').notNull().references(() => pharmacies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: discountType('type').notNull(),
    amountType: discountAmountType('amount_type').notNull(),
    amount: integer('amount').notNull(),
    published: boolean('published').notNull().default(true),
    /** Stacks on the best other discount (all-products only). */
    allowMultiple: boolean('allow_multiple').notNull().default(false),
    /** Coupons only: for patients with no earlier order at the pharmacy (order judges). */
    newCustomersOnly: boolean('new_customers_only').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discounts_code_key').on(sql`upper(${t.code})`),
    index('discounts_pharm_idx').on(t.pharmId),
    check('discounts_amount_check', sql`${t.amount} >= 1 AND (${t.amountType} <> 'percent' OR ${t.amount} <= 100)`),
    check('discounts_price_coupon_check', sql`${t.amountType} <> 'price' OR ${t.type} = 'coupon'`),
    check('discounts_dates_check', sql`${t.startsAt} <= ${t.endsAt}`),
  ],
);

/** The offers a specific-products discount (or a coupon limited to some offers) applies to. */
export const discountProducts = pharmSchema.table(
  'discount_products',
  {
    discountId: integer('discount_id').notNull().references(() => discounts.id, { onDelete: 'cascade' }),
    pharmProductId: integer('pharm_product_id').notNull().references(() => pharmProducts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.pharmProductId] }), index('discount_products_offer_idx').on(t.pharmProductId)],
);

/**
 * Pharm's copy of catalog's products, fed only by `evt.catalog.product.changed` (never by reading
 * catalog's tables). A deleted product stays as a tombstone so its offers disappear from every list.
 */
export const productsView = pharmSchema.table(
  'products_view',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    type: text('type').notNull(),
    imageUrl: text('image_url'),
    hebName: text('heb_name').notNull(),
    engName: text('eng_name').notNull(),
    company: text('company'),
    /** The catalogue's id of the product (the company screens name products by it); null until an event carries it. */
    productId: integer('product_id').unique(),
    /** The cannabis company's slug (issue 29); null when the product has none. */
    companySlug: text('company_slug'),
    cannabisType: text('cannabis_type'),
    dosage: text('dosage'),
    thc: integer('thc'),
    cbd: integer('cbd'),
    family: text('family'),
    /** Agorot: the catalogue's typical price (what an offer priced 0 costs). */
    estimatedPrice: integer('estimated_price'),
    /** The pack: `sizeQuantity` of `sizeUnit` (e.g. 10 'גרם'), for the unit prices. */
    sizeQuantity: integer('size_quantity'),
    sizeUnit: text('size_unit'),
    /** The licensed-data partner's id of the product (the stock feed's `partner_product_id`), unique; null when it has none. */
    yarpaProductId: text('yarpa_product_id').unique(),
    isPopular: boolean('is_popular').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    tags: jsonb('tags').$type<{ slug: string; name: string }[]>().notNull().default([]),
    /** `searchDocument(name, hebName, engName, shortName, company)`. */
    searchText: text('search_text').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    /** `occurredAt` of the event applied last; older events are ignored. */
    sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_view_family_idx').on(t.family),
    index('products_view_company_idx').on(t.companySlug, t.name),
    index('products_view_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The units order took for a batch (`pharm.stock.reserve`), one row per batch uid: `held` from the reserve until the
 * batch's `evt.order.batch.placed` makes it `confirmed`, or `released` when order gave up on the batch (its own
 * transaction failed; a release that comes first leaves a `released` row so a late reserve takes nothing).
 */
export const stockReservationStatus = pharmSchema.enum('stock_reservation_status', ['held', 'confirmed', 'released']);
export const stockReservations = pharmSchema.table('stock_reservations', {
  batchUid: uuid('batch_uid').primaryKey(),
  status: stockReservationStatus('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Each offer's units of a reservation: `taken` is what came off the offer's amount (0 for an offer always in stock or
 * keeping no amount); `releasedAt` once they went back (the batch released, or the order canceled), so never twice.
 */
export const stockReservationLines = pharmSchema.table(
  'stock_reservation_lines',
  {
    batchUid: uuid('batch_uid').notNull().references(() => stockReservations.batchUid, { onDelete: 'cascade' }),
    pharmProductId: integer('pharm_product_id').notNull(),
    pharmSlug: text('pharm_slug').notNull(),
    quantity: integer('quantity').notNull(),
    taken: integer('taken').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.batchUid, t.pharmProductId] }), check('stock_reservation_lines_taken_check', sql`${t.taken} >= 0 AND ${t.taken} <= ${t.quantity}`)],
);

// The partner stock feed (issue 28). Equal to contracts' STOCK_FEED_STATES, checked by a unit test.
export const stockFeedState = pharmSchema.enum('stock_feed_state', ['queued', 'validating', 'applying', 'done', 'refused', 'paused']);
export const stockFeedOrigin = pharmSchema.enum('stock_feed_origin', ['push', 'pull']);

/**
 * One feed of one partner, by its id (the SHA-256 of its bytes): where the worker is in it. `linesDone` and the counts
 * move in the same transaction as each chunk's offers, so a worker stopped mid-feed resumes after the last chunk it
 * committed and nothing is applied twice. A push keeps the partner's timestamp and signature until the worker has
 * checked them over the stored bytes.
 */
export const stockFeeds = pharmSchema.table(
  'stock_feeds',
  {
    partner: text('partner').notNull(),
    id: text('id').notNull(),
    origin: stockFeedOrigin('origin').notNull(),
    state: stockFeedState('state').notNull().default('queued'),
    signedAt: integer('signed_at'),
    signature: text('signature'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** Set once every row was checked (the rejections are stored); the apply pass follows. */
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rows: integer('rows').notNull().default(0),
    /** The last CSV line whose row is applied or counted (the header is line 1). */
    linesDone: integer('lines_done').notNull().default(1),
    applied: integer('applied').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** Why the feed was refused whole. */
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.partner, t.id] }), index('stock_feeds_partner_received_idx').on(t.partner, t.receivedAt)],
);

/** A feed's rows that were not applied, with why (the status shows the first 100, the CSV all). */
export const stockFeedRejections = pharmSchema.table(
  'stock_feed_rejections',
  {
    partner: text('partner').notNull(),
    feedId: text('feed_id').notNull(),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partner, t.feedId, t.line] }),
    foreignKey({ columns: [t.partner, t.feedId], foreignColumns: [stockFeeds.partner, stockFeeds.id] }).onDelete('cascade'),
  ],
);

/** What pharm keeps of each configured partner: the operator's pause and the last pull's validators and outcome. */
export const stockFeedPartners = pharmSchema.table('stock_feed_partners', {
  id: text('id').primaryKey(),
  paused: boolean('paused').notNull().default(false),
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastPullAt: timestamp('last_pull_at', { withTimezone: true }),
  lastPullError: text('last_pull_error'),
});

/**
 * When each offer ran out and came back (issue 29): an open row (`ended_at` null) while the offer is out of stock.
 * Written only by the trigger `pharm.note_stock_out` on pharm_products (migration 0013), so every writer (back office,
 * partner feed, orders, seed) is recorded alike. In stock here is the row's own state: published and `in_stock`; an
 * offer gone stale or past its expiry date is out of stock to shoppers without a row (the company reads add those).
 */
export const stockOuts = pharmSchema.table(
  'stock_outs',
  {
    id: serial('id').primaryKey(),
    pharmProductId: integer('pharm_product_id').notNull().references(() => pharmProducts.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_outs_open_key').on(t.pharmProductId).where(sql`${t.endedAt} IS NULL`),
    index('stock_outs_offer_started_idx').on(t.pharmProductId, t.startedAt),
    // The company page's stock-outs of the last week.
    index('stock_outs_started_idx').on(t.startedAt),
    check('stock_outs_period_check', sql`${t.endedAt} IS NULL OR ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/**
 * One day of a product's market (issue 29), by the product's slug (pharm's key of products; the company reads find
 * the catalogue id through products_view): the daily job's snapshot, or the seed's history. Prices in agorot over the
 * in-stock published offers; null where none is in stock.
 */
export const stockDays = pharmSchema.table(
  'stock_days',
  {
    productSlug: text('product_slug').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pharmaciesInStock: integer('pharmacies_in_stock').notNull(),
    pharmaciesOffering: integer('pharmacies_offering').notNull(),
    units: integer('units').notNull(),
    lowest: integer('lowest'),
    median: integer('median'),
    highest: integer('highest'),
  },
  (t) => [primaryKey({ columns: [t.productSlug, t.day] }), index('stock_days_day_idx').on(t.day)],
);

/**
 * Every change of an offer's price, stock or publication (issue 31), appended by a trigger on `pharm_products` in the
 * writer's transaction (migration 0015), whoever the writer: the back office, the partner feed, orders, the seed. The
 * writer names itself in the transaction's `pharm.change_source` setting ('system' when it does not). Partitioned by
 * month on `at` (migration 0015 and `pharm.keep_offer_history`): a month past the kept two years is dropped whole.
 * `xid` is the writing transaction's id, so the alert matcher reads every committed change once (as the change feed).
 */
export const offerHistory = pharmSchema.table(
  'offer_history',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    pharmProductId: integer('pharm_product_id').notNull(),
    pharmId: integer('pharm_id').notNull(),
    productSlug: text('product_slug').notNull(),
    /** Agorot. */
    price: integer('price').notNull(),
    /** Null for a new offer. */
    prevPrice: integer('prev_price'),
    inStock: boolean('in_stock').notNull(),
    amount: integer('amount'),
    published: boolean('published').notNull(),
    /** Published and in stock before the change; null for a new offer. */
    wasAvailable: boolean('was_available'),
    source: offerChangeSource('source').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at] }),
    index('offer_history_offer_at_idx').on(t.pharmProductId, t.at),
    index('offer_history_xid_idx').on(t.xid),
  ],
);

/**
 * Each product's lowest price of an in-stock, published offer of a live pharmacy at any time of a day (Israel time),
 * agorot (issue 31): the trigger lowers the day's row at each change, and the daily snapshot opens the day with the
 * prices as they stand. The product page's chart reads it.
 */
export const priceDays = pharmSchema.table(
  'price_days',
  {
    productSlug: text('product_slug').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lowest: integer('lowest').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productSlug, t.day] })],
);

/**
 * A patient's alert on a product (issue 31): nothing but its owner, the product, the threshold (agorot; null: any drop)
 * and the place (rounded to about 100 m; null: anywhere). `last_sent_on`: the Israel day its last message went (or will
 * go, when held for the morning), so one product tells one patient at most once a day.
 */
export const priceAlerts = pharmSchema.table(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    productSlug: text('product_slug').notNull(),
    kind: alertKind('kind').notNull(),
    below: integer('below'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    radiusKm: smallint('radius_km'),
    sms: boolean('sms').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentOn: date('last_sent_on', { mode: 'string' }),
  },
  (t) => [
    unique('price_alerts_user_product_kind_key').on(t.userId, t.productSlug, t.kind),
    index('price_alerts_product_idx').on(t.productSlug),
    check('price_alerts_place_check', sql`(${t.lat} IS NULL) = (${t.lng} IS NULL) AND (${t.lat} IS NULL) = (${t.radiusKm} IS NULL)`),
  ],
);

/** An alert's message waiting for its time (held through the night until 08:00 Israel time), gone once published. */
export const alertDeliveries = pharmSchema.table(
  'alert_deliveries',
  {
    alertId: integer('alert_id').primaryKey().references(() => priceAlerts.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    price: integer('price').notNull(),
    pharmId: integer('pharm_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_deliveries_due_idx').on(t.dueAt)],
);

/** Where the alert matcher stands in `offer_history` (one row): the change feed's cursor, kept with what it sent. */
export const alertMatcher = pharmSchema.table('alert_matcher', {
  id: smallint('id').primaryKey().default(1),
  horizon: bigint('horizon', { mode: 'number' }).notNull(),
  seen: bigint('seen', { mode: 'number' }).array().notNull().default(sql`'{}'`),
});
