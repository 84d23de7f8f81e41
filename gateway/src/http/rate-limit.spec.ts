import { HttpException, type CallHandler, type ExecutionContext } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { Messages } from '@mc/contracts';
import { lastValueFrom, of } from 'rxjs';
import type { GatewayRedis } from '../redis/redis.module';
import { RateLimit, RateLimitInterceptor, type RateLimitRule } from './rate-limit';

/** Redis's fixed-window counting (SET NX + INCR in MULTI), in memory. */
function fakeRedis() {
  const counts = new Map<string, number>();
  const client = {
    multi() {
      let key = '';
      const chain = {
        set: (k: string) => { key = k; return chain; },
        incr: () => chain,
        ttl: () => chain,
        exec: async () => {
          counts.set(key, (counts.get(key) ?? 0) + 1);
          return [[null, 'OK'], [null, counts.get(key)], [null, 42]];
        },
      };
      return chain;
    },
  };
  return { redis: { client } as unknown as GatewayRedis, counts };
}

const perClient: RateLimitRule = { name: 'signin-ip', per: 'client', count: 3, windowSeconds: 60 };
const perEmail: RateLimitRule = { name: 'signin', per: 'body:email', count: 2, windowSeconds: 60 };
const perUser: RateLimitRule = { name: 'search', per: 'user', count: 5, windowSeconds: 60 };
const downloads: RateLimitRule = { name: 'report', per: 'user', count: 1, windowSeconds: 60, when: (r) => (r.query as { format?: string }).format !== undefined };

class Routes {
  @RateLimit(perClient)
  @RateLimit(perEmail)
  signIn() { return 'ok'; }

  @RateLimit(perUser)
  search() { return 'ok'; }

  @RateLimit(downloads)
  report() { return 'ok'; }
}

function setup() {
  const { redis, counts } = fakeRedis();
  const interceptor = new RateLimitInterceptor(new Reflector(), redis);
  const handle = (handler: () => unknown, request: object) => {
    const context = { getHandler: () => handler, switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
    const next: CallHandler = { handle: () => of('ok') };
    return interceptor.intercept(context, next).then(lastValueFrom);
  };
  return { handle, counts };
}

describe('@RateLimit', () => {
  it('stacks limits in the written order behind one interceptor', () => {
    expect(Reflect.getMetadata('mc:rate-limits', Routes.prototype.signIn)).toEqual([perClient, perEmail]);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, Routes.prototype.signIn)).toEqual([RateLimitInterceptor]);
  });

  it('counts each limit under its subject, e-mails as identity compares them', async () => {
    const { handle, counts } = setup();
    await handle(Routes.prototype.signIn, { ip: '203.0.113.7', body: { email: ' Dana@Example.co.il ' } });
    await handle(Routes.prototype.signIn, { ip: '203.0.113.8', body: { email: 'dana@example.co.il' } });
    expect(Object.fromEntries(counts)).toEqual({
      'rate:signin-ip:203.0.113.7': 1, 'rate:signin-ip:203.0.113.8': 1, 'rate:signin:dana@example.co.il': 2,
    });
    await expect(handle(Routes.prototype.signIn, { ip: '203.0.113.9', body: { email: 'DANA@example.co.il' } }))
      .rejects.toMatchObject({ status: 429, response: { message: Messages.tooManyRequests } });
  });

  it('answers 429 past the per-client limit, whatever the account', async () => {
    const { handle } = setup();
    for (let i = 0; i < 3; i++) await handle(Routes.prototype.signIn, { ip: '203.0.113.7', body: { email: `a${i}@b.co` } });
    await expect(handle(Routes.prototype.signIn, { ip: '203.0.113.7', body: { email: 'c@b.co' } })).rejects.toBeInstanceOf(HttpException);
  });

  it("answers when to try again: the window's time left (Retry-After)", async () => {
    const { handle } = setup();
    for (let i = 0; i < 3; i++) await handle(Routes.prototype.signIn, { ip: '203.0.113.7', body: { email: `a${i}@b.co` } });
    await expect(handle(Routes.prototype.signIn, { ip: '203.0.113.7', body: { email: 'c@b.co' } }))
      .rejects.toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });

  it('counts a field that is not text under one shared key, so no shape of it escapes the limit', async () => {
    const { handle, counts } = setup();
    for (const email of [{ toString: 1 }, ['dana@example.co.il'], undefined]) {
      await handle(Routes.prototype.signIn, { ip: `203.0.113.${counts.size}`, body: { email } }).catch(() => undefined);
    }
    expect(counts.get('rate:signin:')).toBe(3);
  });

  it('counts per signed-in user, and refuses a per-user limit on a route without one', async () => {
    const { handle, counts } = setup();
    await handle(Routes.prototype.search, { ip: '203.0.113.7', user: { id: 17 } });
    expect(counts.get('rate:search:17')).toBe(1);
    await expect(handle(Routes.prototype.search, { ip: '203.0.113.7' })).rejects.toThrow('without a signed-in user');
  });

  it("counts only the requests its `when` holds of: a report's downloads, not its pages", async () => {
    const { handle, counts } = setup();
    for (let i = 0; i < 3; i++) await handle(Routes.prototype.report, { ip: '203.0.113.7', user: { id: 17 }, query: { page: String(i + 1) } });
    expect(counts.size).toBe(0);
    await handle(Routes.prototype.report, { ip: '203.0.113.7', user: { id: 17 }, query: { format: 'csv' } });
    await expect(handle(Routes.prototype.report, { ip: '203.0.113.7', user: { id: 17 }, query: { format: 'xlsx' } })).rejects.toMatchObject({ status: 429 });
    expect(counts.get('rate:report:17')).toBe(2);
  });
});
