import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { CheckoutPublicKey } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { metricNames, queries } from '../../deploy/k8s/base/observability/series';
import type { ReceivedSpan } from '../../deploy/local/fake-otlp';
import * as stack from '../../deploy/local/stack';
import { api } from './http';
import { encryptIdNumber, signedInUser } from './patients';

/**
 * Issue 32 on the running stack: every process answers its probes and metrics on a port of its own, and a service
 * with two copies restarts one copy at a time without a failed request.
 */
type State = { env: Record<string, string>; probePorts: Record<string, number>; pids: Record<string, number> };
const statePath = () => process.env.E2E_STACK_STATE!;
const readState = (): State => JSON.parse(readFileSync(statePath(), 'utf8'));
const probe = (port: number, path: string) => fetch(`http://127.0.0.1:${port}${path}`);
const metricsOf = async (port: number) => (await probe(port, '/metrics')).text();
const LOGS = join(__dirname, '../../artifacts/logs/e2e');
/** Resolves once the process `pid` (not a child of this one) has exited. */
const waitGone = (pid: number) => waitFor(`process ${pid} gone`, async () => { try { process.kill(pid, 0); return false; } catch { return true; } }, { until: (gone) => gone, timeoutMs: 15_000, intervalMs: 50 });

/** The series each kind of process must show (a service's bus and outbox, a worker's queues, the gateway's routes and breakers). */
const SERVICE_SERIES = ['mc_process_ready', 'mc_bus_requests_total', 'mc_bus_request_duration_seconds_bucket', 'mc_bus_requests_in_flight', 'mc_outbox_pending', 'mc_outbox_lag_seconds', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds'];
const SERIES: Record<string, string[]> = {
  gateway: ['mc_process_ready', 'mc_http_requests_total', 'mc_http_request_duration_seconds_bucket', 'mc_breaker_state{', 'process_cpu_seconds_total'],
  'stock-feed': ['mc_process_ready', 'mc_queue_jobs{', 'queue="stock-feed"', 'queue="stock-days"', 'mc_queue_oldest_waiting_seconds', 'mc_outbox_lag_seconds'],
  'notifications-sender': ['mc_process_ready', 'mc_queue_jobs{', 'queue="notifications-email"', 'queue="notifications-documents"', 'mc_queue_job_failures_total'],
  'order-timers': ['mc_process_ready', 'mc_outbox_lag_seconds', 'process_cpu_seconds_total'],
};

describe('probes and metrics of every process', () => {
  it('answers /livez, /readyz (every component up) and /metrics with its series on its own port', async () => {
    const { probePorts } = readState();
    // Some traffic first, so the request series have rows.
    for (const path of ['/api/products', '/api/pharms', '/api/products/dr-green-t20-c4', '/api/health']) expect((await api(path)).status).toBe(200);
    expect(Object.keys(probePorts).sort()).toEqual([...stack.SERVICES, ...Object.keys(stack.WORKERS), 'gateway'].sort());
    for (const [name, port] of Object.entries(probePorts)) {
      expect({ name, live: (await probe(port, '/livez')).status }).toEqual({ name, live: 200 });
      const ready = await probe(port, '/readyz');
      const body = await ready.json() as { state: string; checks: Record<string, string> };
      expect({ name, status: ready.status, state: body.state }).toEqual({ name, status: 200, state: 'ready' });
      expect(Object.values(body.checks).every((s) => s === 'up')).toBe(true);
      const text = await metricsOf(port);
      for (const series of SERIES[name] ?? SERVICE_SERIES) expect({ name, series, found: text.includes(series) }).toEqual({ name, series, found: true });
      expect(text).toContain(`process="${name === 'stock-feed' ? 'pharm-stock-feed' : name}"`);
    }
    // The routes by pattern, never by path (no slugs or ids in the labels).
    const gateway = await metricsOf(probePorts.gateway);
    expect(gateway).toMatch(/mc_http_requests_total\{route="\/api\/products\/:slug",method="GET",status="200"/);
    expect(gateway).not.toContain('dr-green-t20-c4');
    expect(await metricsOf(probePorts.catalog)).toMatch(/mc_bus_requests_total\{subject="catalog\.[a-z.-]+",outcome="ok"/);
    expect(await metricsOf(probePorts.catalog)).toMatch(/mc_consumer_pending\{durable="[a-z-]+"/);
  });

  it("holds every series the dashboard and the alert rules read (deploy/k8s/base/observability)", async () => {
    const { probePorts } = readState();
    const scraped = (await Promise.all(Object.values(probePorts).map(metricsOf))).join('\n');
    const read = [...new Set(queries().flatMap((q) => metricNames(q.expr)))].filter((name) => name !== 'up');
    expect(read.filter((name) => !scraped.includes(name))).toEqual([]);
  });

  it('is not reachable on the public port', async () => {
    for (const path of ['/metrics', '/readyz', '/livez']) expect((await api(path)).status).toBe(404);
  });
});

describe('a rolling restart of a service with two copies', () => {
  let second: ChildProcess | undefined;
  afterAll(async () => { if (second) await stack.stopProcess(second); });

  it('fails readiness first, finishes what it took, and no request fails while one copy at a time restarts', async () => {
    const state = readState();
    const catalogPort = state.probePorts.catalog;
    const secondPort = state.probePorts.gateway + 50;
    const ready = (port: number, what: string) => waitFor(what, async () => (await probe(port, '/readyz').catch(() => undefined))?.status, { until: (s) => s === 200, timeoutMs: 30_000, intervalMs: 200 });
    // The second copy waits 1.5 s between failing readiness and stopping, so the test sees it draining.
    const startSecond = () => stack.startProcess('catalog', { env: { ...state.env, PROBE_PORT: String(secondPort), SHUTDOWN_DELAY_MS: '1500' }, logDir: join(LOGS, 'second-catalog') });
    second = startSecond();
    await ready(secondPort, 'the second catalog ready');

    // Visitors' reads the whole time, each a question of its own (no answer served from the gateway's short cache).
    let stop = false;
    let asked = 0;
    const failures: string[] = [];
    const visitor = async (v: number) => {
      for (let i = 0; !stop; i++) {
        const res = await api(`/api/products?search=${encodeURIComponent(`T${(v * 1000 + i) % 30}`)}&page=${1 + (i % 3)}`);
        asked++;
        if (res.status !== 200) failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    };
    const visitors = Array.from({ length: 6 }, (_, v) => visitor(v));
    await new Promise((r) => setTimeout(r, 500));

    // 1. The second copy, told to stop, fails readiness at once and keeps answering until it has drained.
    const stopping = stack.stopProcess(second);
    const draining = await waitFor('the second copy draining', async () => (await probe(secondPort, '/readyz').catch(() => undefined)), { until: (r) => r?.status === 503, timeoutMs: 1_000, intervalMs: 20 });
    expect(((await draining!.json()) as { state: string }).state).toBe('draining');
    await stopping;
    second = startSecond();
    await ready(secondPort, 'the second catalog ready again');

    // 2. The stack's copy in its turn, back with its own settings.
    process.kill(state.pids.catalog, 'SIGTERM');
    await waitGone(state.pids.catalog);
    const again = stack.startProcess('catalog', { env: { ...state.env, PROBE_PORT: String(catalogPort) }, logDir: LOGS });
    writeFileSync(statePath(), JSON.stringify({ ...state, pids: { ...state.pids, catalog: again.pid } }));
    await ready(catalogPort, 'the restarted catalog ready');

    // 3. The second copy leaves for good.
    await stack.stopProcess(second);
    second = undefined;
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await Promise.all(visitors);

    expect(asked).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});

describe('one trace of a checkout', () => {
  it('spans the gateway, order, pharm, cart, shipping-quote, identity and notifications, to the e-mail sent', async () => {
    const { env } = readState();
    const patient = await signedInUser('trace');
    const as = (method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit =>
      ({ method, headers: { authorization: `Bearer ${patient.jwt}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    // Delivered to a saved address (identity keeps it, shipping-quote prices it) from merkaz-tel-aviv (its offer 2).
    const address = await api('/api/user/addresses', as('POST', { address: 'דיזנגוף 50, תל אביב-יפו', houseNumber: '50' }));
    expect(address.status).toBe(200);
    expect((await api('/api/cart', as('PUT', { cartItems: [{ pharmProductId: 2, amount: 1 }] }))).status).toBe(200);
    const key = (await api('/api/checkout/public-key')).body as CheckoutPublicKey;

    // The browser's trace: the order is placed under it.
    const traceId = randomBytes(16).toString('hex');
    const placed = await api('/api/orders', as('POST', {
      firstName: 'נועה', lastName: 'לוי', phone: '050-1234567', email: patient.email, agreeTOU: true, agreeDisclaimer: true,
      selectedPickup: [], shippingAddress: { addressId: address.body.addresses[0].id }, encryptedPii: encryptIdNumber(key, '123456782'),
    }, { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` }));
    expect(placed.status).toBe(201);

    const wanted = ['gateway', 'order', 'pharm', 'cart', 'shipping-quote', 'identity', 'notifications', 'notifications-sender'];
    const spans = await waitFor('the checkout\'s spans from every process', async () =>
      (await (await fetch(`${env.OTEL_EXPORTER_OTLP_ENDPOINT}/spans?traceId=${traceId}`)).json()) as ReceivedSpan[],
    { until: (found) => wanted.every((s) => found.some((f) => f.service === s)) && found.some((f) => f.name === 'send message'), timeoutMs: 30_000, intervalMs: 500 });
    expect([...new Set(spans.map((s) => s.service))].sort()).toEqual(expect.arrayContaining(wanted));
    // One tree: every span but the gateway's first has its parent in the trace (the browser's span is the root's parent).
    const ids = new Set(spans.map((s) => s.spanId));
    expect(spans.filter((s) => !ids.has(s.parentSpanId ?? '')).map((s) => s.name)).toEqual(['POST /api/orders']);
    expect(spans.find((s) => s.service === 'notifications-sender')?.name).toBe('send message');
    // The logs carry the trace id: order's line of the request it answered.
    await waitFor("order's log line with the trace id", async () => readFileSync(join(LOGS, 'order.log'), 'utf8').includes(`"traceId":"${traceId}"`), { until: Boolean, timeoutMs: 5_000 });
  }, 90_000);
});
