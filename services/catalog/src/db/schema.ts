import { messagingTables } from '@mc/kit/tables';
import type { ProductMedia } from '@mc/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, date, index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp,
} from 'drizzle-orm/pg-core';

export const catalog = pgSchema('catalog');
export const { outbox, inbox } = messagingTables(catalog);

// Kept literally here (drizzle-kit loads this file alone); equal to contracts' lists, checked by a unit test.
export const cannabisType = catalog.enum('cannabis_type', ['sativa', 'indica', 'hybrid']);
export const productType = catalog.enum('product_type', ['flower', 'oil', 'pre-roll']);
export const faqCategory = catalog.enum('faq_category', ['regulatory', 'commercial', 'educational']);
export const supplyState = catalog.enum('supply_state', ['available', 'short', 'out']);

/** The cannabis companies (issue 29): products name theirs by slug; their staff report the supply of their products. */
export const companies = catalog.table('companies', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  licenceNumber: text('licence_number'),
  /** `searchDocument(name, slug)`: the admin's company search. */
  searchText: text('search_text').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = catalog.table(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    type: productType('type').notNull().default('flower'),
    hebName: text('heb_name').notNull(),
    engName: text('eng_name').notNull(),
    /** The company's name: its own for a product without a company record, else a copy of the company's (the writer keeps it). */
    company: text('company'),
    companySlug: text('company_slug').references(() => companies.slug),
    cannabisType: cannabisType('cannabis_type'),
    thcCbdDosage: text('thc_cbd_dosage'),
    /** THC and CBD percent from the dosage, for "close dosage" in related products. */
    thc: integer('thc'),
    cbd: integer('cbd'),
    /** Products of one family are each other's variants (same strain, another dosage or form). */
    family: text('family'),
    imageUrl: text('image_url'),
    media: jsonb('media').$type<ProductMedia[]>().notNull().default([]),
    sizeQuantity: integer('size_quantity'),
    sizeUnit: text('size_unit'),
    effects: text('effects').array().notNull().default(sql`'{}'::text[]`),
    tastes: text('tastes').array().notNull().default(sql`'{}'::text[]`),
    terpenes: text('terpenes').array().notNull().default(sql`'{}'::text[]`),
    originCountry: text('origin_country'),
    sterilizationMethod: text('sterilization_method'),
    growingFacility: text('growing_facility'),
    originSpecie: text('origin_specie'),
    pesticideMethod: text('pesticide_method'),
    microbialLoad: text('microbial_load'),
    moistureTest: text('moisture_test'),
    /** Agorot: a typical price, shown while no pharmacy lists the product. */
    estimatedPrice: integer('estimated_price'),
    /** The licensed-data partner's id of the product (its stock feed names products by it); null when it has none. */
    yarpaProductId: text('yarpa_product_id').unique(),
    /** 0–100, from sales and views; the strongest signal of the default order. */
    popularity: integer('popularity').notNull().default(0),
    isPopular: boolean('is_popular').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    /** When the product reached the market: the "new" order and the layout's latest products. */
    launchedAt: timestamp('launched_at', { withTimezone: true }).notNull().defaultNow(),
    /** `searchDocument(name, hebName, engName, shortName, company)`. */
    searchText: text('search_text').notNull().default(''),
    /** Hash of what was last written, so a re-run of the seed changes nothing and publishes nothing. */
    sourceHash: text('source_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_family_idx').on(t.family),
    index('products_company_slug_idx').on(t.companySlug),
    index('products_launched_idx').on(t.launchedAt),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The supply state a company reports for one of its products (one row a product; none: nothing reported). Only the
 * product's company of the time: a product moving to another company loses it (the products writer).
 */
export const productSupply = catalog.table('product_supply', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  companySlug: text('company_slug').notNull().references(() => companies.slug, { onDelete: 'cascade' }),
  state: supplyState('state').notNull(),
  /** Israel's calendar day until which the company expects the state (`short`, `out`); null for `available`. */
  until: date('until', { mode: 'string' }),
  units: integer('units'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The editor's user id (identity's); never a name or an e-mail. */
  editedBy: integer('edited_by').notNull(),
});

/** Every supply report as it was made (appended in the transaction that sets `product_supply`, never changed). */
export const supplyEdits = catalog.table(
  'supply_edits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** The product's company when the edit was made: its history stays with that company. */
    companySlug: text('company_slug').notNull().references(() => companies.slug, { onDelete: 'cascade' }),
    state: supplyState('state').notNull(),
    until: date('until', { mode: 'string' }),
    units: integer('units'),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
    editedBy: integer('edited_by').notNull(),
  },
  (t) => [index('supply_edits_company_idx').on(t.companySlug, t.editedAt), index('supply_edits_product_idx').on(t.productId, t.editedAt)],
);

