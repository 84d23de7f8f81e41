import { and, asc, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { headers as natsHeaders, type JetStreamClient } from 'nats';
import type { Logger } from 'pino';
import { Headers, type EventEnvelope } from '@mc/contracts';
import type { Pool } from 'pg';
import type { Database } from '../database/database';
import { listenTo } from '../database/notifications';
import { outboxChannel, type MessagingTables } from './tables';

export interface OutboxRelayOptions {
  batchSize: number;
  /** How often the outbox is looked at without being told (with `listen`, only what a lost notification left behind). */
  pollMs: number;
  /** The pool to LISTEN from for the writers' notifications (`OutboxWriter`): events go out as they commit. */
  listen?: Pool;
  /** How long a published row is kept (for a look at what went out) before it is deleted; 0: deleted as it is published; absent: kept. */
  keepSentMs?: number;
}

/**
 * Publishes outbox rows to JetStream. Rows are claimed with FOR UPDATE SKIP LOCKED (so several relays
 * share the work), published with `Nats-Msg-Id` = event id (so a republish is dropped by the stream's
 * dedupe window) and marked sent only after their publish ack, in the claiming transaction. Published rows are
 * deleted `keepSentMs` later (at once when 0): an event's data lives in the stream, not in two places. It looks when
 * a writer's notification arrives, when poked, and every `pollMs`.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  /** Told to look while it was looking: it looks again before it waits. */
  private poked = false;
  private stopListening?: () => Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly tables: MessagingTables,
    private readonly js: JetStreamClient,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  /** Publishes one batch; returns how many rows it marked sent. */
  async relayOnce(): Promise<number> {
    const { outbox } = this.tables;
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, subject: outbox.subject, envelope: outbox.envelope })
        .from(outbox)
        .where(isNull(outbox.sentAt))
        .orderBy(asc(outbox.id))
        .limit(this.options.batchSize)
        .for('update', { skipLocked: true });
      const sent: number[] = [];
      try {
        for (const row of rows) {
          const envelope = row.envelope as EventEnvelope;
          const h = natsHeaders();
          h.set(Headers.correlationId, envelope.correlationId);
          await this.js.publish(row.subject, JSON.stringify(envelope), { msgID: envelope.eventId, headers: h });
          sent.push(row.id);
        }
      } finally {
        if (sent.length && this.options.keepSentMs === 0) await tx.delete(outbox).where(inArray(outbox.id, sent));
        else if (sent.length) await tx.update(outbox).set({ sentAt: new Date() }).where(inArray(outbox.id, sent));
      }
      return sent.length;
    });
  }

  /** Deletes the rows published more than `keepSentMs` ago. */
  async deleteSent(): Promise<void> {
    const { outbox } = this.tables;
    if (this.options.keepSentMs === undefined) return;
    await this.db.delete(outbox).where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, new Date(Date.now() - this.options.keepSentMs))));
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    if (this.options.listen) this.stopListening = await listenTo(this.options.listen, outboxChannel(this.tables), () => this.look(), this.logger);
  }

  /**
   * Asks the relay to look at the outbox now instead of at its next poll. A listening relay is told by the writers'
   * notification at commit already, so it ignores this (a second look would find nothing).
   */
  poke(): void {
    if (!this.stopListening) this.look();
  }

  private look(): void {
    this.poked = true;
    this.wake?.();
  }

  /** Stops polling, then publishes what is still waiting (for at most `drainMs`), so a short-lived process leaves no event behind. */
  async stop(drainMs = 5000): Promise<void> {
    this.running = false;
    await this.stopListening?.();
    this.stopListening = undefined;
    this.wake?.();
    await this.loop;
    const deadline = Date.now() + drainMs;
    try {
      while (Date.now() < deadline && (await this.relayOnce()) > 0);
    } catch (err) {
      this.logger.warn({ err }, 'outbox not drained at shutdown; the next relay will publish the rest');
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    let swept = 0;
    while (this.running) {
      this.poked = false;
      let published = 0;
      try {
        published = await this.relayOnce();
        failures = 0;
        const keepSentMs = this.options.keepSentMs;
        if (keepSentMs && Date.now() - swept >= Math.min(keepSentMs, 10_000)) {
          swept = Date.now();
          await this.deleteSent();
        }
      } catch (err) {
        failures++;
        this.logger.warn({ err }, 'outbox relay batch failed; will retry');
      }
      if (published >= this.options.batchSize || (this.poked && !failures)) continue;
      const delay = failures ? Math.min(this.options.pollMs * 2 ** failures, 10_000) : this.options.pollMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }
}
