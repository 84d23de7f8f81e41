import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import type { MsgHdrs } from 'nats';
import { Headers } from '@mc/contracts';
import type { Logger } from 'pino';
import { Observable, tap } from 'rxjs';
import { toServiceError } from '../errors/service-error';
import { withCorrelationId } from '../logging/logger';
import type { ProcessProbes } from '../operations/probes';
import { contextFrom, openSpan, SpanKind, SpanStatusCode, withTraceContext } from '../operations/tracing';

/** NATS headers as a trace context carrier. */
const natsHeaderGetter = {
  get: (h: MsgHdrs, key: string) => h.get(key) || undefined,
  keys: (h: MsgHdrs) => h.keys(),
};

/**
 * Runs each request under the correlation id and in a span of the trace from its NATS headers, logs it as one JSON line
 * and counts it in the process's metrics (by subject: the rate, the outcome — ok or the error's status — and the time).
 */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger, private readonly probes?: ProcessProbes) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc().getContext<NatsContext>();
    const headers = rpc.getHeaders?.();
    const correlationId = headers?.get(Headers.correlationId) || undefined;
    const subject = rpc.getSubject?.();
    // The caller's trace (its `traceparent` header) goes on in this request's span.
    const traced = openSpan(subject ?? 'request', SpanKind.SERVER, contextFrom(headers, natsHeaderGetter), { 'messaging.destination.name': subject ?? '' });
    const span = traced.span;
    return new Observable((subscriber) => withTraceContext(traced.context, () =>
      withCorrelationId(correlationId, () => {
        const started = performance.now();
        const done = (outcome: string, status: string) => {
          if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: status });
          span.end();
          const ms = performance.now() - started;
          this.logger.info({ subject, outcome, ms: Math.round(ms) }, 'request');
          if (!this.probes || !subject) return;
          this.probes.busRequests.inc({ subject, outcome: status });
          this.probes.busDuration.observe({ subject }, ms / 1000);
        };
        return next
          .handle()
          .pipe(tap({ complete: () => done('ok', 'ok'), error: (err: unknown) => done('error', String(toServiceError(err).status)) }))
          .subscribe(subscriber);
      })),
    );
  }
}
