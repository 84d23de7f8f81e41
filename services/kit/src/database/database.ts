import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';

export type Database = NodePgDatabase<Record<string, unknown>>;

export function createPool(url: string, applicationName: string): Pool {
  return new Pool({ connectionString: url, max: 10, application_name: applicationName, idleTimeoutMillis: 30_000 });
}

export function createDatabase(pool: Pool): Database {
  return drizzle(pool);
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
