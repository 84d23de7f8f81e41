import { bigserial, getTableConfig, jsonb, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * The outbox (events waiting to be published) and inbox (events already handled) of one service,
 * created in that service's own schema by its migrations.
 */
export function messagingTables(schema: PgSchema) {
  const outbox = schema.table('outbox', {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').notNull().unique(),
    subject: text('subject').notNull(),
    envelope: jsonb('envelope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  });
  const inbox = schema.table(
    'inbox',
    {
      consumer: text('consumer').notNull(),
      eventId: uuid('event_id').notNull(),
      processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );
  return { outbox, inbox };
}

export type MessagingTables = ReturnType<typeof messagingTables>;

/** The notification channel on which a service's writers tell its relays that events were committed: `<schema>_outbox`. */
export const outboxChannel = (tables: MessagingTables): string => `${getTableConfig(tables.outbox).schema ?? 'public'}_outbox`;
