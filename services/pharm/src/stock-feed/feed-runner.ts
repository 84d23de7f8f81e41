import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, DATABASE, feedSigner, feedSpoolPath, LOGGER, sameSignature, SERVICE_ENV, type Database, type Tx } from '@mc/kit';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PharmEnv } from '../config';
import { pharmacies, productsView, stockFeedPartners, stockFeedRejections, stockFeeds } from '../db/schema';
import { OfferChanges } from '../offers/offer-changes';
import { FeedOffersWriter } from './feed-offers.writer';
import { FeedPartners } from './feed-partners';
import { checkRow, headerProblem, isRejection, type FeedRefs, type FeedRow } from './feed-rows';
import { digestFile, feedRecords } from './feed-file';

type Feed = typeof stockFeeds.$inferSelect;
type Rejection = { line: number; reason: string };

/** The run was asked to stop (the worker is shutting down): the feed resumes after its last committed chunk. */
export class FeedInterrupted extends Error {}

const REJECTIONS_PER_INSERT = 1000;
const RETRIED_SQLSTATES = new Set(['40P01', '40001']);

/**
 * Runs one feed to its end: checks a push's bytes against its id and the partner's signature, checks every row (a feed
 * with too many bad rows is refused whole, before anything is applied), then applies the good rows in chunks, each
 * chunk and the feed's progress in one transaction. Safe to run again at any point: a finished feed is left alone and
 * an unfinished one resumes after its last committed chunk.
 */