export const tags = catalog.table('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  title: text('title'),
  seoTitle: text('seo_title'),
  seoDescription: text('seo_description'),
});

export const productTags = catalog.table(
  'product_tags',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId)],
);

/**
 * Catalog's copy of pharm's offers, fed only by `evt.pharm.offers.changed` (never by reading pharm's
 * tables). A deleted offer stays as a tombstone so an older snapshot arriving late cannot revive it.
 */
export const offers = catalog.table(
  'offers',
  {
    pharmProductId: integer('pharm_product_id').primaryKey(),
    productSlug: text('product_slug').notNull(),
    pharmSlug: text('pharm_slug').notNull(),
    /** Agorot. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    inStock: boolean('in_stock').notNull(),
    published: boolean('published').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    deleted: boolean('deleted').notNull().default(false),
    /** `occurredAt` of the event applied last; older snapshots are ignored. */
    sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_product_idx').on(t.productSlug)],
);

/** Per product, over its published in-stock offers; rewritten in the transaction that changes them. */
export const productStats = catalog.table('product_stats', {
  productSlug: text('product_slug').primaryKey(),
  /** Agorot; null when no pharmacy has it in stock. */
  minPrice: integer('min_price'),
  maxPrice: integer('max_price'),
  /** Pharmacies with the product published and in stock. */
  pharmCount: integer('pharm_count').notNull().default(0),
  maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }),
  /** The best shown discount among those offers, in whole percent. */
  bestDiscountPct: integer('best_discount_pct').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Catalog's copy of pharmacies for search suggestions, fed only by `evt.pharm.pharm.changed`. */
export const pharmsView = catalog.table(
  'pharms_view',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    logoUrl: text('logo_url'),
    /** `searchDocument(name, city)`. */
    searchText: text('search_text').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pharms_view_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`)],
);

/**
 * Every word of the search documents of products and pharmacies (normalised and skeleton forms): the
 * small dictionary a typed word is compared with by trigram similarity to forgive a typo, so the
 * comparison runs over a few hundred short words instead of every document. Words are only added;
 * a word no document holds any more simply matches nothing.
 */
export const searchWords = catalog.table('search_words', {
  word: text('word').primaryKey(),
});

export const faqItems = catalog.table('faq_items', {
  id: integer('id').primaryKey(),
  position: integer('position').notNull(),
  category: faqCategory('category').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  medicalDisclaimer: boolean('medical_disclaimer').notNull().default(false),
});

/** The footer's links as a tree (a link with children is a group heading). */
export const footerLinks = catalog.table('footer_links', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  position: integer('position').notNull(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  newWindow: boolean('new_window').notNull().default(false),
});

/** Messaging (WhatsApp) update groups by region. */
export const socialGroups = catalog.table('social_groups', {
  id: integer('id').primaryKey(),
  position: integer('position').notNull(),
  region: text('region').notNull(),
  city: text('city'),
  category: text('category'),
  dosage: text('dosage'),
  discountPercent: integer('discount_percent'),
  /** Agorot. */
  priceCap: integer('price_cap'),
  url: text('url').notNull(),
});
