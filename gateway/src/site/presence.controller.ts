import { Body, Controller, HttpCode, HttpException, Inject, Injectable, OnApplicationShutdown, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes, Messages } from '@mc/contracts';
import { createRedis } from '@mc/kit';
import type Redis from 'ioredis';
import { GatewayEnv } from '../config';

/** How far back a visit counts as "watching now". */
export const PRESENCE_WINDOW_MS = 5 * 60_000;
const PAGE = /^\/(products|pharms)\/[a-z0-9-]{1,200}$/;
const VISITOR = /^[A-Za-z0-9-]{8,64}$/;

/** The gateway's Redis connection (ephemeral counters only; nothing durable lives in the gateway). */
@Injectable()
export class GatewayRedis implements OnApplicationShutdown {
  readonly client: Redis;
  constructor(@Inject(GatewayEnv) env: GatewayEnv) {
    this.client = createRedis(env.REDIS_URL, 'gateway');
  }
  async onApplicationShutdown() {
    await this.client.quit().catch(() => undefined);
  }
}

/**
 * 'Watching now', honestly: the distinct other visitors of a product or pharmacy page in the last five
 * minutes, one sorted set per page in Redis (member: the browser's visitor id, score: last seen).
 */
@ApiTags('site')
@Controller('presence')
export class PresenceController {
  constructor(@Inject(GatewayRedis) private readonly redis: GatewayRedis) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{ watching }: other visitors of the page in the last 5 minutes' })
  @ApiBadRequestResponse({ description: 'not a product or pharmacy page, or a malformed visitor id' })
  async visit(@Body() body: { path?: unknown; visitorId?: unknown } | undefined): Promise<{ watching: number }> {
    const path = body?.path;
    const visitorId = body?.visitorId;
    if (typeof path !== 'string' || !PAGE.test(path) || typeof visitorId !== 'string' || !VISITOR.test(visitorId)) {
      throw new HttpException({ statusCode: 400, code: ErrorCodes.badRequest, message: Messages.badRequest }, 400);
    }
    const key = `presence:${path}`;
    const now = Date.now();
    const results = await this.redis.client.multi()
      .zadd(key, now, visitorId)
      .zremrangebyscore(key, 0, now - PRESENCE_WINDOW_MS)
      .zcard(key)
      .pexpire(key, PRESENCE_WINDOW_MS)
      .exec();
    const count = Number(results?.[2]?.[1] ?? 1);
    return { watching: Math.max(0, count - 1) };
  }
}
