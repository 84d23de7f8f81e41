import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DATABASE, LOGGER, PROBES, repeatEvery, SERVICE_ENV, type Database, type ProcessProbes, type Repeating } from '@mc/kit';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { and, asc, inArray, lt } from 'drizzle-orm';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import type { PharmEnv } from '../config';
import { FeedPartners } from './feed-partners';
import { FeedPull } from './feed-pull';
import { FeedRunner } from './feed-runner';
import { bullOptions } from '../common/bull';
import { stockFeeds } from '../db/schema';
import { applyJobId, STOCK_FEED_QUEUE, StockFeedQueue, type StockFeedJob, type StockFeedPullJob } from './stock-feed.queue';

const pullSchedulerId = (partner: string) => `pull.${partner}`;
/** A feed not finished this long after it came, whose job Redis no longer has, was lost by Redis. */
const LOST_AFTER_MS = 60_000;

/**
 * The stock-feed worker's BullMQ consumer (its own process: `dist/stock-feed/worker.js`). It applies queued feeds one
 * at a time and pulls each partner that has a URL on its schedule. On SIGTERM the feed in hand stops after its current
 * chunk and is taken up again (by this or another worker) after its last committed chunk; a worker that died
 * holds its feed for FEED_LOCK_MS, then BullMQ gives it to another.
 */
@Injectable()
export class StockFeedWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;
  private connection?: Redis;
  private stopping = false;
  private sweep?: Repeating;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(FeedPartners) private readonly partners: FeedPartners,
    @Inject(FeedRunner) private readonly runner: FeedRunner,
    @Inject(FeedPull) private readonly puller: FeedPull,
    @Inject(StockFeedQueue) private readonly queue: StockFeedQueue,
    @Inject(PROBES) private readonly probes: ProcessProbes,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async onApplicationBootstrap() {
    await this.schedulePulls();
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'pharm-stock-feed-worker', maxRetriesPerRequest: null });
    this.worker = new Worker(STOCK_FEED_QUEUE, (job) => this.process(job), {
      ...bullOptions(this.env, this.connection), concurrency: 1, lockDuration: this.env.FEED_LOCK_MS, stalledInterval: this.env.FEED_LOCK_MS, maxStalledCount: 10,
    });
    this.worker.on('failed', (job, err) => this.logger.warn({ job: job?.id, attempt: job?.attemptsMade, err: err.message }, 'stock-feed job failed'));
    this.worker.on('error', (err) => this.logger.error({ err: err.message }, 'stock-feed worker error'));
    this.probes.watchQueue(this.queue.bull, this.worker);
    if (this.env.LOST_JOBS_SWEEP_MS > 0) {
      await this.requeueLost().catch((err: unknown) => this.logger.warn({ err }, 'looking for lost feeds failed'));
      this.sweep = repeatEvery(this.env.LOST_JOBS_SWEEP_MS, () => this.requeueLost(), (err) => this.logger.warn({ err }, 'looking for lost feeds failed'));
    }
    this.logger.info({ partners: [...this.partners.all.keys()] }, 'stock-feed worker ready');
  }

  private async process(job: Job): Promise<unknown> {
    if (job.name === 'pull') {
      const partner = this.partners.all.get((job.data as StockFeedPullJob).partner);
      if (!partner) throw new UnrecoverableError('the partner is no longer configured');
      return this.puller.pull(partner);
    }
    const { partner, feedId } = job.data as StockFeedJob;
    return this.runner.run(partner, feedId, () => this.stopping);
  }

  /**
   * Queues again the feeds stored as unfinished whose jobs Redis no longer has (a Redis restarted without its data):
   * each resumes after its last committed chunk. Answers how many.
   */
  async requeueLost(): Promise<number> {
    const unfinished = await this.db.select({ partner: stockFeeds.partner, feedId: stockFeeds.id }).from(stockFeeds)
      .where(and(inArray(stockFeeds.state, ['queued', 'validating', 'applying']), lt(stockFeeds.receivedAt, new Date(Date.now() - LOST_AFTER_MS))))
      .orderBy(asc(stockFeeds.receivedAt));
    let lost = 0;
    for (const feed of unfinished) {
      if (await this.queue.bull.getJob(applyJobId(feed.partner, feed.feedId))) continue;
      await this.queue.apply(feed);
      lost++;
    }
    if (lost) this.logger.warn({ lost }, 'feeds lost by Redis queued again');
    this.probes.countRequeued(STOCK_FEED_QUEUE, lost);
    return lost;
  }

  /** A repeatable pull per partner with a URL; schedulers of partners no longer pulled are removed. */
  private async schedulePulls(): Promise<void> {
    const bull = this.queue.bull;
    const wanted = new Set<string>();
    for (const partner of this.partners.all.values()) {
      if (!partner.url) continue;
      wanted.add(pullSchedulerId(partner.id));
      await bull.upsertJobScheduler(pullSchedulerId(partner.id), { every: partner.everyMs! }, {
        name: 'pull', data: { partner: partner.id } satisfies StockFeedPullJob,
        opts: { attempts: 5, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 100, removeOnFail: 100 },
      });
    }
    for (const scheduler of await bull.getJobSchedulers()) {
      if (scheduler.key && !wanted.has(scheduler.key)) await bull.removeJobScheduler(scheduler.key);
    }
  }

  async onApplicationShutdown() {
    this.stopping = true;
    this.sweep?.stop();
    await this.worker?.close();
    this.connection?.disconnect();
  }
}
