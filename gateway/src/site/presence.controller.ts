import { Body, Controller, HttpCode, HttpException, Inject, Ip, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ErrorCodes, Messages, PRESENCE_PAGE_PATTERN, PresenceVisitDto, VISITOR_ID_PATTERN } from '@mc/contracts';
import { RequestBody } from '../docs/request-bodies';
import { clientKey } from '../http/client-key';
import { GatewayRedis } from '../redis/redis.module';

/** How far back a visit counts as "watching now". */
const PRESENCE_WINDOW_MS = 5 * 60_000;
/**
 * How many distinct visitors of one page one client address may add within the window (a household or an
 * office behind one address); further visitor ids from it are not counted, so a script cannot inflate 'watching now'.
 */
const PRESENCE_VISITORS_PER_CLIENT = 5;

/**
 * Records a visit and answers the page's other visitors in the window. KEYS: the page's set, the client's set for
 * that page; ARGV: visitor id, now, window (ms), cap. A visitor id new to the client's set joins (both sets)
 * only while the client has fewer than `cap` visitors there; a known one is refreshed.
 */
const VISIT_SCRIPT = `
local now = tonumber(ARGV[2])
local since = now - tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], 0, since)
if redis.call('ZSCORE', KEYS[2], ARGV[1]) or redis.call('ZCARD', KEYS[2]) < tonumber(ARGV[4]) then
  redis.call('ZADD', KEYS[2], now, ARGV[1])
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
  redis.call('ZADD', KEYS[1], now, ARGV[1])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, since)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local others = redis.call('ZCARD', KEYS[1])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then others = others - 1 end
return others
`;

/**
 * 'Watching now', honestly: the distinct other visitors of a product or pharmacy page in the last five
 * minutes, one sorted set per page in Redis (member: the browser's visitor id, score: last seen), at most
 * PRESENCE_VISITORS_PER_CLIENT of them from one client address.
 */
@ApiTags('site')
@Controller('presence')
export class PresenceController {
  constructor(@Inject(GatewayRedis) private readonly redis: GatewayRedis) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: '{ watching }: other visitors of the page in the last 5 minutes' })
  @RequestBody(PresenceVisitDto)
  @ApiBadRequestResponse({ description: 'not a product or pharmacy page, or a malformed visitor id' })
  async visit(@Body() body: { path?: unknown; visitorId?: unknown } | undefined, @Ip() ip: string): Promise<{ watching: number }> {
    const path = body?.path;
    const visitorId = body?.visitorId;
    if (typeof path !== 'string' || !PRESENCE_PAGE_PATTERN.test(path) || typeof visitorId !== 'string' || !VISITOR_ID_PATTERN.test(visitorId)) {
      throw new HttpException({ statusCode: 400, code: ErrorCodes.badRequest, message: Messages.badRequest }, 400);
    }
    const others = Number(await this.redis.client.eval(
      VISIT_SCRIPT, 2, `presence:${path}`, `presence-client:${clientKey(ip)}:${path}`, visitorId, Date.now(), PRESENCE_WINDOW_MS, PRESENCE_VISITORS_PER_CLIENT,
    ));
    return { watching: Math.max(0, others) };
  }
}
