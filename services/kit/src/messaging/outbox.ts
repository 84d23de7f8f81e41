import { randomUUID } from 'node:crypto';
import { EventRoutes, type EventEnvelope, type EventRoute } from '@mc/contracts';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../database/database';
import { currentCorrelationId } from '../logging/logger';
import { traceCarrier, type TraceCarrier } from '../operations/tracing';

/** The envelope's `trace` only when a trace is being recorded. */
const traceOf = (trace: TraceCarrier) => (Object.keys(trace).length ? { trace } : {});
import { outboxChannel, type MessagingTables } from './tables';

type Tx = Pick<Database, 'insert' | 'execute'>;
type Routes = Readonly<Record<string, EventRoute<unknown>>>;
type PayloadOf<R> = R extends EventRoute<infer T> ? T : never;

/**
 * Writes an event in the caller's transaction, so the state change and its event commit together, and notifies the
 * service's relays (`<schema>_outbox`; PostgreSQL delivers it at commit, once per transaction), so that events are
 * published as they commit, whichever process wrote them, instead of at the relays' next look. The subject's payload
 * type and version are the bus's (`EventRoutes`).
 */
export class OutboxWriter<R extends Routes = typeof EventRoutes> {
  private readonly channel: string;

  /** `routes`: the events this writer may write (the bus's; a test may give its own). */
  constructor(private readonly tables: MessagingTables, private readonly routes: R = EventRoutes as Routes as R) {
    this.channel = outboxChannel(tables);
  }

  async add<S extends keyof R & string>(tx: Tx, subject: S, data: PayloadOf<R[S]>): Promise<EventEnvelope<PayloadOf<R[S]>> & { type: S }> {
    const envelope = {
      eventId: randomUUID(),
      type: subject,
      version: this.routes[subject].version,
      occurredAt: new Date().toISOString(),
      correlationId: currentCorrelationId() ?? randomUUID(),
      ...traceOf(traceCarrier()),
      data,
    };
    // One statement, one round trip: the row and the notification (drizzle puts the insert in parentheses).
    const insert = tx.insert(this.tables.outbox).values({ eventId: envelope.eventId, subject, envelope }).returning({ id: this.tables.outbox.id });
    await tx.execute(sql`WITH added AS ${insert} SELECT pg_notify(${this.channel}, '') FROM added`);
    return envelope;
  }

  /** Events not yet published, and the age in seconds of the oldest (0: none): the relay's lag. */
  async backlog(db: Database): Promise<{ pending: number; oldestSeconds: number }> {
    const { outbox } = this.tables;
    const [row] = await db.select({
      pending: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch FROM now() - min(${outbox.createdAt})), 0)::float8`,
    }).from(outbox).where(isNull(outbox.sentAt));
    return row ?? { pending: 0, oldestSeconds: 0 };
  }
}
