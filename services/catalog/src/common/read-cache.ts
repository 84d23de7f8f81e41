import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@mc/kit';
import { sql } from 'drizzle-orm';

/** Most answers kept; a product list page is about 25 kB, so this stays in the tens of megabytes. */
const MAX_ENTRIES = 1000;
/** An answer is recomputed at least this often (the default order fades freshness with time). */
const MAX_AGE_MS = 60_000;

/**
 * Marks a change that reads can see: every write that changes an answer (products, tags, content,
 * the read models of pharm's data) calls it in its own transaction, so the change and the new version
 * commit together.
 */
export async function bumpReadVersion(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`INSERT INTO catalog.read_version (id, version, changed_at) VALUES (1, 1, now())
    ON CONFLICT (id) DO UPDATE SET version = catalog.read_version.version + 1, changed_at = now()`);
}

interface Entry {
  version: number;
  at: number;
  value: Promise<unknown>;
}

/**
 * Answers of reads, kept while nothing has changed: each read first asks the database for the current
 * version (one tiny query) and reuses an answer computed at that version. Exact across copies of the
 * service, since the version commits with the change; a read racing a change may store newer data under
 * the older version, which the next read simply recomputes. Concurrent misses of one key share one
 * computation.
 */
@Injectable()
export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = await this.version();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < MAX_AGE_MS) {
      // Re-inserted: the Map's order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = compute();
    this.entries.set(key, { version, at: now, value });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // A failed answer is not kept: the next read tries again.
    value.catch(() => { if (this.entries.get(key)?.value === value) this.entries.delete(key); });
    return value;
  }

  private async version(): Promise<number> {
    const { rows } = await this.db.execute<{ version: string | null }>(sql`SELECT (SELECT version FROM catalog.read_version WHERE id = 1) AS version`);
    return Number(rows[0].version ?? 0);
  }
}
