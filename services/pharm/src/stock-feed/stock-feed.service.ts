import { existsSync } from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import {
  Messages, STOCK_FEED_REJECTIONS_SHOWN,
  type StockFeedAccepted, type StockFeedPartner, type StockFeedRejectionsPage, type StockFeedRejectionsRequest, type StockFeedStatus,
  type StockFeedStatusRequest, type StockFeedSubmitCommand,
} from '@mc/contracts';
import { badRequest, Clock, DATABASE, feedSpoolPath, LOGGER, notFound, OutboxRelay, OutboxWriter, type Caller, type Database } from '@mc/kit';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { stockFeedPartners, stockFeedRejections, stockFeeds } from '../db/schema';
import { recordAudit } from '../common/audit';
import { FeedPartners } from './feed-partners';
import { StockFeedQueue } from './stock-feed.queue';

const REJECTIONS_PAGE = 5000;

/** Pharm's side of the partner's calls (through the gateway) and of the operator's switch. */
@Injectable()
export class StockFeedService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(FeedPartners) private readonly partners: FeedPartners,
    @Inject(StockFeedQueue) private readonly queue: StockFeedQueue,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  /** A pushed feed the gateway stored: recorded (once, by its id) and queued for the worker, which checks its signature. */
  async submit(command: StockFeedSubmitCommand): Promise<StockFeedAccepted> {
    const partner = this.partners.known(command);
    if (!existsSync(feedSpoolPath(this.partners.spoolDir, partner.id, command.feedId))) throw badRequest(Messages.badRequest);
    await this.db.insert(stockFeeds).values({
      partner: partner.id, id: command.feedId, origin: 'push', signedAt: command.timestamp, signature: command.signature, receivedAt: this.clock.now(),
    }).onConflictDoNothing();
    // Queued even when known: the worker leaves a finished feed as it is and removes its file stored again.
    await this.queue.apply({ partner: partner.id, feedId: command.feedId });
    return { jobId: command.feedId };
  }

  async status(request: StockFeedStatusRequest): Promise<StockFeedStatus> {
    const feed = await this.feedOf(request);
    const rejections = await this.rejectionsAfter(feed.partner, feed.id, 0, STOCK_FEED_REJECTIONS_SHOWN);
    return { state: feed.state, applied: feed.applied, unchanged: feed.unchanged, rejected: feed.rejected, rejections, ...(feed.reason ? { reason: feed.reason } : {}) };
  }

  async rejections(request: StockFeedRejectionsRequest): Promise<StockFeedRejectionsPage> {
    const feed = await this.feedOf(request);
    const rejections = await this.rejectionsAfter(feed.partner, feed.id, request.afterLine, REJECTIONS_PAGE + 1);
    const more = rejections.length > REJECTIONS_PAGE;
    const page = rejections.slice(0, REJECTIONS_PAGE);
    return { rejections: page, nextAfterLine: more ? page[page.length - 1].line : null };
  }

  async partnersList(): Promise<{ partners: StockFeedPartner[] }> {
    const ids = [...this.partners.all.keys()];
    if (!ids.length) return { partners: [] };
    const states = new Map((await this.db.select().from(stockFeedPartners).where(inArray(stockFeedPartners.id, ids))).map((s) => [s.id, s]));
    const partners = await Promise.all(ids.map(async (id): Promise<StockFeedPartner> => {
      const state = states.get(id);
      const [last] = await this.db.select({ receivedAt: stockFeeds.receivedAt, state: stockFeeds.state }).from(stockFeeds)
        .where(eq(stockFeeds.partner, id)).orderBy(desc(stockFeeds.receivedAt)).limit(1);
      return {
        id, paused: state?.paused ?? false, pulls: Boolean(this.partners.all.get(id)!.url),
        lastPullAt: state?.lastPullAt?.toISOString() ?? null, lastPullError: state?.lastPullError ?? null,
        lastFeedAt: last?.receivedAt.toISOString() ?? null, lastFeedState: last?.state ?? null,
      };
    }));
    return { partners };
  }

  /**
   * The operator's switch: a paused partner's feeds wait (the one in hand stops after its chunk); resuming queues them
   * again. The switch and its record (`feed-partner.paused`, before and after) commit together.
   */
  async pause(partnerId: string, paused: boolean, caller: Caller): Promise<StockFeedPartner> {
    if (!this.partners.all.has(partnerId)) throw notFound(Messages.feedPartnerNotFound);
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select({ paused: stockFeedPartners.paused }).from(stockFeedPartners).where(eq(stockFeedPartners.id, partnerId)).for('update');
      await tx.insert(stockFeedPartners).values({ id: partnerId, paused }).onConflictDoUpdate({ target: stockFeedPartners.id, set: { paused } });
      await recordAudit(this.outbox, tx, {
        action: 'feed-partner.paused', actorId: caller.userId, targetKind: 'feed-partner', targetId: partnerId, targetLabel: partnerId,
        before: { paused: current?.paused ?? false }, after: { paused }, at: this.clock.now(),
      });
    });
    this.relay.poke();
    this.logger.info({ partner: partnerId, paused, by: caller.userId }, 'stock feed partner switched');
    if (!paused) {
      const waiting = await this.db.select({ id: stockFeeds.id }).from(stockFeeds)
        .where(and(eq(stockFeeds.partner, partnerId), inArray(stockFeeds.state, ['paused', 'queued', 'validating', 'applying'])));
      for (const feed of waiting) await this.queue.apply({ partner: partnerId, feedId: feed.id });
    }
    return (await this.partnersList()).partners.find((p) => p.id === partnerId)!;
  }

  private async feedOf(request: StockFeedStatusRequest) {
    const partner = this.partners.verify(request);
    const [feed] = await this.db.select().from(stockFeeds).where(and(eq(stockFeeds.partner, partner.id), eq(stockFeeds.id, request.jobId)));
    if (!feed) throw notFound(Messages.feedNotFound);
    return feed;
  }

  private rejectionsAfter(partner: string, feedId: string, afterLine: number, limit: number) {
    return this.db.select({ line: stockFeedRejections.line, reason: stockFeedRejections.reason }).from(stockFeedRejections)
      .where(and(eq(stockFeedRejections.partner, partner), eq(stockFeedRejections.feedId, feedId), gt(stockFeedRejections.line, afterLine)))
      .orderBy(asc(stockFeedRejections.line)).limit(limit);
  }
}
