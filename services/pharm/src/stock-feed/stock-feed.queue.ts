import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SERVICE_ENV } from '@mc/kit';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { bullOptions } from '../common/bull';
import type { PharmEnv } from '../config';

export const STOCK_FEED_QUEUE = 'stock-feed';

/** A feed to apply (its row in `stock_feeds` says how far it is) or a partner to pull. */
export type StockFeedJob = { partner: string; feedId: string };
export type StockFeedPullJob = { partner: string };

export const applyJobId = (partner: string, feedId: string) => `apply.${partner}.${feedId}`;

/**
 * The `stock-feed` queue's producer side. A feed is queued by its id, so the same feed queued twice runs once; a run
 * that fails (the database away, the worker stopped) is tried again with backoff and resumes where it stopped.
 */
@Injectable()
export class StockFeedQueue implements OnModuleInit, OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue;

  constructor(@Inject(SERVICE_ENV) private readonly env: PharmEnv) {}

  onModuleInit() {
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'pharm-stock-feed', maxRetriesPerRequest: null });
    this.queue = new Queue(STOCK_FEED_QUEUE, bullOptions(this.env, this.connection));
  }

  get bull(): Queue {
    return this.queue!;
  }

  async apply(job: StockFeedJob): Promise<void> {
    await this.queue!.add('apply', job, {
      jobId: applyJobId(job.partner, job.feedId), attempts: 30, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: 1000,
    });
  }

  async onApplicationShutdown() {
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
