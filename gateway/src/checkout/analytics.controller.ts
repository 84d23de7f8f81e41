import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AnalyticsEventDto, ANALYTICS_EVENTS, ErrorCodes, Messages, type AnalyticsEvent, type ServiceError } from '@mc/contracts';
import type Redis from 'ioredis';
import { RequestBody } from '../docs/request-bodies';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';
import { GatewayRedis } from '../redis/redis.module';

/** A browser sends at most a few events per page (its scroll depth) and per order; this only stops one address from inflating the counts. */
const ANALYTICS_LIMIT: RateLimitRule = { name: 'analytics', per: 'client', count: 30, windowSeconds: 60 };

/** A day's counters are kept a little over a year (year-on-year comparisons), then expire. */
const ANALYTICS_TTL_SECONDS = 400 * 24 * 3600;

/** The site's own calendar day (Israel), as yyyy-mm-dd. */
const analyticsDay = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const analyticsKey = (day: string, event: AnalyticsEvent): string => `analytics:${day}:${event}`;

/** Each of the last `days` days (today first) with its counts. */
async function analyticsDays(redis: Redis, days: number, today = new Date()): Promise<AnalyticsDay[]> {
  const dates = Array.from({ length: days }, (_, i) => analyticsDay(new Date(today.getTime() - i * 24 * 3600_000)));
  const keys = dates.flatMap((day) => ANALYTICS_EVENTS.map((event) => analyticsKey(day, event)));
  const values = await redis.mget(keys);
  return dates.map((day, d) => ({
    day, ...Object.fromEntries(ANALYTICS_EVENTS.map((event, e) => [event, Number(values[d * ANALYTICS_EVENTS.length + e] ?? 0)])),
  }) as AnalyticsDay);
}

export type AnalyticsDay = { day: string } & Record<AnalyticsEvent, number>;

const badRequest = (): ServiceError => ({ status: 400, code: ErrorCodes.badRequest, message: Messages.badRequest });
const forbidden = (): ServiceError => ({ status: 403, code: ErrorCodes.forbidden, message: Messages.unauthorized });

/**
 * First-party analytics: the events of `ANALYTICS_EVENTS` (checkout begun, orders placed, error and not-found pages
 * shown, pages scrolled to half and to the end), counted per day in Redis and nothing else. No user, no
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

  @Get()
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiQuery({ name: 'days', required: false, description: 'how many days back, today first (1–400, default 30)' })
  @ApiOkResponse({ description: `{ days: [{ day: yyyy-mm-dd (Israel), ${ANALYTICS_EVENTS.join(', ')} }] }` })
  @ApiBadRequestResponse({ description: 'days not a whole number from 1 to 400' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiForbiddenResponse({ description: 'not an admin' })
  async read(@Req() request: { user?: { role?: string } }, @Query('days') raw: unknown): Promise<{ days: AnalyticsDay[] }> {
    if (request.user?.role !== 'admin') throw forbidden();
    const days = raw === undefined ? 30 : typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
    if (days < 1 || days > 400) throw badRequest();
    return { days: await analyticsDays(this.redis.client, days) };
  }
}
