import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { loadEnv, ServiceEnv } from '../config/env';

/** A BullMQ job that failed for good, as an operator sees it: which, when and why, never its data. */
export interface FailedJob {
  queue: string;
  id: string;
  name: string;
  attempts: number;
  reason: string;
  failedAt: string | null;
}

/** The queues of one database's prefix (`bull-<DATABASE_NAME>`): BullMQ keeps a `meta` hash per queue. */
export async function queueNames(redis: Redis, prefix: string): Promise<string[]> {
  const names = new Set<string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*:meta`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) names.add(key.slice(prefix.length + 1, -':meta'.length));
  } while (cursor !== '0');
  return [...names].sort();
}

/** The failed jobs of `queues`, newest first (at most `limit` per queue). */
export async function listFailedJobs(redis: Redis, prefix: string, queues: string[], limit = 100): Promise<FailedJob[]> {
  const failed: FailedJob[] = [];
  for (const name of queues) {
    const queue = new Queue(name, { connection: redis, prefix });
    for (const job of await queue.getFailed(0, limit - 1)) {
      if (!job?.id) continue;
      failed.push({
        queue: name, id: job.id, name: job.name, attempts: job.attemptsMade, reason: (job.failedReason ?? '').slice(0, 200),
        failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      });
    }
  }
  return failed;
}

/** Tries failed jobs of `queue` again (their attempts start over): `ids`, or every failed one. Answers how many. */
export async function retryFailedJobs(redis: Redis, prefix: string, queue: string, ids: string[] | 'all'): Promise<number> {
  const q = new Queue(queue, { connection: redis, prefix });
  if (ids === 'all') {
    const count = await q.getFailedCount();
    await q.retryJobs({ state: 'failed', count: 1000 });
    return count;
  }
  let retried = 0;
  for (const id of ids) {
    const job = await q.getJob(id);
    if (!job || !(await job.isFailed())) throw new Error(`job ${id} of ${queue} is not a failed job`);
    await job.retry('failed');
    retried++;
  }
  return retried;
}

const USAGE = 'usage: npm run failed-jobs -- list [queue] | retry <queue> <job id>…|all  (REDIS_URL, DATABASE_NAME)';

async function main([command, queue, ...ids]: string[]): Promise<void> {
  if (!(command === 'list' || (command === 'retry' && queue && ids.length))) throw new Error(USAGE);
  const env = loadEnv(ServiceEnv, process.env);
  const prefix = `bull-${env.DATABASE_NAME}`;
  const redis = new Redis(env.REDIS_URL, { connectionName: 'operator-failed-jobs', maxRetriesPerRequest: null });
  try {
    if (command === 'list') {
      const jobs = await listFailedJobs(redis, prefix, queue ? [queue] : await queueNames(redis, prefix));
      console.log(jobs.length ? jobs.map((j) => JSON.stringify(j)).join('\n') : 'no failed jobs');
      return;
    }
    console.log(`retried ${await retryFailedJobs(redis, prefix, queue, ids[0] === 'all' ? 'all' : ids)} job(s) of ${queue}`);
  } finally {
    redis.disconnect();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
