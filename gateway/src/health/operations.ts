import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { contextFrom, openSpan, PROBES, SpanKind, SpanStatusCode, stopTracing, type ProcessProbes, type Span, type TraceContext } from '@mc/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NatsConnection } from 'nats';
import { ServiceClients } from '../clients/clients.module';
import { GatewayEnv } from '../config';
import { GatewayRedis } from '../redis/redis.module';

/** A breaker's state as a number: 0 closed, 1 half-open (trying again), 2 open (the service's routes answer 503). */
const breakerState = (b: { opened: boolean; halfOpen: boolean }) => (b.halfOpen ? 1 : b.opened ? 2 : 0);

/**
 * The gateway's operations face (issue 32) on its probe port, never the public one: readiness (its bus connection and
 * Redis; the services behind it have their own), the breakers' states, and on SIGTERM readiness failing for
 * `SHUTDOWN_DELAY_MS` before the server stops taking connections; Fastify's close then lets the requests under way finish.
 */
@Injectable()
export class GatewayOperations implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(PROBES) private readonly probes: ProcessProbes,
    @Inject(GatewayEnv) private readonly env: GatewayEnv,
    @Inject(ServiceClients) private readonly clients: ServiceClients,
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
  ) {}

  onApplicationBootstrap() {
    const nc = this.clients.proxy.unwrap<NatsConnection>();
    this.probes.addCheck('nats', () => nc.flush()).addCheck('redis', () => this.redis.client.ping());
    this.probes.gauge('mc_breaker_state', "A service's circuit breaker: 0 closed, 1 half-open, 2 open.", ['service'], (g) => {
      for (const client of this.clients.all()) g.set({ service: client.service }, breakerState(client.breaker));
    });
  }

  /** Told to stop: readiness fails first, and the load balancer gets `SHUTDOWN_DELAY_MS` to notice. */
  async beforeApplicationShutdown() {
    await this.probes.drain(this.env.SHUTDOWN_DELAY_MS);
  }

  async onApplicationShutdown() {
    await this.probes.close();
    await stopTracing();
  }
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * A request's span, continuing the browser's trace (its `traceparent`); answers the context its handling runs in
 * (the bus requests it makes carry it). Ended with the answer (`registerHttpObservation`).
 */
export function startRequestSpan(request: FastifyRequest): TraceContext {
  const { span, context } = openSpan(request.method, SpanKind.SERVER, contextFrom(request.headers), { 'http.request.method': request.method });
  requestSpans.set(request, span);
  return context;
}

/**
 * Every HTTP answer in the metrics and its span: by route pattern (never the path itself: no ids or slugs), method and
 * status.
 */
export function registerHttpObservation(fastify: FastifyInstance, probes: ProcessProbes): void {
  const requests = probes.counter('mc_http_requests_total', 'HTTP requests answered, by route, method and status.', ['route', 'method', 'status']);
  const duration = probes.histogram('mc_http_request_duration_seconds', 'Time to answer an HTTP request, by route and method.', ['route', 'method']);
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    duration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    const span = requestSpans.get(request);
    if (span) {
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': reply.statusCode });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
