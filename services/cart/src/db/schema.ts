import type { CookieCartItem } from '@mc/contracts';
import { messagingTables } from '@mc/kit/tables';
import { integer, jsonb, pgSchema, timestamp } from 'drizzle-orm/pg-core';

export const cartSchema = pgSchema('cart');
export const { outbox, inbox } = messagingTables(cartSchema);

/** One cart per signed-in user: its lines in order (each product once), and when it last changed. */
export const carts = cartSchema.table('carts', {
  userId: integer('user_id').primaryKey(),
  items: jsonb('items').$type<CookieCartItem[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
