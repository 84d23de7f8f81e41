import { HttpException } from '@nestjs/common';
import { ErrorCodes, Messages } from '@mc/contracts';
import type Redis from 'ioredis';

export interface RateLimit {
  /** Requests allowed per window. */
  count: number;
  windowSeconds: number;
}

/** Counts one request against `key` in Redis (a fixed window); over the limit answers 429 with a Hebrew message. */
export async function hitRateLimit(redis: Redis, key: string, limit: RateLimit): Promise<void> {
  const results = await redis.multi().set(`rate:${key}`, 0, 'EX', limit.windowSeconds, 'NX').incr(`rate:${key}`).exec();
  if (Number(results?.[1]?.[1] ?? 0) > limit.count) {
    throw new HttpException({ statusCode: 429, code: ErrorCodes.tooManyRequests, message: Messages.tooManyRequests }, 429);
  }
}
