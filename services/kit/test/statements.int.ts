import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createPool } from '../src';

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/medcanna_test';

describe("the kit's pool names each parameterised statement by its text", () => {
  const pool = createPool(DATABASE_URL, 'statements-test');
  afterAll(() => pool.end());

  it('prepares a query with parameters once per connection and runs it again by name; leaves one without parameters unnamed', async () => {
    const client = await pool.connect();
    try {
      const prepared = async () => (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map((r) => r.statement);
      const text = 'SELECT $1::int + 1 AS next';
      expect((await client.query(text, [1])).rows).toEqual([{ next: 2 }]);
      expect((await client.query({ text, values: [41] })).rows).toEqual([{ next: 42 }]);
      expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
      const other = 'SELECT $1::int * 2 AS twice';
      expect((await client.query(other, [21])).rows).toEqual([{ twice: 42 }]);
      expect(await prepared()).toContain(other);
      await client.query('SELECT 1 AS unnamed_one');
      expect(await prepared()).not.toContain('SELECT 1 AS unnamed_one');
    } finally {
      client.release();
    }
  });

  it("runs drizzle's queries as named statements with their values as parameters", async () => {
    const client = await pool.connect();
    try {
      const db = drizzle(client);
      for (const n of [1, 2, 3]) expect((await db.execute<{ n: number }>(sql`SELECT ${n}::int AS n`)).rows).toEqual([{ n }]);
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = 'SELECT $1::int AS n'");
      expect(rows[0].n).toBe(1);
    } finally {
      client.release();
    }
  });
});
