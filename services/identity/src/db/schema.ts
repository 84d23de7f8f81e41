import { messagingTables } from '@mc/kit/tables';
import { pgSchema } from 'drizzle-orm/pg-core';

export const identitySchema = pgSchema('identity');
export const { outbox, inbox } = messagingTables(identitySchema);
