import { messagingTables } from '@mc/kit/tables';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgSchema, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const identitySchema = pgSchema('identity');
export const { outbox, inbox } = messagingTables(identitySchema);

export const USER_ROLES = ['user', 'admin', 'business_owner'] as const;
export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export const AUTH_METHODS = ['password', 'google', 'sms'] as const;

/**
 * A phone's digits, as SMS sign-in, the checkout's phone fill and unsubscribing find an account by its phone
 * (`users_phone_digits_idx` is built on this very expression, so the three lookups read the index, not every account).
 */
export const phoneDigitsOf = (phone: AnyPgColumn) => sql<string>`regexp_replace(${phone}, '[^0-9]', '', 'g')`;

/** Accounts. The e-mail is stored lower-cased; `tokenVersion` grows on a password change or sign-out everywhere. */
export const users = identitySchema.table('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  status: text('status', { enum: USER_STATUSES }).notNull().default('pending'),
  role: text('role', { enum: USER_ROLES }).notNull().default('user'),
  authMethod: text('auth_method', { enum: AUTH_METHODS }).notNull().default('password'),
  subscribed: boolean('subscribed').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  lastSignedAt: timestamp('last_signed_at', { withTimezone: true }),
  /** The last position the user's browser reported (spec 7: storeUserGeoLocation). */
  geoLat: doublePrecision('geo_lat'),
  geoLng: doublePrecision('geo_lng'),
  geoAt: timestamp('geo_at', { withTimezone: true }),
  /** The Google account (its stable `sub`) that signs in to this account, once linked. */
  googleSub: text('google_sub'),
  /** While an admin has blocked the account (status `disabled`): the status it had, which unblocking gives back. */
  statusBeforeBlock: text('status_before_block', { enum: USER_STATUSES }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('users_email_idx').on(t.email),
  uniqueIndex('users_google_sub_idx').on(t.googleSub),
  index('users_phone_digits_idx').on(phoneDigitsOf(t.phone)),
  // The operator's search (name, e-mail, phone digits): `userSearchText` in src/manage/users.service.ts is the same expression.
  index('users_search_trgm_idx').using('gin', sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g'))) gin_trgm_ops`),
]);

/** Single-use links (activation, password reset): only a SHA-256 of the token is kept. */
export const oneTimeTokens = identitySchema.table('one_time_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['activation', 'reset'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('one_time_tokens_hash_idx').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId, t.purpose)]);

/**
 * The key pairs that sign access tokens (ES256); the gateway verifies with the public halves. The private half
 * is stored encrypted (AES-256-GCM, `privateKeyEnc`); `privateJwk` only held it in clear before that, and is
 * emptied at the first start with an encryption key.
 */
export const signingKeys = identitySchema.table('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk'),
  privateKeyEnc: text('private_key_enc'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who runs which business: a pharmacy (its back office at /business/{id}) or a cannabis company
 * (/manage/cannabis-company/{slug}). The business's own data lives with pharm and catalog; here only the link.
 */
export const businessMemberships = identitySchema.table('business_memberships', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['pharmacy', 'company'] }).notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('business_memberships_user_business_idx').on(t.userId, t.kind, t.slug), index('business_memberships_business_idx').on(t.kind, t.slug)]);

/**
 * An invitation to run a business sent to an e-mail with no account yet (issue 30): it becomes the membership when an
 * account with that e-mail is activated (the e-mail proven), and is deleted then.
 */
export const invitations = identitySchema.table('invitations', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  kind: text('kind', { enum: ['pharmacy', 'company'] }).notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  invitedBy: integer('invited_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('invitations_email_business_idx').on(t.email, t.kind, t.slug), index('invitations_business_idx').on(t.kind, t.slug)]);

/**
 * The record (issue 30): every admin action, every admin opening of a business, every reading of an ID number; written
 * in the transaction of the action (identity's own) or from the other services' `evt.<service>.audit.recorded` (the
 * inbox keeps each once). `actorId` is no foreign key: the record outlives an account. `searchText` holds the target and
 * the action, lower-cased; the actor is searched through the users table.
 */
export const auditEntries = identitySchema.table('audit_entries', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  action: text('action').notNull(),
  actorId: integer('actor_id').notNull(),
  targetKind: text('target_kind').notNull(),
  targetId: text('target_id').notNull(),
  targetLabel: text('target_label'),
  before: jsonb('before').$type<Record<string, unknown>>(),
  after: jsonb('after').$type<Record<string, unknown>>(),
  searchText: text('search_text').notNull(),
}, (t) => [
  index('audit_entries_at_idx').on(t.at),
  index('audit_entries_actor_idx').on(t.actorId),
  index('audit_entries_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
]);

/** Products a user keeps (spec 3: a favourite is a product slug; the product itself is catalog's). */
export const favorites = identitySchema.table('favorites', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  productSlug: text('product_slug').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('favorites_user_product_idx').on(t.userId, t.productSlug)]);

/** A user's shipping addresses (spec 3); at most one is the default. */
export const addresses = identitySchema.table('addresses', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  houseNumber: text('house_number').notNull(),
  floor: integer('floor'),
  apartment: integer('apartment'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('addresses_user_idx').on(t.userId),
  uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
]);

/**
 * "My prescription": the T/C categories and monthly grams a patient saved (medical data, one row per user). Only its
 * owner reads it; removing it deletes the row, and it goes with the account.
 */
export const prescriptions = identitySchema.table('prescriptions', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  categories: text('categories').array().notNull(),
  monthlyGrams: integer('monthly_grams').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
