import { messagingTables } from '@mc/kit/tables';
import { pgSchema } from 'drizzle-orm/pg-core';

export const orderSchema = pgSchema('order');
export const { outbox, inbox } = messagingTables(orderSchema);
