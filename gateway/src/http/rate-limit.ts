import { CallHandler, ExecutionContext, HttpException, Inject, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCodes, Messages } from '@mc/contracts';
import type { FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import type { Observable } from 'rxjs';
import { GatewayRedis } from '../redis/redis.module';
import { clientKey } from './client-key';

interface RateLimitWindow {
  /** Requests allowed per window. */
  count: number;
  windowSeconds: number;
}

/** What one limit counts requests of (body fields are normalised the way identity compares them). */
const SUBJECTS = {
  /** The client's address (see clientKey): the connecting one, or the one a trusted proxy names (TRUSTED_PROXIES). */
  client: (request: LimitedRequest) => clientKey(request.ip),
  /** The signed-in user; the route must authenticate (its guards run before the limit is counted). */
  user: (request: LimitedRequest) => {
    if (request.user?.id === undefined) throw new Error('@RateLimit per user on a route without a signed-in user');
    return String(request.user.id);
  },
  'body:email': (request: LimitedRequest) => bodyText(request, 'email').trim().toLowerCase(),
  'body:phone': (request: LimitedRequest) => bodyText(request, 'phone').replace(/\D/g, ''),
} satisfies Record<string, (request: LimitedRequest) => string>;

export interface RateLimitRule extends RateLimitWindow {
  /** The counter's name; routes naming the same counter share it (per subject). */
  name: string;
  per: keyof typeof SUBJECTS;
  /** Counted only for the requests it holds true of (e.g. a download of a route that also answers pages); every one if absent. */
  when?: (request: FastifyRequest) => boolean;
}

type LimitedRequest = FastifyRequest & { user?: { id?: number } };

/**
 * A body field as text. Anything else (missing, a number, an object) counts under one shared empty key, so
 * no shape of the field escapes the limit; the service refuses such a request anyway.
 */
function bodyText(request: LimitedRequest, field: string): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : '';
}

const RULES = 'mc:rate-limits';

/**
 * Counts each request to the route against a limit in Redis (a fixed window per subject); past it the answer
 * is 429 with the Hebrew message. Stackable: the limits are counted top to bottom, and the first one exceeded
 * answers. Counted after the route's guards (authentication) and before the handler.
 */
export function RateLimit(rule: RateLimitRule): MethodDecorator {
  return (target, key, descriptor) => {
    const handler = descriptor.value as object;
    const rules = Reflect.getMetadata(RULES, handler) as RateLimitRule[] | undefined;
    if (rules) {
      // Decorators apply bottom up; the one written first is counted first.
      rules.unshift(rule);
      return;
    }
    Reflect.defineMetadata(RULES, [rule], handler);
    UseInterceptors(RateLimitInterceptor)(target, key, descriptor);
  };
}

/** The Hebrew 429; `retryAfterSeconds` goes out as Retry-After (HttpErrorFilter). */
export class TooManyRequestsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ statusCode: 429, code: ErrorCodes.tooManyRequests, message: Messages.tooManyRequests }, 429);
  }
}

/** Counts one request against `key` in Redis (a fixed window); over the limit answers 429 with a Hebrew message and Retry-After. */
async function hitRateLimit(redis: Redis, key: string, limit: RateLimitWindow): Promise<void> {
  const results = await redis.multi().set(`rate:${key}`, 0, 'EX', limit.windowSeconds, 'NX').incr(`rate:${key}`).ttl(`rate:${key}`).exec();
  if (Number(results?.[1]?.[1] ?? 0) > limit.count) {
    const ttl = Number(results?.[2]?.[1] ?? limit.windowSeconds);
    throw new TooManyRequestsException(ttl > 0 ? ttl : limit.windowSeconds);
  }
}

/** The `@RateLimit` rules of a route, applied. An interceptor rather than a guard so that per-user limits see the user. */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const rules = this.reflector.get<RateLimitRule[] | undefined>(RULES, context.getHandler()) ?? [];
    const request = context.switchToHttp().getRequest<LimitedRequest>();
    for (const rule of rules) {
      if (rule.when && !rule.when(request)) continue;
      const subject = SUBJECTS[rule.per](request).slice(0, 200);
      await hitRateLimit(this.redis.client, `${rule.name}:${subject}`, rule);
    }
    return next.handle();
  }
}
