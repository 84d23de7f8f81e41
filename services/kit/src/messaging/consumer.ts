import {
  AckPolicy, DeliverPolicy, headers as natsHeaders, nanos,
  type Consumer, type ConsumerInfo, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg, type NatsConnection,
} from 'nats';
import type { Logger } from 'pino';
import { checkEventPayload, deadLetterSubject, subjectMatches, type CheckedPayload, type EventEnvelope, type EventEnvelopeOf, type EventSubjectsMatching } from '@mc/contracts';
import type { Database } from '../database/database';
import { withCorrelationId } from '../logging/logger';
import { contextFrom, inSpan, SpanKind } from '../operations/tracing';
import { ensureDeadLetterStream } from './streams';
import type { MessagingTables } from './tables';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The envelope a consumer filtering on `Filter` (a NATS subject filter, `*` and `>` allowed) receives: one of the
 * bus's events it takes in (`EventRoutes`), told apart by `type`; a filter the bus does not know gets untyped ones.
 */
export type ConsumedEvent<Filter extends string> = string extends Filter
  ? EventEnvelope
  : [EventSubjectsMatching<Filter>] extends [never] ? EventEnvelope : EventEnvelopeOf<EventSubjectsMatching<Filter>>;

/** A consumer's effect of one event, in the transaction that records it in the inbox. */
export type EventHandler<Filter extends string = string> = (event: ConsumedEvent<Filter>, tx: Tx) => Promise<void>;

export interface ConsumerOptions<Filter extends string = string> {
  stream: string;
  /** Durable name; also the inbox key, so one effect per event per durable. */
  durable: string;
  filterSubject: Filter;
  handler: EventHandler<Filter>;
  maxDeliver?: number;
  ackWaitMs?: number;
  /** Copies of the dead-letter stream when this consumer makes it (`NATS_STREAM_REPLICAS`). */
  streamReplicas?: number;
  /** Told of each event kept as a dead letter (the metrics' count). */
  onDeadLetter?: (reason: DeadLetterReason) => void;
  /**
   * Reads an event's payload against its contract before the handler sees it (a service's consumers: the bus's DTOs,
   * see `EventConsumers`). One that does not fit is recorded in the inbox, never handled, and dead-lettered at once.
   */
  payload?: (event: EventEnvelope) => CheckedPayload;
}


/** The bus's contract for a consumer filtering on `filter`: an event of a subject it takes, its payload that subject's DTO. */
export const busContract = (filter: string) => (event: EventEnvelope): CheckedPayload =>
  (typeof event.type === 'string' && subjectMatches(filter, event.type)
    ? checkEventPayload(event.type, event.data)
    : { ok: false, problems: ['type: not one this consumer takes'] });

/**
 * A durable JetStream consumer whose effects happen at most once per event: the inbox row and the
 * effect commit in one transaction, then the message is acked. A redelivery finds the inbox row and is
 * only acked. After `maxDeliver` failed attempts the message goes to the dead-letter subject; so does at once an
 * unreadable message, and an event whose payload does not fit its contract (`payload`), logged by its problems only.
 */
const DEAD_LETTER_RETRY_MS = 30_000;
export type DeadLetterReason = 'unreadable' | 'contract' | 'failed';

const CONSUME_EXPIRES_MS = 5000;

