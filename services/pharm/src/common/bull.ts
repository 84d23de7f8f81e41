import type Redis from 'ioredis';
import type { PharmEnv } from '../config';

/** BullMQ options shared by every queue of pharm (the stock feed, the daily stock snapshot): producers and workers alike. */
export const bullOptions = (env: PharmEnv, connection: Redis) => ({
  connection,
  // One queue per database: test runs and a local stack share this Redis and must not take each other's jobs.
  prefix: `bull-${env.DATABASE_NAME}`,
});
