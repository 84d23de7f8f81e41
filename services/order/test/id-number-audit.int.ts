import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEventPayload, Events, Messages, streamName, Subjects, type AuditRecordedEvent, type CheckoutPublicKey, type EventEnvelope } from '@mc/contracts';
import { rpc, TEST_ENV, TestIdentity, useService, waitFor } from '@mc/kit/testing';
import { AckPolicy, DeliverPolicy, nanos } from 'nats';
import { Pool } from 'pg';
import { orderService } from '../src/service';
import { encryptIdNumber } from './support';

const VALID_ID = '123456782';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Every reading of an order's ID number is on the operator's console's record (issue 30): `evt.order.audit.recorded`
 * through the outbox in the reading's transaction, and, for the readings recorded before, the migration
 * 0004_id_number_reads_audit, which writes the same events. Orders made in SQL for a pharmacy of this suite only.
 */
describe('the record of ID-number readings (evt.order.audit.recorded)', () => {
  const service = useService(orderService);
  const identity = new TestIdentity();
  const PHARM = 'ot-audit-pharm';
  const USER = 1_820_000_001;
  let own: Pool;
  let key: CheckoutPublicKey;

  const owner = { id: 9000501, token: () => identity.token({ sub: '9000501', role: 'business_owner', biz: [`pharmacy:${PHARM}`] }) };
  const admin = { id: 9000502, token: () => identity.token({ sub: '9000502', role: 'admin' }) };
  const read = (orderId: number, caller: string) => rpc(service.nc(), Subjects.order.businessIdNumber, { businessId: PHARM, orderId }, { caller });

  /** The outbox rows of the record for one order, oldest first. */
  const recorded = async (orderId: number) =>
    (await own.query<{ event_id: string; envelope: EventEnvelope<AuditRecordedEvent>; sent_at: Date | null }>(
      `SELECT event_id, envelope, sent_at FROM "order".outbox WHERE subject = $1 AND envelope->'data'->>'targetId' = $2 ORDER BY id`,
      [Events.order.auditRecorded, String(orderId)])).rows;

  const cleanUp = async () => {
    const ids = (await own.query('SELECT id FROM "order".orders WHERE pharm_slug = $1', [PHARM])).rows.map((r: { id: number }) => String(r.id));
    await own.query(`DELETE FROM "order".outbox WHERE subject = $1 AND envelope->'data'->>'targetId' = ANY($2)`, [Events.order.auditRecorded, ids]);
    await own.query('DELETE FROM "order".id_number_reads WHERE order_id IN (SELECT id FROM "order".orders WHERE pharm_slug = $1)', [PHARM]);
    const batches = await own.query('DELETE FROM "order".orders WHERE pharm_slug = $1 RETURNING batch_uid', [PHARM]);
    await own.query('DELETE FROM "order".batches WHERE uid = ANY($1::uuid[])', [batches.rows.map((r: { batch_uid: string }) => r.batch_uid)]);
  };

  /** An order of the suite's pharmacy with an ID number (encrypted as the browser does), or none (`null`). */
  const order = async (idNumber: string | null = VALID_ID) => {
    const pii = idNumber ? encryptIdNumber(key, idNumber) : { keyId: null, ciphertext: null };
    const { rows: [batch] } = await own.query(
      `INSERT INTO "order".batches (uid, user_id, fingerprint, created_at) VALUES (gen_random_uuid(), $1, 'ot-audit', now()) RETURNING uid`, [USER]);
    const { rows: [row] } = await own.query(`
      INSERT INTO "order".orders (batch_uid, user_id, pharm_slug, pharm_name, status, first_name, last_name, phone, email, pickup,
        items_total, list_total, discounts_total, shipping_price, total, id_number_ciphertext, id_number_key_id, created_at, updated_at)
      VALUES ($1, $2, $3, 'בית מרקחת התיעוד', 'new', 'דנה', 'לוי', '050-1234567', 'd@example.com', true, 1000, 1000, 0, 0, 1000, $4, $5, now(), now())
      RETURNING id`, [batch.uid, USER, PHARM, pii.ciphertext, pii.keyId]);
    return row.id as number;
  };

  beforeAll(async () => {
    own = new Pool({ connectionString: `postgres://order@127.0.0.1:5432/${TEST_ENV.DATABASE_NAME}`, max: 2 });
    await identity.serveKeys(service.nc());
    await cleanUp();
    key = await rpc(service.nc(), Subjects.order.publicKey, {});
  });

  afterAll(async () => {
    identity.stop();
    await cleanUp();
    await own.end();
  });

  it("records each reading, the owner's and an admin's, with the reading's row, never the number; the relay publishes it", async () => {
    const id = await order();
    service.clock().set('2026-11-20T08:30:00.123Z');
    try {
      expect(await read(id, owner.token())).toEqual({ idNumber: VALID_ID });
      service.clock().set('2026-11-20T09:00:00Z');
      expect(await read(id, admin.token())).toEqual({ idNumber: VALID_ID });
    } finally {
      service.clock().reset();
    }
    const rows = await recorded(id);
    expect(rows.map((r) => r.envelope.data)).toEqual([
      { action: 'order.id-number-read', actorId: owner.id, targetKind: 'order', targetId: String(id), targetLabel: 'בית מרקחת התיעוד', at: '2026-11-20T08:30:00.123Z' },
      { action: 'order.id-number-read', actorId: admin.id, targetKind: 'order', targetId: String(id), targetLabel: 'בית מרקחת התיעוד', at: '2026-11-20T09:00:00.000Z' },
    ]);
    for (const { event_id, envelope } of rows) {
      expect(envelope).toMatchObject({ eventId: event_id, type: Events.order.auditRecorded, version: 1 });
      expect(checkEventPayload(envelope.type, envelope.data)).toMatchObject({ ok: true });
      expect(JSON.stringify(envelope)).not.toContain(VALID_ID);
    }
    const reads = await own.query('SELECT user_id, at FROM "order".id_number_reads WHERE order_id = $1 ORDER BY id', [id]);
    expect(reads.rows.map((r: { user_id: number; at: Date }) => [r.user_id, r.at.toISOString()])).toEqual(rows.map((r) => [r.envelope.data.actorId, r.envelope.data.at]));

    // On the order stream, as identity's consumer will read it.
    await waitFor('the relay to publish the record', async () => (await recorded(id)).every((r) => r.sent_at !== null), { timeoutMs: 10_000 });
    const jsm = await service.nc().jetstreamManager();
    const info = await jsm.consumers.add(streamName('order'), {
      ack_policy: AckPolicy.None, deliver_policy: DeliverPolicy.All, filter_subject: Events.order.auditRecorded, inactive_threshold: nanos(60_000),
    });
    const seen: EventEnvelope<AuditRecordedEvent>[] = [];
    const consumer = await service.nc().jetstream().consumers.get(streamName('order'), info.name);
    for (let left = info.num_pending; left > 0;) {
      let got = 0;
      for await (const m of await consumer.fetch({ max_messages: Math.min(left, 500), expires: 5000 })) {
        got++;
        const event = m.json<EventEnvelope<AuditRecordedEvent>>();
        if (event.data.targetId === String(id)) seen.push(event);
      }
      if (!got) break;
      left -= got;
    }
    await jsm.consumers.delete(streamName('order'), info.name);
    expect(seen.map((e) => e.eventId).sort()).toEqual(rows.map((r) => r.event_id).sort());
  });

  it('records nothing when nothing is read: an order of another pharmacy, one without a number, a caller refused', async () => {
    const without = await order(null);
    const other = await order();
    await own.query(`UPDATE "order".orders SET pharm_slug = 'ot-audit-other' WHERE id = $1`, [other]);
    try {
      await expect(read(without, owner.token())).rejects.toMatchObject({ status: 410 });
      await expect(read(other, owner.token())).rejects.toMatchObject({ status: 404, message: Messages.orderNotFound });
      await expect(read(without, identity.token({ sub: '9000503', role: 'user' }))).rejects.toMatchObject({ status: 403 });
      expect(await recorded(without)).toEqual([]);
      expect(await recorded(other)).toEqual([]);
      const reads = await own.query('SELECT count(*)::int AS n FROM "order".id_number_reads WHERE order_id = ANY($1)', [[without, other]]);
      expect(reads.rows[0].n).toBe(0);
    } finally {
      await own.query('UPDATE "order".orders SET pharm_slug = $2 WHERE id = $1', [other, PHARM]);
    }
  });

  it('the migration sends each reading recorded before to the record once, as the outbox writes a reading now', async () => {
    const id = await order();
    // Two readings from before the record existed (no event of theirs), and one made now (its own event).
    await own.query(`INSERT INTO "order".id_number_reads (order_id, user_id, at) VALUES ($1, $2, '2026-03-01T10:00:00.5Z'), ($1, $3, '2026-07-01T21:30:00Z')`,
      [id, owner.id, admin.id]);
    await own.query(`DELETE FROM "order".outbox WHERE subject = $1 AND envelope->'data'->>'targetId' = $2`, [Events.order.auditRecorded, String(id)]);
    const sql = readFileSync(join(__dirname, '../src/migrations/0004_id_number_reads_audit.sql'), 'utf8');
    const client = await own.connect();
    try {
      await client.query('BEGIN');
      // Only this suite's readings (for this transaction, rolled back): the migration takes every reading of the database.
      await client.query(`DELETE FROM "order".id_number_reads WHERE order_id <> $1`, [id]);
      const before = (await client.query('SELECT coalesce(max(id), 0) AS id FROM "order".outbox')).rows[0].id;
      await client.query(sql);
      const { rows } = await client.query<{ event_id: string; subject: string; envelope: EventEnvelope<AuditRecordedEvent>; sent_at: Date | null }>(
        'SELECT event_id, subject, envelope, sent_at FROM "order".outbox WHERE id > $1 ORDER BY id', [before]);
      expect(rows.map((r) => r.envelope.data)).toEqual([
        { action: 'order.id-number-read', actorId: owner.id, targetKind: 'order', targetId: String(id), targetLabel: 'בית מרקחת התיעוד', at: '2026-03-01T10:00:00.500Z' },
        { action: 'order.id-number-read', actorId: admin.id, targetKind: 'order', targetId: String(id), targetLabel: 'בית מרקחת התיעוד', at: '2026-07-01T21:30:00.000Z' },
      ]);
      for (const row of rows) {
        expect(row.subject).toBe(Events.order.auditRecorded);
        expect(row.sent_at).toBeNull();
        expect(Object.keys(row.envelope).sort()).toEqual(['correlationId', 'data', 'eventId', 'occurredAt', 'type', 'version']);
        expect(row.envelope).toMatchObject({ eventId: row.event_id, type: Events.order.auditRecorded, version: 1, occurredAt: row.envelope.data.at });
        expect(row.envelope.eventId).toMatch(UUID_V4);
        expect(row.envelope.correlationId).toMatch(UUID_V4);
        expect(row.envelope.occurredAt).toMatch(ISO);
        expect(checkEventPayload(row.envelope.type, row.envelope.data)).toMatchObject({ ok: true });
      }
      expect(new Set(rows.flatMap((r) => [r.envelope.eventId, r.envelope.correlationId])).size).toBe(4);

      // The same shape as the event a reading writes now.
      await client.query('ROLLBACK');
      await read(id, owner.token());
      const [live] = await recorded(id);
      expect(Object.keys(live.envelope).sort()).toEqual(Object.keys(rows[0].envelope).sort());
      expect(Object.keys(live.envelope.data).sort()).toEqual(Object.keys(rows[0].envelope.data).sort());
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  });

  it('is applied by the service at its start, after the migrations it follows', async () => {
    const journal = JSON.parse(readFileSync(join(__dirname, '../src/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const tags = journal.entries.map((e) => e.tag);
    expect(tags.indexOf('0004_id_number_reads_audit')).toBe(tags.indexOf('0003_business_orders') + 1);
    const applied = await own.query('SELECT count(*)::int AS n FROM "order".__migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });
});