export class IdempotentConsumer<Filter extends string = string> {
  private messages?: ConsumerMessages;
  private consumer?: Consumer;
  private loop?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly db: Database,
    private readonly tables: MessagingTables,
    private readonly logger: Logger,
    private readonly options: ConsumerOptions<Filter>,
  ) {}

  async start(): Promise<void> {
    const { stream, durable, filterSubject } = this.options;
    const jsm: JetStreamManager = await this.nc.jetstreamManager({ checkAPI: false });
    await ensureDeadLetterStream(jsm, this.options.streamReplicas);
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: filterSubject,
      max_deliver: this.maxDeliver,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
    });
    const js: JetStreamClient = this.nc.jetstream();
    const consumer = await js.consumers.get(stream, durable);
    this.consumer = consumer;
    // Pulls that expire after 5 s (heartbeats every 2.5 s): a pull lost with a NATS node, or with its stream's leader
    // moving, is noticed and made again within seconds rather than the default 30 s (make chaos saw consumers stall).
    this.messages = await consumer.consume({ max_messages: 256, expires: CONSUME_EXPIRES_MS });
    const messages = this.messages;
    this.loop = (async () => {
      for await (const msg of messages) {
        // Stopping: the event under way finishes; those already fetched are handed back for another copy (or this
        // one after its restart) rather than handled now, so a stop never waits for a backlog.
        if (this.stopping) msg.nak();
        else await this.handle(msg);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.messages?.close();
    await this.loop?.catch(() => undefined);
  }

  /** The consumer as JetStream sees it now (its pending and unacknowledged counts). */
  info(): Promise<ConsumerInfo> {
    if (!this.consumer) throw new Error(`consumer ${this.options.durable} not started`);
    return this.consumer.info();
  }

  private get maxDeliver(): number {
    return this.options.maxDeliver ?? 5;
  }

  private async handle(msg: JsMsg): Promise<void> {
    let event: EventEnvelope;
    try {
      event = msg.json<EventEnvelope>();
      if (!event || typeof event !== 'object') throw new Error('not an envelope');
    } catch (err) {
      this.logger.error({ err, subject: msg.subject }, 'unreadable event; dead-lettered');
      await this.deadLetter(msg, 'unreadable');
      return;
    }
    const payload = this.options.payload?.(event) ?? { ok: true, data: event.data as object };
    // The event's trace goes on in this consumer's span (a trace context from the envelope only, never a payload).
    const parent = contextFrom(event.trace && typeof event.trace === 'object' ? event.trace : undefined);
    const attributes = { 'messaging.destination.name': msg.subject, 'messaging.consumer.group.name': this.options.durable, 'event.id': String(event.eventId) };
    await inSpan(`consume ${this.options.durable}`, SpanKind.CONSUMER, parent, attributes, () => withCorrelationId(event.correlationId, async () => {
      try {
        await this.db.transaction(async (tx) => {
          const fresh = await tx
            .insert(this.tables.inbox)
            .values({ consumer: this.options.durable, eventId: event.eventId })
            .onConflictDoNothing()
            .returning({ eventId: this.tables.inbox.eventId });
          // The payload is its subject's DTO (checked above); its type is its subject's.
          if (fresh.length && payload.ok) await this.options.handler({ ...event, data: payload.data } as ConsumedEvent<Filter>, tx);
        });
        if (payload.ok) {
          msg.ack();
        } else {
          // Its problems by path and rule, never its values (a payload may carry personal data).
          this.logger.error({ eventId: event.eventId, type: event.type, problems: payload.problems }, 'event does not fit its contract; dead-lettered');
          await this.deadLetter(msg, 'contract');
        }
      } catch (err) {
        const attempt = msg.info.redeliveryCount;
        if (attempt >= this.maxDeliver) {
          this.logger.error({ err, eventId: event.eventId, attempt }, 'event failed for the last time; dead-lettered');
          await this.deadLetter(msg, 'failed');
        } else {
          this.logger.warn({ err, eventId: event.eventId, attempt }, 'event failed; will be redelivered');
          msg.nak(Math.min(500 * 2 ** (attempt - 1), 30_000));
        }
      }
    }));
  }

  /**
   * Keeps the message in the dead-letter stream (`DLQ`, until an operator replays or drops it: `npm run dead-letters`)
   * and only then ends its delivery here; if the stream does not take it, the message is delivered again later.
   */
  private async deadLetter(msg: JsMsg, reason: DeadLetterReason): Promise<void> {
    const h = natsHeaders();
    h.set('x-original-subject', msg.subject);
    h.set('x-consumer', this.options.durable);
    h.set('x-reason', reason);
    h.set('x-attempts', String(msg.info.redeliveryCount));
    try {
      await this.nc.jetstream().publish(deadLetterSubject(this.options.durable), msg.data, { headers: h });
    } catch (err) {
      this.logger.error({ err, subject: msg.subject }, 'the dead-letter stream did not take the event; it will be delivered again');
      msg.nak(DEAD_LETTER_RETRY_MS);
      return;
    }
    this.options.onDeadLetter?.(reason);
    msg.term();
  }
}
