import type { Logger } from 'pino';
import { CHANGES_KEPT_MS, type ChangeFeed, type Changes, type FeedCursor } from './change-feed';

/** What a live index keeps in memory, and how it is loaded and brought up to date. */
export interface LiveSource<S> {
  /** Everything, from the database. */
  loadAll(): Promise<S>;
  /**
   * The rows of the changed keys, read again from the database, applied to `state` (a key whose row is gone is
   * removed). Must not yield to other work between its first change to `state` and its last: load first, then
   * apply synchronously, so a reader never sees half an update.
   */
  apply(state: S, changes: Changes): Promise<void>;
}

export interface LiveIndexOptions {
  /** Past this many changed keys, everything is loaded again rather than key by key. */
  reloadAbove?: number;
  /** A look at the feed at least this often even without a signal (a lost notification is found this late). */
  pollMs?: number;
}

/**
 * Rows of a service's own tables held in memory for its reads, PostgreSQL staying the source of truth: loaded
 * whole at start, then brought up to date from the schema's change feed before a read whenever a commit has
 * signalled a change (or `pollMs` has passed). Every copy of the service follows the same feed, so they answer
 * alike; a commit shows in the next read after its signal (well under a second), a transaction of this process at once
 * (the kit's `Database` signals it: `onCommit`). Concurrent readers share one update.
 */
export class LiveIndex<S> {
  /** Grows with every update that changed the state (a load, or changed keys applied): answers computed from it key on this. */
  version = 0;
  private state?: S;
  private cursor: FeedCursor = { horizon: '0', seen: [] };
  private checkedAt = 0;
  private dirty = true;
  private updating?: Promise<S>;
  private keeper?: NodeJS.Timeout;
  private readonly reloadAbove: number;
  private readonly pollMs: number;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly source: LiveSource<S>,
    private readonly logger: Logger,
    options: LiveIndexOptions = {},
  ) {
    this.reloadAbove = options.reloadAbove ?? 5000;
    this.pollMs = options.pollMs ?? 1000;
  }

  /**
   * Listens for changes and loads everything; resolves when reads can be answered. From then on it also keeps
   * current between reads (every `pollMs`), so a read rarely waits for changes and a quiet spell never outlasts
   * the feed's retention (after which the next read would load everything again).
   */
  async start(): Promise<void> {
    await this.feed.listen(() => { this.dirty = true; });
    await this.current();
    this.keeper = setInterval(() => void this.current().catch((err: unknown) => this.logger.warn({ err }, 'live index update failed')), this.pollMs);
    this.keeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.keeper);
    await this.feed.stop();
  }

  /** The state as of the latest signalled commit. */
  current(): Promise<S> {
    if (this.state && !this.dirty && Date.now() - this.checkedAt < this.pollMs) return Promise.resolve(this.state);
    // An update under way that began before the latest signal may have read the feed before that commit: wait for
    // it, then look again.
    if (this.updating && this.dirty) return this.updating.then(() => this.current(), () => this.current());
    this.updating ??= this.update().finally(() => { this.updating = undefined; });
    return this.updating;
  }

  /** Seconds since the state last caught up with the feed (its freshness; +Inf before it first loads). */
  ageSeconds(): number {
    return this.state ? (Date.now() - this.checkedAt) / 1000 : Number.POSITIVE_INFINITY;
  }

  /**
   * The next read looks at the feed first. A transaction of this process through its `Database` does this by itself
   * (`onCommit`); this is for a write that did not go through it.
   */
  invalidate(): void {
    this.dirty = true;
  }

  private async update(): Promise<S> {
    // Cleared before reading, so a signal that arrives during the read marks the next one.
    this.dirty = false;
    const startedAt = Date.now();
    try {
      if (!this.state || startedAt - this.checkedAt > CHANGES_KEPT_MS / 2) {
        const cursor = await this.feed.start();
        this.state = await this.source.loadAll();
        this.cursor = cursor;
        this.version++;
        this.logger.info({ ms: Date.now() - startedAt }, 'live index loaded');
      } else {
        const since = await this.feed.read(this.cursor);
        if (since.count > this.reloadAbove) this.state = await this.source.loadAll();
        else if (since.count) await this.source.apply(this.state, since.changes);
        if (since.count) this.version++;
        this.cursor = since.cursor;
      }
      this.checkedAt = startedAt;
      return this.state;
    } catch (err) {
      this.dirty = true;
      throw err;
    }
  }
}
