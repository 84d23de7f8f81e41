import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { Headers } from '@mc/contracts';
import type { Logger } from 'pino';
import { Observable, tap } from 'rxjs';
import { withCorrelationId } from '../logging/logger';

/** Runs each request under the correlation id from its NATS headers and logs it as one JSON line. */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<NatsContext>();
    const correlationId = rpc.getHeaders?.()?.get(Headers.correlationId) || undefined;
    const subject = rpc.getSubject?.();
    return new Observable((subscriber) =>
      withCorrelationId(correlationId, () => {
        const started = performance.now();
        const done = (outcome: string) =>
          this.logger.info({ subject, outcome, ms: Math.round(performance.now() - started) }, 'request');
        return next
          .handle()
          .pipe(tap({ complete: () => done('ok'), error: () => done('error') }))
          .subscribe(subscriber);
      }),
    );
  }
}
