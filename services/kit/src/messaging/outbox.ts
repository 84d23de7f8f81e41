import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@mc/contracts';
import type { Database } from '../database/database';
import { currentCorrelationId } from '../logging/logger';
import type { MessagingTables } from './tables';

type Tx = Pick<Database, 'insert'>;

/** Writes an event in the caller's transaction, so the state change and its event commit together. */
export class OutboxWriter {
  constructor(private readonly tables: MessagingTables) {}

  async add<T>(tx: Tx, subject: string, data: T, version = 1): Promise<EventEnvelope<T>> {
    const envelope: EventEnvelope<T> = {
      eventId: randomUUID(),
      type: subject,
      version,
      occurredAt: new Date().toISOString(),
      correlationId: currentCorrelationId() ?? randomUUID(),
      data,
    };
    await tx.insert(this.tables.outbox).values({ eventId: envelope.eventId, subject, envelope });
    return envelope;
  }
}
