import { sql } from 'drizzle-orm';
import { createDatabase, createLogger, createPool, changeFeedDdl, ChangeFeed, LiveIndex, type Changes } from '../src';
import { waitFor } from '../src/testing';
import type { Pool } from 'pg';

const SCHEMA = 'kit_live_test';
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/medcanna_test';
const logger = createLogger('live-index-test', 'silent');

/** The test's index: item prices by id, and how it was kept (loads and keys applied). */
class Prices {
  loads = 0;
  applied: string[] = [];
  constructor(private readonly pool: Pool) {}
  async loadAll(): Promise<Map<number, number>> {
    this.loads++;
    const { rows } = await this.pool.query<{ id: number; price: number }>(`SELECT id, price FROM ${SCHEMA}.items`);
    return new Map(rows.map((r) => [r.id, r.price]));
  }
  async apply(state: Map<number, number>, changes: Changes): Promise<void> {
    const ids = [...(changes.get('item') ?? [])].map(Number);
    this.applied.push(...ids.map(String));
    const { rows } = await this.pool.query<{ id: number; price: number }>(`SELECT id, price FROM ${SCHEMA}.items WHERE id = ANY($1)`, [ids]);
    for (const id of ids) state.delete(id);
    for (const r of rows) state.set(r.id, r.price);
  }
}

describe('live index over a change feed', () => {
  let pool: Pool;
  let prices: Prices;
  let index: LiveIndex<Map<number, number>>;
  let second: LiveIndex<Map<number, number>>;

  beforeAll(async () => {
    pool = createPool(DATABASE_URL, 'live-index-test');
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA};
      CREATE TABLE ${SCHEMA}.items (id int PRIMARY KEY, price int NOT NULL);
      INSERT INTO ${SCHEMA}.items SELECT g, g * 10 FROM generate_series(1, 100) g;
      ${changeFeedDdl(SCHEMA)}
      CREATE OR REPLACE TRIGGER items_changes AFTER INSERT OR UPDATE OR DELETE ON ${SCHEMA}.items
        FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.note_change('item', 'id');`);
    prices = new Prices(pool);
    // No polling: only the commit's signal can bring a change.
    index = new LiveIndex(new ChangeFeed(pool, SCHEMA, logger), prices, logger, { pollMs: 60_000, reloadAbove: 50 });
    second = new LiveIndex(new ChangeFeed(pool, SCHEMA, logger), new Prices(pool), logger, { pollMs: 60_000 });
    await index.start();
    await second.start();
  });

  afterAll(async () => {
    await index.stop();
    await second.stop();
    await pool.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await pool.end();
  });

  it('loads everything at start', async () => {
    const state = await index.current();
    expect(state.size).toBe(100);
    expect(state.get(7)).toBe(70);
    expect(prices.loads).toBe(1);
  });

  it('applies a committed update, insert and delete key by key, in every copy, on the commit signal', async () => {
    await pool.query(`UPDATE ${SCHEMA}.items SET price = 71 WHERE id = 7; INSERT INTO ${SCHEMA}.items VALUES (101, 1010); DELETE FROM ${SCHEMA}.items WHERE id = 3`);
    for (const copy of [index, second]) {
      const state = await waitFor('the changes', () => copy.current(), { until: (s) => s.get(7) === 71, timeoutMs: 2000 });
      expect(state.get(101)).toBe(1010);
      expect(state.has(3)).toBe(false);
      expect(state.size).toBe(100);
    }
    expect(prices.loads).toBe(1);
    expect(prices.applied).toEqual(expect.arrayContaining(['7', '101', '3']));
  });

  it('does not miss a transaction that began before a read and committed after it', async () => {
    const early = await pool.connect();
    try {
      await early.query('BEGIN');
      await early.query(`UPDATE ${SCHEMA}.items SET price = 11 WHERE id = 1`);
      // A later transaction commits first, and the index reads past it.
      await pool.query(`UPDATE ${SCHEMA}.items SET price = 21 WHERE id = 2`);
      await waitFor('the later commit', () => index.current(), { until: (s) => s.get(2) === 21, timeoutMs: 2000 });
      expect((await index.current()).get(1)).toBe(10);
      await early.query('COMMIT');
    } finally {
      early.release();
    }
    await waitFor('the earlier commit', () => index.current(), { until: (s) => s.get(1) === 11, timeoutMs: 2000 });
  });

  it('loads everything again past reloadAbove changed keys', async () => {
    await pool.query(`UPDATE ${SCHEMA}.items SET price = price + 1 WHERE id <= 60`);
    const state = await waitFor('the bulk change', () => index.current(), { until: (s) => s.get(60) === 601, timeoutMs: 2000 });
    expect(state.get(50)).toBe(501);
    expect(prices.loads).toBe(2);
  });

  it('a read after this process commits sees the commit, even when an update that began before it is under way', async () => {
    let entered!: () => void;
    let release!: () => void;
    const applying = new Promise<void>((resolve) => { entered = resolve; });
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const slow = new Prices(pool);
    const held = new LiveIndex(new ChangeFeed(pool, SCHEMA, logger), {
      loadAll: () => slow.loadAll(),
      apply: async (state, changes) => { entered(); await gate; await slow.apply(state, changes); },
    }, logger, { pollMs: 60_000 });
    await held.start();
    try {
      await pool.query(`UPDATE ${SCHEMA}.items SET price = 5005 WHERE id = 5`);
      held.invalidate();
      const before = held.current();
      await applying;
      await pool.query(`UPDATE ${SCHEMA}.items SET price = 6006 WHERE id = 6`);
      held.invalidate();
      const after = held.current();
      release();
      expect((await before).get(5)).toBe(5005);
      expect((await after).get(6)).toBe(6006);
    } finally {
      await held.stop();
    }
  });

  it('a rolled-back write changes nothing', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE ${SCHEMA}.items SET price = 0 WHERE id = 9`);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    index.invalidate();
    expect((await index.current()).get(9)).toBe(91);
  });

  it("a transaction of this process's Database shows in its next read, and moves the index's version", async () => {
    const db = createDatabase(pool);
    const version = index.version;
    await db.transaction(async (tx) => { await tx.execute(sql.raw(`UPDATE ${SCHEMA}.items SET price = 8008 WHERE id = 8`)); });
    expect((await index.current()).get(8)).toBe(8008);
    expect(index.version).toBeGreaterThan(version);
  });
});
