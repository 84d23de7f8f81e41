import { messagingTables } from '@mc/kit/tables';
import { pgSchema } from 'drizzle-orm/pg-core';

export const notificationsSchema = pgSchema('notifications');
export const { outbox, inbox } = messagingTables(notificationsSchema);
