import { ClientNats, NatsRecordBuilder } from '@nestjs/microservices';
import { ErrorCodes, Headers, isServiceError, Messages, type ServiceError, type ServiceName } from '@mc/contracts';
import { currentCorrelationId } from '@mc/kit';
import { headers as natsHeaders } from 'nats';
import CircuitBreaker from 'opossum';
import { firstValueFrom, timeout } from 'rxjs';

export interface ServiceClientOptions {
  timeoutMs: number;
  resetMs: number;
}

export const unavailable = (): ServiceError => ({ status: 503, code: ErrorCodes.unavailable, message: Messages.serviceUnavailable });

/**
 * Calls one service over NATS request-reply through its own circuit breaker. A service's answered error
 * (4xx) is passed on and does not trip the breaker; a timeout, a 5xx or an open circuit becomes a 503.
 */
export class ServiceClient {
  readonly breaker: CircuitBreaker<[string, unknown], unknown>;

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
