import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count, countDistinct, isNotNull, sql } from 'drizzle-orm';
import { pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { JSONCodec, headers as natsHeaders, nanos, type NatsConnection, type JetStreamManager } from 'nats';
import { deadLetterSubject, type EventEnvelope, type EventRoute } from '@mc/contracts';
import {
  createDatabase, createLogger, createPool, IdempotentConsumer, messagingTables, OutboxRelay, OutboxWriter,
  type Database,
} from '../src';
import { connectNats, waitFor } from '../src/testing';
import type { Pool } from 'pg';

const SCHEMA = 'kit_outbox_test';
const STREAM = 'EVT_KITTEST';
const SUBJECT = 'evt.kittest.thing.happened';
/** The test's own event, outside the bus's map. */
const ROUTES = { [SUBJECT]: { version: 1 } as EventRoute<{ n: number }> };
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/medcanna_test';
const EVENTS = 400;

const schema = pgSchema(SCHEMA);
const tables = messagingTables(schema);
// No unique key on purpose: a second effect of one event would show up here.
const effects = schema.table('effects', { eventId: uuid('event_id').notNull(), note: text('note') });
const logger = createLogger('outbox-test', 'silent');

// A batch of 400 through a relay that is killed and restarted: more than the default 10 s on two shared cores.
const BATCH_MS = 20_000;

describe('transactional outbox, relay and idempotent consumer', () => {
  let pool: Pool;
  let db: Database;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const streamCount = async () => (await jsm.streams.info(STREAM)).state.messages;
  const sentCount = async () => (await db.select({ n: count() }).from(tables.outbox).where(isNotNull(tables.outbox.sentAt)))[0].n;
  const effectCounts = async () => (await db.select({ all: count(), distinct: countDistinct(effects.eventId) }).from(effects))[0];

  beforeAll(async () => {
    pool = createPool(DATABASE_URL, 'outbox-test');
    db = createDatabase(pool);
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.outbox (id bigserial PRIMARY KEY, event_id uuid NOT NULL UNIQUE, subject text NOT NULL, envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz);
      CREATE TABLE ${SCHEMA}.inbox (consumer text NOT NULL, event_id uuid NOT NULL, processed_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (consumer, event_id));
      CREATE TABLE ${SCHEMA}.effects (event_id uuid NOT NULL, note text);`);
    nc = await connectNats();
    jsm = await nc.jetstreamManager();
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await jsm.streams.add({ name: STREAM, subjects: ['evt.kittest.>'], duplicate_window: nanos(120_000) });
  });

  afterAll(async () => {
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await nc.close();
    await pool.end();
  });

  it('writes no event when the state change rolls back', async () => {
    const outbox = new OutboxWriter(tables, ROUTES);
    await expect(
      db.transaction(async (tx) => {
        await outbox.add(tx, SUBJECT, { n: -1 });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect((await db.select({ n: count() }).from(tables.outbox))[0].n).toBe(0);
  });

  it('delivers every event to the effect exactly once when the relay is killed in the middle of a batch', async () => {
    const kitDist = join(__dirname, '../dist/index.js');
    if (!existsSync(kitDist)) throw new Error('services/kit/dist is missing: build first (make build)');

    const outbox = new OutboxWriter(tables, ROUTES);
    await db.transaction(async (tx) => {
      for (let n = 0; n < EVENTS; n++) await outbox.add(tx, SUBJECT, { n });
    });

    // One relay, one batch of every row, 5 ms per publish: killed once a quarter is published.
    const child = fork(join(__dirname, 'fixtures/slow-relay.js'), {
      env: { ...process.env, SCHEMA, DATABASE_URL, BATCH: String(EVENTS), PUBLISH_DELAY_MS: '5' },
      stdio: 'inherit',
    });
    await waitFor('a quarter of the batch to be published', async () => (await streamCount()) >= EVENTS / 4, { timeoutMs: BATCH_MS });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const publishedBeforeKill = await streamCount();
    expect(publishedBeforeKill).toBeGreaterThan(0);
    expect(publishedBeforeKill).toBeLessThan(EVENTS);
    expect(await sentCount()).toBe(0); // published, but the claiming transaction never committed

    const consumer = new IdempotentConsumer(nc, db, tables, logger, {
      stream: STREAM,
      durable: 'kittest-effects',
      filterSubject: SUBJECT,
      handler: async (event: EventEnvelope, tx) => {
        await tx.insert(effects).values({ eventId: event.eventId, note: JSON.stringify(event.data) });
      },
    });
    await consumer.start();
    const relay = new OutboxRelay(db, tables, nc.jetstream(), logger, { batchSize: 100, pollMs: 20 });
    await relay.start();
    try {
      await waitFor('every row to be marked sent', async () => (await sentCount()) === EVENTS, { timeoutMs: BATCH_MS });
      await waitFor('every effect', async () => (await effectCounts()).all >= EVENTS, { timeoutMs: BATCH_MS });
      expect(await streamCount()).toBe(EVENTS); // the republished ones were dropped by the stream's dedupe

      // A redelivery of an event already handled (a new message id gets past the stream's dedupe) changes nothing.
      const [row] = await db.select().from(tables.outbox).limit(1);
      await nc.jetstream().publish(SUBJECT, JSONCodec().encode(row.envelope), { msgID: `${row.eventId}-again` });
      await waitFor('the redelivered copy to be consumed', async () => {
        const info = await jsm.consumers.info(STREAM, 'kittest-effects');
        return info.num_pending === 0 && info.num_ack_pending === 0;
      }, { timeoutMs: BATCH_MS });
      expect(await effectCounts()).toEqual({ all: EVENTS, distinct: EVENTS });
      const missing = await pool.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.outbox o WHERE NOT EXISTS (SELECT 1 FROM ${SCHEMA}.effects e WHERE e.event_id = o.event_id)`);
      expect(missing.rows[0].n).toBe(0);
    } finally {
      await relay.stop();
      await consumer.stop();
    }
  });

  it('sends an event that keeps failing to the dead-letter subject after its last attempt, and writes nothing', async () => {
    const durable = 'kittest-poison';
    const dead = nc.subscribe(deadLetterSubject(durable), { max: 1 });
    const attempts: number[] = [];
    const consumer = new IdempotentConsumer(nc, db, tables, logger, {
      stream: STREAM,
      durable,
      filterSubject: 'evt.kittest.poison.>',
      maxDeliver: 2,
      handler: async (event, tx) => {
        attempts.push(Date.now());
        await tx.insert(effects).values({ eventId: event.eventId, note: 'poison' });
        throw new Error('cannot handle this event');
      },
    });
    await consumer.start();
    try {
      const h = natsHeaders();
      const envelope = { eventId: '00000000-0000-4000-8000-000000000001', type: 'poison', version: 1, occurredAt: new Date().toISOString(), correlationId: 'c', data: {} };
      await nc.jetstream().publish('evt.kittest.poison.sent', JSONCodec().encode(envelope), { headers: h });
      for await (const msg of dead) {
        expect(JSONCodec().decode(msg.data)).toMatchObject({ eventId: envelope.eventId });
        expect(msg.headers?.get('x-original-subject')).toBe('evt.kittest.poison.sent');
      }
      expect(attempts).toHaveLength(2);
      const poisonRows = await db.select({ n: count() }).from(effects).where(sql`${effects.note} = 'poison'`);
      expect(poisonRows[0].n).toBe(0);
    } finally {
      await consumer.stop();
    }
  });

  it("publishes an event as its transaction commits, whichever process wrote it: told by the writer's notification, not its poll", async () => {
    await db.delete(tables.outbox);
    // Another process's writes: a pool of their own, which the relay's process never sees commit.
    const elsewhere = createPool(DATABASE_URL, 'outbox-test-writer');
    const writer = new OutboxWriter(tables, ROUTES);
    const write = (n: number) => createDatabase(elsewhere).transaction(async (tx) => { await writer.add(tx, SUBJECT, { n }); });
    const relay = new OutboxRelay(db, tables, nc.jetstream(), logger, { batchSize: 100, pollMs: 60_000, listen: pool });
    await relay.start();
    try {
      await waitFor('the first look to find nothing', async () => (await sentCount()) === 0);
      const before = await streamCount();
      await write(1);
      await waitFor('the event published long before the next poll', async () => (await streamCount()) === before + 1, { timeoutMs: 2000 });

      // The listening connection lost: the relay looks at once and listens again.
      const listener = await pool.query(`SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN ${SCHEMA}_outbox'`);
      expect(listener.rows).toHaveLength(1);
      await pool.query('SELECT pg_terminate_backend($1)', [listener.rows[0].pid]);
      await waitFor('listening again', async () => (await pool.query(`SELECT 1 FROM pg_stat_activity WHERE query = 'LISTEN ${SCHEMA}_outbox' AND pid <> $1`, [listener.rows[0].pid])).rowCount === 1, { timeoutMs: 5000 });
      await write(2);
      await waitFor('the next event published as it commits', async () => (await streamCount()) === before + 2, { timeoutMs: 2000 });
    } finally {
      await relay.stop();
      await elsewhere.end();
    }
    expect((await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN ${SCHEMA}_outbox' AND state = 'idle'`)).rows[0].n).toBe(0);
  });

  it('deletes published rows: at once with keepSentMs 0, after keepSentMs otherwise, never one still unsent', async () => {
    await db.delete(tables.outbox);
    const outbox = new OutboxWriter(tables, ROUTES);
    const rows = async () => (await db.select({ n: count() }).from(tables.outbox))[0].n;
    const add = (n: number) => db.transaction(async (tx) => { for (let i = 0; i < n; i++) await outbox.add(tx, SUBJECT, { n: i }); });

    await add(3);
    expect(await new OutboxRelay(db, tables, nc.jetstream(), logger, { batchSize: 100, pollMs: 20, keepSentMs: 0 }).relayOnce()).toBe(3);
    expect(await rows()).toBe(0);

    const keeping = new OutboxRelay(db, tables, nc.jetstream(), logger, { batchSize: 2, pollMs: 20, keepSentMs: 300 });
    await add(3);
    expect(await keeping.relayOnce()).toBe(2);
    await keeping.deleteSent();
    expect(await rows()).toBe(3); // two sent a moment ago, one waiting
    await new Promise((r) => setTimeout(r, 350));
    await keeping.deleteSent();
    expect(await rows()).toBe(1);
    expect(await sentCount()).toBe(0);
  });
});
