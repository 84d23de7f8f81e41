import { DEAD_LETTER_STREAM, type EventEnvelope } from '@mc/contracts';
import { count, eq } from 'drizzle-orm';
import { pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { JSONCodec, nanos, type JetStreamManager, type NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { createDatabase, createLogger, createPool, IdempotentConsumer, messagingTables, type Database } from '../src';
import { dropDeadLetter, listDeadLetters, replayDeadLetter } from '../src/ops/dead-letters';
import { connectNats, waitFor } from '../src/testing';

/**
 * Issue 32, nothing lost: an event a consumer gives up on is kept in the `DLQ` stream (not only published where no one
 * listens); the operator's tool lists it without its payload, replays it to its subject (the consumer, mended, handles
 * it once) and drops what is not worth replaying; the operator's credential can do no more than that.
 */
const SCHEMA = 'kit_dlq_test';
const STREAM = 'EVT_KITDLQ';
const SUBJECT = 'evt.kitdlq.thing.happened';
const DURABLE = 'kitdlq-effects';
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/medcanna_test';
const schema = pgSchema(SCHEMA);
const tables = messagingTables(schema);
const effects = schema.table('effects', { eventId: uuid('event_id').notNull(), note: text('note') });
const codec = JSONCodec();

const envelope = (eventId: string): EventEnvelope => ({
  eventId, type: SUBJECT, version: 1, occurredAt: new Date().toISOString(), correlationId: eventId, data: { secret: 'ת.ז. 123456782' },
});

describe('dead letters: kept, listed, replayed, dropped', () => {
  let pool: Pool;
  let db: Database;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let consumer: IdempotentConsumer;
  let broken = true;

  beforeAll(async () => {
    pool = createPool(DATABASE_URL, 'dlq-test');
    db = createDatabase(pool);
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.inbox (consumer text NOT NULL, event_id uuid NOT NULL, processed_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (consumer, event_id));
      CREATE TABLE ${SCHEMA}.effects (event_id uuid NOT NULL, note text);`);
    nc = await connectNats();
    jsm = await nc.jetstreamManager();
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await jsm.streams.delete(DEAD_LETTER_STREAM).catch(() => undefined);
    await jsm.streams.add({ name: STREAM, subjects: ['evt.kitdlq.>'], duplicate_window: nanos(120_000) });
    consumer = new IdempotentConsumer(nc, db, tables, createLogger('dlq-test', 'silent'), {
      stream: STREAM, durable: DURABLE, filterSubject: 'evt.kitdlq.>', maxDeliver: 2,
      handler: async (event, tx) => {
        if (broken) throw new Error('not today');
        await tx.insert(effects).values({ eventId: event.eventId, note: 'handled' });
      },
    });
    await consumer.start();
  });

  afterAll(async () => {
    await consumer.stop();
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await nc.close();
    await pool.end();
  });

  it('keeps a failed event in the DLQ stream, lists it without its payload, and a replay is handled once', async () => {
    const eventId = '9d3c4a1e-1c2b-4f5a-8e7d-000000000001';
    await nc.jetstream().publish(SUBJECT, codec.encode(envelope(eventId)), { msgID: eventId });
    const [letter] = await waitFor('the dead letter', () => listDeadLetters(jsm), { until: (l) => l.length === 1, timeoutMs: 10_000, intervalMs: 100 });
    expect(letter).toMatchObject({ consumer: DURABLE, reason: 'failed', attempts: 2, subject: SUBJECT, eventId, type: SUBJECT });
    expect(JSON.stringify(letter)).not.toContain('123456782');

    // The operator's credential lists the dead letters, and can do nothing else with the events.
    const operator = await connectNats('operator');
    try {
      expect((await listDeadLetters(await operator.jetstreamManager({ checkAPI: false }))).map((l) => l.seq)).toEqual([letter.seq]);
      await expect(operator.jetstream().publish(SUBJECT, codec.encode(envelope(eventId)))).rejects.toThrow();
    } finally {
      await operator.close().catch(() => undefined);
    }

    broken = false;
    const replayed = await replayDeadLetter(nc, letter.seq);
    expect(replayed.eventId).toBe(eventId);
    await waitFor('the replayed event handled', async () => (await db.select({ n: count() }).from(effects).where(eq(effects.eventId, eventId)))[0].n, { until: (n) => n === 1, timeoutMs: 10_000 });
    expect(await listDeadLetters(jsm)).toEqual([]);

    // A second replay of the same event (an operator's double click) is skipped by the inbox.
    await nc.jetstream().publish(SUBJECT, codec.encode(envelope(eventId)), { msgID: `${eventId}-twice` });
    await waitFor('the copy consumed', async () => (await jsm.consumers.info(STREAM, DURABLE)).num_ack_pending + (await jsm.consumers.info(STREAM, DURABLE)).num_pending, { until: (n) => n === 0 });
    expect((await db.select({ n: count() }).from(effects).where(eq(effects.eventId, eventId)))[0].n).toBe(1);
  });

  it('dead-letters an unreadable message at once, and drops it for good', async () => {
    await nc.jetstream().publish(SUBJECT, new TextEncoder().encode('not json'));
    const [letter] = await waitFor('the unreadable dead letter', () => listDeadLetters(jsm), { until: (l) => l.length === 1, timeoutMs: 10_000, intervalMs: 100 });
    expect(letter).toMatchObject({ reason: 'unreadable', eventId: null, subject: SUBJECT });
    await expect(replayDeadLetter(nc, letter.seq + 1000)).rejects.toThrow();
    await dropDeadLetter(jsm, letter.seq);
    expect(await listDeadLetters(jsm)).toEqual([]);
  });
});
