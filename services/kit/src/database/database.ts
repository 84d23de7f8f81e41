import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import { Pool, type PoolClient, type QueryConfig } from 'pg';

export type Database = NodePgDatabase<Record<string, unknown>>;

/** Statement names by text (drizzle writes the same text for the same query, its values as parameters). */
const statementNames = new Map<string, string>();
const MAX_NAMED = 5_000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED) statementNames.set(text, (name = `s${createHash('sha1').update(text).digest('base64url')}`));
  return name;
}

/**
 * Every query with parameters runs as a named statement (its name from its text), so each connection parses it once
 * and PostgreSQL may keep its plan: planning was a third of the database's CPU at checkout, every statement of the
 * kit's and the services' planned again on each call. Queries without parameters (BEGIN, COMMIT, LISTEN, DDL) stay
 * as they are.
 */
function namingStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const asked: QueryConfig | undefined = typeof config === 'string' ? { text: config } : config && typeof config === 'object' ? (config as QueryConfig) : undefined;
    const parameterised = (Array.isArray(values) && values.length > 0) || (asked?.values?.length ?? 0) > 0;
    const name = asked && !asked.name && typeof asked.text === 'string' && parameterised ? statementName(asked.text) : undefined;
    return name ? query({ ...asked, name }, values, callback) : query(config, values, callback);
  };
}

export function createPool(url: string, applicationName: string): Pool {
  const pool = new Pool({ connectionString: url, max: 10, application_name: applicationName, idleTimeoutMillis: 30_000 });
  pool.on('connect', namingStatements);
  return pool;
}

/** Listeners of each pool's committed transactions (`onCommit`). */
const commitListeners = new WeakMap<Pool, Set<() => void>>();

/**
 * Calls `listener` after each transaction of this process that commits through a `createDatabase(pool)` database,
 * whoever wrote it: what this process keeps from the database (a live index) looks again before its next read,
 * without waiting for the change feed's notification and without each writer having to say so. Returns the
 * unsubscribe.
 */
export function onCommit(pool: Pool, listener: () => void): () => void {
  let listeners = commitListeners.get(pool);
  if (!listeners) commitListeners.set(pool, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A database over `pool` whose transactions tell no `onCommit` listener: for the kit's own bookkeeping (the outbox
 * relay claims and marks its rows every poll), which changes nothing a live index holds; through `createDatabase` each
 * empty poll would send every index back to the feed before its next read.
 */
export const bookkeepingDatabase = (pool: Pool): Database => drizzle(pool);

/** The service's database over `pool`; its transactions tell `onCommit` listeners when they commit. */
export function createDatabase(pool: Pool): Database {
  const db = drizzle(pool);
  const transaction = db.transaction.bind(db);
  db.transaction = async (work, config) => {
    const result = await transaction(work, config);
    for (const listener of commitListeners.get(pool) ?? []) listener();
    return result;
  };
  return db;
}

/**
 * Applies the service's committed migrations, tracked in its own schema. An advisory lock keyed on the
 * schema lets several copies of a service start at once without racing.
 */
export async function runMigrations(pool: Pool, schema: string, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await migrate(drizzle(client), { migrationsFolder, migrationsSchema: schema, migrationsTable: '__migrations' });
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]).catch(() => undefined);
    client.release();
  }
}
