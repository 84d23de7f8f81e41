import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import {
  ANONYMOUS_CALLER, ErrorCodes, Headers, healthSubject, isServiceError, Messages,
  type RequestOf, type RequestSubject, type ResponseOf, type ServiceError, type ServiceName, type ServiceHealth,
} from '@mc/contracts';
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

/** Most bytes of kept answers: a few seconds' worth of different list pages, so that when every visitor asks something new (nothing is reused) the kept answers stay young garbage rather than a heap the collector keeps walking. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** What an answer not yet made into JSON is counted as. */
const OBJECT_BYTES = 4096;

/**
 * Answers kept for a short while: concurrent callers of one key share its call; a failure is not kept. Kept answers
 * are bounded by count and by bytes. With `ttlMs` 0 every call goes through.
 */
export class ReadCache {
  private readonly kept?: LRUCache<string, { value: unknown }>;
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(ttlMs: number) {
    if (ttlMs > 0) this.kept = new LRUCache({ max: 5000, maxSize: KEPT_BYTES, ttl: ttlMs });
  }

  shared<T>(key: string, call: () => Promise<T>): Promise<T> {
    const kept = this.kept;
    if (!kept) return call();
    const hit = kept.get(key);
    if (hit) return Promise.resolve(hit.value as T);
    let answer = this.inFlight.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = call();
      this.inFlight.set(key, answer);
      answer.then(
        (value) => {
          this.inFlight.delete(key);
          kept.set(key, { value }, { size: value instanceof JsonBody ? value.bytes.length : OBJECT_BYTES });
        },
        () => this.inFlight.delete(key),
      );
    }
    return answer;
  }

  /** `shared`, as JSON text made once per kept answer. */
  json<T>(key: string, call: () => Promise<T>): Promise<JsonBody<T>> {
    return this.shared(key, async () => new JsonBody<T>(JSON.stringify(await call())));
  }
}

/**
 * An HTTP request body passed on as it came, typed as the subject's DTO: the gateway does not validate bodies, the
 * service does (its ValidationPipe answers 400 for one that does not fit). No body is an empty object.
 */
export const forwarded = <T extends object>(body: T | undefined): T => body ?? ({} as T);

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
    this.breaker = new CircuitBreaker((subject: string, data: unknown, timeoutMs?: number) => this.request(subject, data, timeoutMs ?? options.timeoutMs), {
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
  read<S extends RequestSubject>(subject: S, data: RequestOf<S>): Promise<ResponseOf<S>> {
    return this.reads.shared(`${subject} ${JSON.stringify(data)}`, () => this.send(subject, data));
  }

  /** `read`, answered as JSON text made once per cached answer (lists are tens of kB: serialising each time costs most of a request). */
  readAsJson<S extends RequestSubject>(subject: S, data: RequestOf<S>): Promise<JsonBody<ResponseOf<S>>> {
    return this.readsAsJson.json(`${subject} ${JSON.stringify(data)}`, () => this.send(subject, data));
  }

  /** `timeoutMs`: this call's own limit instead of the service's (calls known to take longer, such as password hashing). */
  async send<S extends RequestSubject>(subject: S, data: RequestOf<S>, timeoutMs?: number): Promise<ResponseOf<S>> {
    try {
      return (await this.breaker.fire(subject, data, timeoutMs)) as ResponseOf<S>;
    } catch (err) {
      throw isServiceError(err) && err.status < 500 ? err : unavailable();
    }
  }

  /** The service's `<service>.health`, without the breaker (health probes must see the real state). */
  health(timeoutMs: number): Promise<ServiceHealth> {
    return this.request<ServiceHealth>(healthSubject(this.service), {}, timeoutMs);
  }

  /** One call without the breaker. */
  call<S extends RequestSubject>(subject: S, data: RequestOf<S>, timeoutMs: number): Promise<ResponseOf<S>> {
    return this.request<ResponseOf<S>>(subject, data, timeoutMs);
  }

  /** Every call names its caller (`x-caller`). */
  private request<T>(subject: string, data: unknown, timeoutMs: number): Promise<T> {
    const h = natsHeaders();
    h.set(Headers.correlationId, currentCorrelationId() ?? '');
    // The caller's token, verified by the bearer strategy on routes that take one; services verify it again.
    h.set(Headers.caller, currentCallerToken() ?? ANONYMOUS_CALLER);
    const record = new NatsRecordBuilder(data).setHeaders(h).build();
    return firstValueFrom(this.proxy.send<T>(subject, record).pipe(timeout(timeoutMs)));
  }
}