@Injectable()
export class FeedRunner {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(FeedPartners) private readonly partners: FeedPartners,
    @Inject(FeedOffersWriter) private readonly writer: FeedOffersWriter,
    @Inject(OfferChanges) private readonly changes: OfferChanges,
  ) {}

  async run(partner: string, feedId: string, stopping: () => boolean = () => false): Promise<Feed['state'] | null> {
    const feed = await this.load(partner, feedId);
    const path = feedSpoolPath(this.partners.spoolDir, partner, feedId);
    if (!feed || feed.state === 'done' || feed.state === 'refused') {
      // The same bytes again (a replayed push, an unchanged pull): nothing to do, and nothing to keep.
      if (feed) await rm(path, { force: true });
      return feed?.state ?? null;
    }
    if (await this.paused(partner)) {
      await this.setState(feed, { state: 'paused' });
      return 'paused';
    }
    if (!existsSync(path)) return this.refuse(feed, 'the feed file is gone', path);
    const started = this.clock.now().getTime();
    if (!feed.validatedAt) {
      const problem = await this.validate(feed, path);
      if (problem) return this.refuse(feed, problem, path);
    }
    await this.setState(feed, { state: 'applying' });
    if ((await this.apply((await this.load(partner, feedId))!, path, stopping)) === 'paused') {
      await this.setState(feed, { state: 'paused' });
      return 'paused';
    }
    await this.setState(feed, { state: 'done', finishedAt: this.clock.now() });
    await rm(path, { force: true });
    const done = (await this.load(partner, feedId))!;
    this.logger.info({ partner, feedId, rows: done.rows, applied: done.applied, unchanged: done.unchanged, rejected: done.rejected, ms: this.clock.now().getTime() - started }, 'stock feed applied');
    return 'done';
  }

  /** Null when the feed may be applied (its rejections stored); otherwise why it is refused whole. */
  private async validate(feed: Feed, path: string): Promise<string | null> {
    await this.setState(feed, { state: 'validating' });
    if (feed.origin === 'push') {
      const secret = this.partners.all.get(feed.partner)?.secret;
      if (!secret || feed.signedAt === null || !feed.signature) return 'the partner is not configured';
      const [sha, signature] = await digestFile(path, createHash('sha256'), feedSigner(secret, feed.signedAt));
      if (sha !== feed.id) return 'the stored bytes are not the feed';
      if (!sameSignature(signature, feed.signature)) return 'the signature does not match the bytes';
    }
    const refs = await this.refs();
    let rows = 0;
    let rejected = 0;
    let pending: Rejection[] = [];
    const flush = async () => {
      await this.storeRejections(this.db, feed, pending);
      pending = [];
    };
    try {
      for await (const item of this.rows(path, refs, feed)) {
        if ('refused' in item) return item.refused;
        rows++;
        if (isRejection(item.checked)) {
          rejected++;
          pending.push({ line: item.line, reason: item.checked.reason });
          if (pending.length >= REJECTIONS_PER_INSERT) await flush();
        }
      }
    } catch (err) {
      return `the file cannot be read: ${(err as Error).message}`;
    }
    await flush();
    await this.db.update(stockFeeds).set({ rows, rejected, validatedAt: this.clock.now(), signature: null })
      .where(and(eq(stockFeeds.partner, feed.partner), eq(stockFeeds.id, feed.id)));
    if (rows === 0) return 'the feed has no rows';
    if (rejected / rows > this.env.FEED_MAX_BAD_SHARE) {
      return `${rejected} of ${rows} rows are bad: more than ${Math.round(this.env.FEED_MAX_BAD_SHARE * 100)}%`;
    }
    return null;
  }

  /** Applies the rows after the last committed chunk; stops early, between chunks, when the operator pauses the partner. */
  private async apply(feed: Feed, path: string, stopping: () => boolean): Promise<'done' | 'paused'> {
    const refs = await this.refs();
    let chunk: FeedRow[] = [];
    let lastLine = feed.linesDone;
    const commit = async () => {
      await this.commitChunk(feed, chunk, lastLine);
      chunk = [];
    };
    for await (const item of this.rows(path, refs, feed)) {
      if ('refused' in item || item.line <= feed.linesDone) continue;
      if (!chunk.length && stopping()) throw new FeedInterrupted(`stopped after line ${lastLine}`);
      lastLine = item.line;
      // A row found bad was stored as rejected when the feed was checked.
      if (!isRejection(item.checked)) chunk.push(item.checked);
      if (chunk.length >= this.env.FEED_CHUNK_ROWS) {
        await commit();
        if (await this.paused(feed.partner)) return 'paused';
      }
    }
    if (chunk.length || lastLine > feed.linesDone) await commit();
    return 'done';
  }

  /** The chunk's offers, its new rejections and the feed's progress, in one transaction (retried on a deadlock). */
  private async commitChunk(feed: Feed, chunk: FeedRow[], lastLine: number): Promise<void> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.transaction(async (tx) => {
          const outcome = await this.writer.applyChunk(tx, chunk, this.clock.now());
          const rejected = await this.storeRejections(tx, feed, outcome.rejections);
          await tx.update(stockFeeds).set({
            linesDone: lastLine,
            applied: sql`${stockFeeds.applied} + ${outcome.applied}`,
            unchanged: sql`${stockFeeds.unchanged} + ${outcome.unchanged}`,
            rejected: sql`${stockFeeds.rejected} + ${rejected}`,
          }).where(and(eq(stockFeeds.partner, feed.partner), eq(stockFeeds.id, feed.id)));
        });
        this.changes.committed();
        this.logger.debug({ feedId: feed.id, rows: chunk.length, lastLine, ms: Date.now() - started }, 'stock feed chunk committed');
        return;
      } catch (err) {
        const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        if (attempt >= 3 || !code || !RETRIED_SQLSTATES.has(code)) throw err;
      }
    }
  }

  /** The feed's rows after its header, each checked; or why the whole file is refused (not CSV, not the feed's header). */
  private async *rows(path: string, refs: FeedRefs, feed: Feed): AsyncGenerator<{ refused: string } | { line: number; checked: FeedRow | { reason: string } }> {
    // The same moment for every pass over the feed, so a row judged once is judged the same when the worker resumes.
    const nowMs = feed.receivedAt.getTime();
    let header = true;
    for await (const item of feedRecords(path)) {
      if (header) {
        const problem = 'unreadable' in item ? 'the file is not CSV' : headerProblem(item.record);
        if (problem) return yield { refused: problem };
        header = false;
      } else if ('unreadable' in item) {
        yield { line: item.line, checked: { reason: `not readable as CSV: ${item.unreadable}` } };
      } else {
        yield { line: item.line, checked: checkRow(item.record, item.line, refs, nowMs) };
      }
    }
  }

  private async refs(): Promise<FeedRefs> {
    const pharms = await this.db.select({ id: pharmacies.id, slug: pharmacies.slug, code: pharmacies.partnerCode }).from(pharmacies).where(isNotNull(pharmacies.partnerCode));
    const products = await this.db.select({ slug: productsView.slug, id: productsView.yarpaProductId, estimatedPrice: productsView.estimatedPrice })
      .from(productsView).where(and(isNotNull(productsView.yarpaProductId), eq(productsView.deleted, false)));
    return {
      pharmacies: new Map(pharms.map((p) => [p.code!, { id: p.id, slug: p.slug }])),
      products: new Map(products.map((p) => [p.id!, { slug: p.slug, estimatedPrice: p.estimatedPrice }])),
    };
  }

  /** Stores rejections not stored yet (a resumed run meets some again); returns how many were new. */
  private async storeRejections(db: Database | Tx, feed: Feed, rejections: Rejection[]): Promise<number> {
    if (!rejections.length) return 0;
    const stored = await db.insert(stockFeedRejections)
      .values(rejections.map((r) => ({ partner: feed.partner, feedId: feed.id, line: r.line, reason: r.reason })))
      .onConflictDoNothing().returning({ line: stockFeedRejections.line });
    return stored.length;
  }

  private async refuse(feed: Feed, reason: string, path: string): Promise<'refused'> {
    await this.setState(feed, { state: 'refused', reason, finishedAt: this.clock.now(), signature: null });
    await rm(path, { force: true });
    this.logger.warn({ partner: feed.partner, feedId: feed.id, reason }, 'stock feed refused');
    return 'refused';
  }

  private async paused(partner: string): Promise<boolean> {
    const [row] = await this.db.select({ paused: stockFeedPartners.paused }).from(stockFeedPartners).where(eq(stockFeedPartners.id, partner));
    return row?.paused ?? false;
  }

  private load(partner: string, feedId: string): Promise<Feed | undefined> {
    return this.db.select().from(stockFeeds).where(and(eq(stockFeeds.partner, partner), eq(stockFeeds.id, feedId))).then((r) => r[0]);
  }

  private async setState(feed: Feed, change: Partial<Feed>): Promise<void> {
    await this.db.update(stockFeeds).set(change).where(and(eq(stockFeeds.partner, feed.partner), eq(stockFeeds.id, feed.id)));
  }
}
