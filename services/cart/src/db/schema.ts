import { messagingTables } from '@mc/kit/tables';
import { pgSchema } from 'drizzle-orm/pg-core';

export const cartSchema = pgSchema('cart');
export const { outbox, inbox } = messagingTables(cartSchema);
