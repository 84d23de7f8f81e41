import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { ANONYMOUS_CALLER, ErrorCodes, Headers, isServiceError, Messages, type ServiceError, type ServiceName } from '@mc/contracts';
import { currentCallerToken, currentCorrelationId } from '@mc/kit';
import { headers as natsHeaders } from 'nats';
import { LRUCache } from 'lru-cache';
import CircuitBreaker from 'opossum';
import { firstValueFrom, timeout } from 'rxjs';

export interface ServiceClientOptions {
  timeoutMs: number;
  resetMs: number;
  /** How long a public read's answer is reused (0: never). */
  readCacheMs: number;
}

/** A response body already serialised; the gateway's reply serializer sends it as it is. `T` documents its shape. */
export class JsonBody<T> {
  declare readonly shape?: T;
  /** UTF-8 bytes, encoded once: Hebrew text costs a re-encoding per send otherwise. */
  readonly bytes: Buffer;
  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
  }
}

/**
 * Answers kept for a short while, one promise per key: concurrent callers share it; a failure is not kept.
 * With `ttlMs` 0 every call goes through.
 */
export class ReadCache {
  private readonly entries?: LRUCache<string, Promise<unknown>>;

  constructor(ttlMs: number) {
    if (ttlMs > 0) this.entries = new LRUCache({ max: 5000, ttl: ttlMs });
  }

  shared<T>(key: string, call: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    if (!entries) return call();
    let answer = entries.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = call();
      entries.set(key, answer);
      answer.catch(() => entries.delete(key));
    }
    return answer;
  }

  /** `shared`, as JSON text made once per kept answer. */
  json<T>(key: string, call: () => Promise<T>): Promise<JsonBody<T>> {
    return this.shared(key, async () => new JsonBody<T>(JSON.stringify(await call())));
  }
}

export const unavailable = (): ServiceError => ({ status: 503, code: ErrorCodes.unavailable, message: Messages.serviceUnavailable });

/**
 * Calls one service over NATS request-reply through its own circuit breaker. A service's answered error
 * (4xx) is passed on and does not trip the breaker; a timeout, a 5xx or an open circuit becomes a 503.
 */
export class ServiceClient {
  readonly breaker: CircuitBreaker<[string, unknown, number?], unknown>;
  private readonly reads: ReadCache;
  private readonly readsAsJson: ReadCache;

  constructor(readonly service: ServiceName, private readonly proxy: ClientNats, private readonly options: ServiceClientOptions) {
    this.breaker = new CircuitBreaker((subject: string, data: unknown, timeoutMs?: number) => this.call(subject, data, timeoutMs ?? options.timeoutMs), {
      name: service,
      timeout: false,
      resetTimeout: options.resetMs,
      errorThresholdPercentage: 50,
      volumeThreshold: 2,
      rollingCountTimeout: 10_000,
      errorFilter: (err: unknown) => isServiceError(err) && err.status < 500,
    });
    this.reads = new ReadCache(options.readCacheMs);
    this.readsAsJson = new ReadCache(options.readCacheMs);
  }

  /**
   * A public storefront read (the same for every visitor): identical calls in flight share one request,
   * and an answer is reused for `readCacheMs`, short enough that a price change still shows within a second.
   */
  read<T>(subject: string, data: unknown): Promise<T> {
    return this.reads.shared(`${subject} ${JSON.stringify(data)}`, () => this.send<T>(subject, data));
  }

  /** `read`, answered as JSON text made once per cached answer (lists are tens of kB: serialising each time costs most of a request). */
  readAsJson<T>(subject: string, data: unknown): Promise<JsonBody<T>> {
    return this.readsAsJson.json(`${subject} ${JSON.stringify(data)}`, () => this.send<T>(subject, data));
  }

  /** `timeoutMs`: this call's own limit instead of the service's (calls known to take longer, such as password hashing). */
  async send<T>(subject: string, data: unknown, timeoutMs?: number): Promise<T> {
    try {
      return (await this.breaker.fire(subject, data, timeoutMs)) as T;
    } catch (err) {
      throw isServiceError(err) && err.status < 500 ? err : unavailable();
    }
  }

  /** One call without the breaker (health probes must see the real state). Every call names its caller (`x-caller`). */
  call<T>(subject: string, data: unknown, timeoutMs: number): Promise<T> {
    const h = natsHeaders();
    h.set(Headers.correlationId, currentCorrelationId() ?? '');
    // The caller's token, verified by the bearer strategy on routes that take one; services verify it again.
    h.set(Headers.caller, currentCallerToken() ?? ANONYMOUS_CALLER);
    const record = new NatsRecordBuilder(data).setHeaders(h).build();
    return firstValueFrom(this.proxy.send<T>(subject, record).pipe(timeout(timeoutMs)));
  }
}
