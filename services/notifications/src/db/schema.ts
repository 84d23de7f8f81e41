import { messagingTables } from '@mc/kit/tables';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSchema, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const notificationsSchema = pgSchema('notifications');
export const { outbox, inbox } = messagingTables(notificationsSchema);

/** Messages visitors send through the site's contact form, kept for the support team. */
export const contactMessages = notificationsSchema.table('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  correlationId: text('correlation_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('contact_messages_created_at_idx').on(t.createdAt)]);

/**
 * Every e-mail and SMS the system sends, one row per event that asked for it (so one is never sent twice).
 * A row keeps the template, the recipient and the template's parameters, never the text: the text is rendered
 * when sending (a link's token or an SMS code is fetched from identity then, and forgotten once sent), so no
 * live link or code stays here. Without SMTP settings `transport` is 'mailbox' (development: the local mailbox).
 */
export const outgoingMessages = notificationsSchema.table('outgoing_messages', {
  id: serial('id').primaryKey(),
  eventId: text('event_id').notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  template: text('template').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  /** What the template needs besides a secret: a first name, an expiry, the identity reference of the secret, a contact message id. */
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
  transport: text('transport'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('outgoing_messages_event_idx').on(t.eventId, t.channel), index('outgoing_messages_created_idx').on(t.createdAt),
  // The sender's look for messages Redis lost reads the queued ones only.
  index('outgoing_messages_queued_idx').on(t.id).where(sql`status = 'queued'`),
]);
