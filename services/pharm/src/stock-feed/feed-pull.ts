import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, DATABASE, feedSpoolPath, SERVICE_ENV, type Database, type FeedPartner } from '@mc/kit';
import { eq } from 'drizzle-orm';
import type { PharmEnv } from '../config';
import { stockFeedPartners, stockFeeds } from '../db/schema';
import { FeedPartners } from './feed-partners';
import { StockFeedQueue } from './stock-feed.queue';

const PULL_TIMEOUT_MS = 10 * 60_000;

/**
 * A scheduled pull of a partner's feed URL: a conditional GET (the last answer's ETag and Last-Modified), the body
 * streamed into the spool under its SHA-256, then queued like a push. A failure is thrown (BullMQ tries again with
 * backoff) and kept as the partner's last pull error; the data already applied stays.
 */
@Injectable()
export class FeedPull {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(FeedPartners) private readonly partners: FeedPartners,
    @Inject(StockFeedQueue) private readonly queue: StockFeedQueue,
  ) {}

  /** Pulls once; answers the new feed's id, or null when paused or nothing changed. */
  async pull(partner: FeedPartner): Promise<string | null> {
    await this.db.insert(stockFeedPartners).values({ id: partner.id }).onConflictDoNothing();
    const [state] = await this.db.select().from(stockFeedPartners).where(eq(stockFeedPartners.id, partner.id));
    if (state.paused || !partner.url) return null;
    try {
      const feedId = await this.fetchFeed(partner, state);
      await this.db.update(stockFeedPartners).set({ lastPullAt: this.clock.now(), lastPullError: null }).where(eq(stockFeedPartners.id, partner.id));
      return feedId;
    } catch (err) {
      await this.db.update(stockFeedPartners).set({ lastPullAt: this.clock.now(), lastPullError: (err as Error).message.slice(0, 500) })
        .where(eq(stockFeedPartners.id, partner.id));
      throw err;
    }
  }

  private async fetchFeed(partner: FeedPartner, state: typeof stockFeedPartners.$inferSelect): Promise<string | null> {
    const headers: Record<string, string> = {};
    if (state.etag) headers['if-none-match'] = state.etag;
    if (state.lastModified) headers['if-modified-since'] = state.lastModified;
    const res = await fetch(partner.url!, { headers, signal: AbortSignal.timeout(PULL_TIMEOUT_MS) });
    if (res.status === 304) return null;
    if (!res.ok || !res.body) throw new Error(`the partner answered ${res.status}`);
    const dir = dirname(feedSpoolPath(this.partners.spoolDir, partner.id, 'x'));
    await mkdir(dir, { recursive: true });
    const temp = `${dir}/.pull-${randomUUID()}`;
    const hash = createHash('sha256');
    let bytes = 0;
    const max = this.env.FEED_MAX_BYTES;
    try {
      await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > max) return done(new Error(`the feed is larger than ${max} bytes`));
          hash.update(chunk);
          done(null, chunk);
        },
      }), createWriteStream(temp));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    const feedId = hash.digest('hex');
    await rename(temp, feedSpoolPath(this.partners.spoolDir, partner.id, feedId));
    await this.db.insert(stockFeeds).values({ partner: partner.id, id: feedId, origin: 'pull', receivedAt: this.clock.now() }).onConflictDoNothing();
    await this.db.update(stockFeedPartners).set({ etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') })
      .where(eq(stockFeedPartners.id, partner.id));
    await this.queue.apply({ partner: partner.id, feedId });
    return feedId;
  }
}
