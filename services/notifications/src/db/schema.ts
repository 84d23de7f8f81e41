import { messagingTables } from '@mc/kit/tables';
import { index, pgSchema, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
