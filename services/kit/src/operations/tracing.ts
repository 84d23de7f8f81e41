import { context, isSpanContextValid, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span, type TextMapGetter } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry traces (issue 32): one trace follows a request from the browser (its `traceparent`) through the
 * gateway, every bus request (NATS headers), every event (the envelope's `trace`) and every BullMQ job (the job's
 * `trace`), so a checkout shows from the click to the e-mail sent. Exported over OTLP/HTTP to
 * `OTEL_EXPORTER_OTLP_ENDPOINT` when it is set; without it every span is a no-op and nothing leaves the process.
 * Spans carry names, subjects, routes and ids, never a payload.
 */
let provider: NodeTracerProvider | undefined;

/** A carrier of the W3C trace context (`traceparent`, `tracestate`) as plain strings: headers, an envelope, a job. */
export type TraceCarrier = Record<string, string>;

export function startTracing(process: string, endpoint: string): void {
  if (provider || !endpoint) return;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }), { scheduledDelayMillis: 500 })],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
}

/** Sends the spans still buffered and stops (a process's last step). */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = undefined;
  await stopping?.shutdown().catch(() => undefined);
}

const tracer = () => trace.getTracer('medcanna');

/** The current trace context as a carrier (empty when none, or tracing is off). */
export function traceCarrier(): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context a carrier names (the active one when it names none). */
export function contextFrom<C>(carrier: C | undefined, getter?: TextMapGetter<C>): Context {
  if (!carrier) return context.active();
  return getter ? propagation.extract(context.active(), carrier, getter) : propagation.extract(context.active(), carrier as object);
}

/**
 * Runs `work` in a span that continues `parent` (a carrier's context), ended when `work` settles; a failure marks it
 * as an error (the error's name only: a message may hold personal data).
 */
export async function inSpan<T>(name: string, kind: SpanKind, parent: Context, attributes: Record<string, string | number>, work: (span: Span) => Promise<T>): Promise<T> {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
    throw err;
  } finally {
    span.end();
  }
}

/** Starts a span now, to be ended by the caller (a request whose end is another callback's). */
export function openSpan(name: string, kind: SpanKind, parent: Context, attributes: Record<string, string | number> = {}): { span: Span; context: Context } {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Runs `fn` with `ctx` as the active trace context. */
export const withTraceContext = <T>(ctx: Context, fn: () => T): T => context.with(ctx, fn);

/** The active trace's id (logs carry it), when this process traces. */
export function currentTraceId(): string | undefined {
  const active = provider && trace.getSpanContext(context.active());
  return active && isSpanContextValid(active) ? active.traceId : undefined;
}

export { SpanKind, SpanStatusCode };
export type { Context as TraceContext, Span } from '@opentelemetry/api';
