import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ISRAEL_TIME_ZONE } from '@mc/contracts';
import { LOGGER, PROBES, SERVICE_ENV, type ProcessProbes } from '@mc/kit';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import type { PharmEnv } from '../config';
import { israelDay } from '../companies/market-sql';
import { bullOptions } from '../common/bull';
import { StockDaysWriter } from './stock-days.writer';

export const STOCK_DAYS_QUEUE = 'stock-days';
const SCHEDULER_ID = 'daily-snapshot';
/** Every day at 00:05 in Israel: the new day's snapshot. */
export const STOCK_DAYS_PATTERN = '5 0 * * *';

/**
 * The daily stock snapshot (issue 29) on its own BullMQ queue, in pharm's worker process (`dist/stock-feed/worker.js`,
 * beside the stock feed): a job scheduler takes it at 00:05 Israel time, and the worker takes today's at start when it
 * is missing (a worker down at midnight catches up). Jobs of one day share an id, so copies of the worker take it once.
 */
@Injectable()
export class StockDaysWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: PharmEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(StockDaysWriter) private readonly writer: StockDaysWriter,
    @Inject(PROBES) private readonly probes: ProcessProbes,
  ) {}

  async onApplicationBootstrap() {
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'pharm-stock-days', maxRetriesPerRequest: null });
    this.queue = new Queue(STOCK_DAYS_QUEUE, bullOptions(this.env, this.connection));
    const opts = { attempts: 5, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: 100, removeOnFail: 100 };
    await this.queue.upsertJobScheduler(SCHEDULER_ID, { pattern: STOCK_DAYS_PATTERN, tz: ISRAEL_TIME_ZONE }, { name: 'snapshot', opts });
    if (!(await this.writer.hasToday())) {
      // Removed once done: a worker started again the same day after the rows were lost takes the day again.
      await this.queue.add('snapshot', {}, { ...opts, jobId: `snapshot.${israelDay(new Date())}`, removeOnComplete: true });
    }
    this.worker = new Worker(STOCK_DAYS_QUEUE, () => this.writer.snapshot(), { ...bullOptions(this.env, this.connection), concurrency: 1 });
    this.worker.on('completed', (job, result: { day: string; products: number }) => this.logger.info({ job: job.id, ...result }, 'stock snapshot taken'));
    this.worker.on('failed', (job, err) => this.logger.warn({ job: job?.id, attempt: job?.attemptsMade, err: err.message }, 'stock snapshot failed'));
    this.worker.on('error', (err) => this.logger.error({ err: err.message }, 'stock-days worker error'));
    this.probes.watchQueue(this.queue, this.worker);
  }

  /** The queue (tests wait on its jobs). */
  get bull(): Queue {
    return this.queue!;
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
