import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { onCommit } from '../database/database';
import { listenTo } from '../database/notifications';

/**
 * The DDL of a schema's change feed: a `changes` table that triggers fill in the writing transaction, one row per
 * changed row of a watched table (`entity`, and the row's `key` as text), and a notification on `<schema>_changes`
 * at commit. A service's migration holds this text for its own schema, then one trigger per watched table:
 *
 *   CREATE OR REPLACE TRIGGER pharm_products_changes AFTER INSERT OR UPDATE OR DELETE ON pharm.pharm_products
 *     FOR EACH ROW EXECUTE FUNCTION pharm.note_change('offer', 'id');
 *
 * (`'offer'` names the entity, `'id'` the column whose value is its key; a table whose rows belong to another
 * entity, such as a product's tags, names that entity and its key column: `('product', 'product_id')`).
 * Each row carries its transaction's id, so a reader can ask for everything committed since its last look
 * without missing a transaction that began earlier and committed later (see `ChangeFeed.read`).
 */
export function changeFeedDdl(schema: string): string {
  return `CREATE TABLE IF NOT EXISTS ${schema}.changes (
  xid bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  entity text NOT NULL,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS changes_xid_idx ON ${schema}.changes (xid);
CREATE INDEX IF NOT EXISTS changes_at_idx ON ${schema}.changes (at);
CREATE OR REPLACE FUNCTION ${schema}.note_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[1] END;
  new_key text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[1] END;
BEGIN
  IF old_key IS NOT NULL THEN INSERT INTO ${schema}.changes (entity, key) VALUES (TG_ARGV[0], old_key); END IF;
  IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
    INSERT INTO ${schema}.changes (entity, key) VALUES (TG_ARGV[0], new_key);
  END IF;
  PERFORM pg_notify('${schema}_changes', '');
  RETURN NULL;
END $$;`;
}

/** Changed keys by entity. */
export type Changes = Map<string, Set<string>>;

/**
 * Where a reader stands in the feed: every transaction before `horizon` is read, and of those from it on, the ones
 * in `seen` (a transaction's rows all become visible at its commit, so one seen is seen whole).
 */
export interface FeedCursor {
  horizon: string;
  seen: string[];
}

export interface ChangesSince {
  /** Where the next read starts. */
  cursor: FeedCursor;
  changes: Changes;
  /** How many keys in all. */
  count: number;
}

/** How long change rows are kept; a reader that has not looked for longer loads everything again. */
export const CHANGES_KEPT_MS = 10 * 60_000;

/**
 * A schema's change feed (`changeFeedDdl`): what changed since a cursor, and a signal at each commit that changed
 * something (LISTEN on its own connection, reopened after a failure).
 */
export class ChangeFeed {
  private stopListening?: () => Promise<void>;
  private unsubscribe?: () => void;
  private lastPrune = 0;

  constructor(private readonly pool: Pool, private readonly schema: string, private readonly logger: Logger) {}

  /**
   * Calls `onSignal` after each commit that changed a watched row, whenever the signal was lost for a while, and at
   * once after each transaction this process commits through the pool (`onCommit`: its own writes show in its next
   * read, before their notification arrives).
   */
  async listen(onSignal: () => void): Promise<void> {
    this.unsubscribe ??= onCommit(this.pool, onSignal);
    this.stopListening ??= await listenTo(this.pool, `${this.schema}_changes`, onSignal, this.logger);
  }

  /** The cursor before anything: a full load taken after it, plus the changes read from it, misses nothing. */
  async start(): Promise<FeedCursor> {
    const { rows } = await this.pool.query<{ horizon: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon');
    return { horizon: rows[0].horizon, seen: [] };
  }

  /**
   * Every change committed since `cursor`. The next horizon is the oldest transaction still running now, so a
   * transaction that began before this read and commits after it is read next time; the transactions read at or
   * past the horizon are remembered, so a long transaction elsewhere does not make the same changes read again.
   */
  async read(cursor: FeedCursor): Promise<ChangesSince> {
    const { rows } = await this.pool.query<{ horizon: string; xids: string[] | null; changes: { entity: string; keys: string[] }[] | null }>(
      `WITH fresh AS (SELECT xid, entity, key FROM ${this.schema}.changes WHERE xid >= $1::bigint AND xid <> ALL($2::bigint[]))
       SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon,
         (SELECT array_agg(DISTINCT xid::text) FROM fresh) AS xids,
         (SELECT json_agg(json_build_object('entity', entity, 'keys', keys))
           FROM (SELECT entity, array_agg(DISTINCT key) AS keys FROM fresh GROUP BY entity) e) AS changes`,
      [cursor.horizon, cursor.seen],
    );
    const { horizon, xids, changes: byEntity } = rows[0];
    const changes: Changes = new Map();
    let count = 0;
    for (const { entity, keys } of byEntity ?? []) {
      changes.set(entity, new Set(keys));
      count += keys.length;
    }
    const seen = [...cursor.seen, ...(xids ?? [])].filter((xid) => BigInt(xid) >= BigInt(horizon));
    await this.pruneNowAndThen();
    return { cursor: { horizon, seen }, changes, count };
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  /** Once a minute per process: rows older than CHANGES_KEPT_MS go. */
  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrune < 60_000) return;
    this.lastPrune = Date.now();
    await this.pool.query(`DELETE FROM ${this.schema}.changes WHERE at < now() - make_interval(secs => $1)`, [CHANGES_KEPT_MS / 1000]);
  }
}
