import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNoContentResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { AnalyticsEventDto, ANALYTICS_EVENTS, ErrorCodes, Messages, type AnalyticsEvent, type ServiceError } from '@mc/contracts';
import type Redis from 'ioredis';
import { RequestBody } from '../docs/request-bodies';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';
import { GatewayRedis } from '../redis/redis.module';

/** A browser sends a couple of events per order; this only stops one address from inflating the counts. */
export const ANALYTICS_LIMIT: RateLimitRule = { name: 'analytics', per: 'client', count: 30, windowSeconds: 60 };

/** A day's counters are kept a little over a year (year-on-year comparisons), then expire. */
export const ANALYTICS_TTL_SECONDS = 400 * 24 * 3600;

/** The site's own calendar day (Israel), as yyyy-mm-dd. */
export const analyticsDay = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export const analyticsKey = (day: string, event: AnalyticsEvent): string => `analytics:${day}:${event}`;

/** How many times `event` was counted on `day` (for operators and tests; no HTTP route reads it). */
export async function analyticsCount(redis: Redis, day: string, event: AnalyticsEvent): Promise<number> {
  return Number((await redis.get(analyticsKey(day, event))) ?? 0);
}

const badRequest = (): ServiceError => ({ status: 400, code: ErrorCodes.badRequest, message: Messages.badRequest });

/**
 * First-party analytics: `begin_checkout` and `purchase`, counted per day in Redis and nothing else. No user, no
 * address, no identifier is stored (the rate limit's per-address counter lives for its minute only).
 */
@ApiTags('site')
@Controller('analytics')
export class AnalyticsController {
  constructor(@Inject(GatewayRedis) private readonly redis: GatewayRedis) {}

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'counted' })
  @ApiBadRequestResponse({ description: `an event other than ${ANALYTICS_EVENTS.join(' or ')}` })
  @ApiTooManyRequestsResponse({ description: 'more than 30 events a minute from one address' })
  @RateLimit(ANALYTICS_LIMIT)
  @RequestBody(AnalyticsEventDto)
  async count(@Body() body: AnalyticsEventDto | undefined): Promise<void> {
    const event = (body as Partial<AnalyticsEventDto> | undefined)?.event;
    if (typeof event !== 'string' || !(ANALYTICS_EVENTS as readonly string[]).includes(event) || Object.keys(body ?? {}).length !== 1) throw badRequest();
    const key = analyticsKey(analyticsDay(new Date()), event as AnalyticsEvent);
    await this.redis.client.multi().incr(key).expire(key, ANALYTICS_TTL_SECONDS).exec();
  }
}
