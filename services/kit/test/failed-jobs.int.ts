import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { listFailedJobs, queueNames, retryFailedJobs } from '../src/ops/failed-jobs';
import { waitFor } from '../src/testing';

/**
 * Issue 32, nothing lost: a BullMQ job that failed for good is listed by the operator's tool (without its data) and,
 * once its cause is mended, tried again and done.
 */
const PREFIX = 'bull-kittest_failed';
const QUEUE = 'kittest-sends';

describe('failed jobs: listed and retried', () => {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const workerRedis = redis.duplicate();
  let queue: Queue;
  let worker: Worker;
  let broken = true;
  const done: string[] = [];

  beforeAll(async () => {
    const stale = await redis.keys(`${PREFIX}:*`);
    if (stale.length) await redis.del(...stale);
    queue = new Queue(QUEUE, { connection: redis, prefix: PREFIX });
    worker = new Worker(QUEUE, async (job) => {
      if (broken) throw new Error('the SMTP server said no');
      done.push(job.id!);
    }, { connection: workerRedis, prefix: PREFIX });
  });

  afterAll(async () => {
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    redis.disconnect();
    workerRedis.disconnect();
  });

  it('lists the jobs that failed for good, and a retry of one, then of all, runs them again', async () => {
    await queue.add('send', { to: 'dana@example.co.il' }, { jobId: 'a', attempts: 2, backoff: { type: 'fixed', delay: 10 } });
    await queue.add('send', { to: 'noa@example.co.il' }, { jobId: 'b', attempts: 1 });
    await waitFor('both failed', () => queue.getFailedCount(), { until: (n) => n === 2, timeoutMs: 10_000 });

    expect(await queueNames(redis, PREFIX)).toEqual([QUEUE]);
    const failed = await listFailedJobs(redis, PREFIX, [QUEUE]);
    expect(failed.map((j) => ({ id: j.id, attempts: j.attempts, reason: j.reason })).sort((x, y) => x.id.localeCompare(y.id)))
      .toEqual([{ id: 'a', attempts: 2, reason: 'the SMTP server said no' }, { id: 'b', attempts: 1, reason: 'the SMTP server said no' }]);
    expect(JSON.stringify(failed)).not.toContain('example.co.il');

    broken = false;
    expect(await retryFailedJobs(redis, PREFIX, QUEUE, ['a'])).toBe(1);
    await waitFor('a done', async () => done.includes('a'), { until: Boolean, timeoutMs: 10_000 });
    await expect(retryFailedJobs(redis, PREFIX, QUEUE, ['a'])).rejects.toThrow('not a failed job');
    expect(await retryFailedJobs(redis, PREFIX, QUEUE, 'all')).toBe(1);
    await waitFor('b done', async () => done.includes('b'), { until: Boolean, timeoutMs: 10_000 });
    expect(await listFailedJobs(redis, PREFIX, [QUEUE])).toEqual([]);
  });
});
