import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { ErrorCodes, Headers, isServiceError, Messages, type ServiceError, type ServiceName } from '@mc/contracts';
import { currentCorrelationId } from '@mc/kit';
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

export const unavailable = (): ServiceError => ({ status: 503, code: ErrorCodes.unavailable, message: Messages.serviceUnavailable });

/**
 * Calls one service over NATS request-reply through its own circuit breaker. A service's answered error
 * (4xx) is passed on and does not trip the breaker; a timeout, a 5xx or an open circuit becomes a 503.
 */
export class ServiceClient {
  readonly breaker: CircuitBreaker<[string, unknown], unknown>;
  private readonly reads?: LRUCache<string, Promise<unknown>>;

  constructor(readonly service: ServiceName, private readonly proxy: ClientNats, private readonly options: ServiceClientOptions) {
    this.breaker = new CircuitBreaker((subject: string, data: unknown) => this.call(subject, data, options.timeoutMs), {
      name: service,
      timeout: false,
      resetTimeout: options.resetMs,
      errorThresholdPercentage: 50,
      volumeThreshold: 2,
      rollingCountTimeout: 10_000,
      errorFilter: (err: unknown) => isServiceError(err) && err.status < 500,
    });
    if (options.readCacheMs > 0) this.reads = new LRUCache({ max: 5000, ttl: options.readCacheMs });
  }

  /**
   * A public storefront read (the same for every visitor): identical calls in flight share one request,
   * and an answer is reused for `readCacheMs`, short enough that a price change still shows within a second.
   */
  read<T>(subject: string, data: unknown): Promise<T> {
    if (!this.reads) return this.send<T>(subject, data);
    const key = `${subject} ${JSON.stringify(data)}`;
    let answer = this.reads.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = this.send<T>(subject, data);
      this.reads.set(key, answer);
      answer.catch(() => this.reads!.delete(key));
    }
    return answer;
  }

  async send<T>(subject: string, data: unknown): Promise<T> {
    try {
      return (await this.breaker.fire(subject, data)) as T;
    } catch (err) {
      throw isServiceError(err) && err.status < 500 ? err : unavailable();
    }
  }

  /** One call without the breaker (health probes must see the real state). */
  call<T>(subject: string, data: unknown, timeoutMs: number): Promise<T> {
    const h = natsHeaders();
    h.set(Headers.correlationId, currentCorrelationId() ?? '');
    const record = new NatsRecordBuilder(data).setHeaders(h).build();
    return firstValueFrom(this.proxy.send<T>(subject, record).pipe(timeout(timeoutMs)));
  }
}
