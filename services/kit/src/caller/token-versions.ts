import { TOKEN_VERSIONS_BUCKET, TOKEN_VERSIONS_TTL_SECONDS } from '@mc/contracts';
import type { KvEntry, NatsConnection, QueuedIterator } from 'nats';
import type { Logger } from 'pino';

/** How long to wait before opening the bucket again (it does not exist yet, or the watch ended). */
const RETRY_MS = 1000;
/** How often entries older than the bucket's TTL are dropped from memory (the bucket forgets them without telling). */
const PRUNE_EVERY_MS = 60_000;

/**
 * The current token version of each account whose version grew lately, as identity writes them to the JetStream
 * Key-Value bucket `token_versions`: watched (an ordered consumer, `kv.watch`) into memory, so the kit's caller
 * check refuses a token older than its account's version with no call to identity. Only reads: identity alone
 * creates and writes the bucket; a process started before it exists opens it again every second until it does.
 */
export class TokenVersions {
  private readonly versions = new Map<number, { version: number; at: number }>();
  private iterator?: QueuedIterator<KvEntry>;
  private stopped = false;
  private lastPrune = Date.now();
  private settle!: () => void;
  /** Resolves once the bucket's current values are in memory, or the first attempt to open it failed (nothing to wait for). */
  readonly ready = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(
    private readonly nc: NatsConnection,
    private readonly logger?: Logger,
    private readonly options: { retryMs?: number; ttlMs?: number; /** Tests: another bucket. */ bucket?: string } = {},
  ) {}

  /** Starts watching (in the background; see `ready`). */
  start(): this {
    void this.run();
    return this;
  }

  /** Nest stops a provider of it with the application. */
  onApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.iterator?.stop();
    this.settle();
  }

  /** The account's version as last written, if it grew within the bucket's TTL. */
  current(userId: number): number | undefined {
    return this.versions.get(userId)?.version;
  }

  /** Whether a token of `userId` with version `ver` is older than the account's current version. */
  isStale(userId: number, ver: number): boolean {
    const current = this.current(userId);
    return current !== undefined && ver < current;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const kv = await this.nc.jetstream({ checkAPI: false }).views.kv(this.options.bucket ?? TOKEN_VERSIONS_BUCKET, { bindOnly: true });
        const iterator = await kv.watch({ initializedFn: () => this.settle() });
        this.iterator = iterator;
        if (this.stopped) iterator.stop();
        for await (const entry of iterator) this.apply(entry);
      } catch (err) {
        if (!this.stopped) this.logger?.debug({ err }, `${TOKEN_VERSIONS_BUCKET} not watched yet`);
      }
      this.settle();
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? RETRY_MS).unref?.());
    }
  }

  private apply(entry: KvEntry): void {
    const userId = Number(entry.key);
    if (!Number.isSafeInteger(userId)) return;
    if (entry.operation !== 'PUT') {
      this.versions.delete(userId);
      return;
    }
    const version = Number(entry.string());
    if (!Number.isSafeInteger(version)) return;
    const known = this.versions.get(userId);
    // Versions only grow: a late copy of an older value never lowers the one kept.
    if (!known || version >= known.version) this.versions.set(userId, { version, at: entry.created.getTime() });
    this.prune();
  }

  private prune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const ttl = this.options.ttlMs ?? TOKEN_VERSIONS_TTL_SECONDS * 1000;
    for (const [userId, { at }] of this.versions) if (now - at > ttl) this.versions.delete(userId);
  }
}
