import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type ComponentCheck = () => Promise<unknown>;
export interface Readiness {
  ready: boolean;
  /** 'starting' until the process takes work, 'draining' once it was told to stop. */
  state: 'starting' | 'ready' | 'draining';
  checks: Record<string, 'up' | 'down'>;
}

const CHECK_TIMEOUT_MS = 800;

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), ms); });
  return Promise.race([p, expired]).finally(() => clearTimeout(timer));
}

/** Latency buckets in seconds: the budgets are tens of milliseconds, the timeouts seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];

/**
 * One process's operations face (issue 32), on its own HTTP port (`PROBE_PORT`), never the public one:
 * - `GET /livez`: 200 while the event loop answers (a probe restarts the process otherwise);
 * - `GET /readyz`: 200 once the process takes work and every component it needs answers (database, Redis, NATS and
 *   its subscriptions…), 503 while it starts, when a component is down, and from the moment it is told to stop;
 * - `GET /metrics`: the Prometheus text of its registry (Node's own series, the bus and HTTP series, and whatever the
 *   process's parts add: outbox and consumer lag, queue depths, breakers, index freshness).
 */
export class ProcessProbes {
  readonly registry = new Registry();
  private readonly checks = new Map<string, ComponentCheck>();
  private state: Readiness['state'] = 'starting';
  private server?: Server;
  /** Requests answered on the bus, by subject and outcome (ok, or the error's status). */
  readonly busRequests: Counter<'subject' | 'outcome'>;
  readonly busDuration: Histogram<'subject'>;

  constructor(readonly process: string, private readonly logger: Logger) {
    this.registry.setDefaultLabels({ process });
    collectDefaultMetrics({ register: this.registry });
    this.busRequests = new Counter({ name: 'mc_bus_requests_total', help: 'Requests this process answered on the bus, by subject and outcome (ok or the error status).', labelNames: ['subject', 'outcome'], registers: [this.registry] });
    this.busDuration = new Histogram({ name: 'mc_bus_request_duration_seconds', help: 'Time to answer a bus request, by subject.', labelNames: ['subject'], buckets: LATENCY_BUCKETS, registers: [this.registry] });
    this.gauge('mc_process_ready', '1 when the process takes work (its readiness), 0 otherwise.', [], async (g) => g.set((await this.readiness()).ready ? 1 : 0));
  }

  /** A component the process needs: readiness fails while `check` rejects or takes longer than 800 ms. */
  addCheck(name: string, check: ComponentCheck): this {
    this.checks.set(name, check);
    return this;
  }

  /** A histogram with the project's latency buckets in this registry. */
  histogram<L extends string>(name: string, help: string, labelNames: L[]): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [this.registry] });
  }

  /** One reading shared by the gauges of a scrape (several series from one query): made at most once a second. */
  static sharedReading<T>(read: () => Promise<T>, forMs = 1000): () => Promise<T> {
    let last: { at: number; value: Promise<T> } | undefined;
    return () => {
      if (!last || Date.now() - last.at > forMs) last = { at: Date.now(), value: read() };
      return last.value;
    };
  }

  /** A gauge read at each scrape (`collect` sets its values). */
  gauge<L extends string>(name: string, help: string, labelNames: L[], collect: (gauge: Gauge<L>) => Promise<void> | void): Gauge<L> {
    const gauge: Gauge<L> = new Gauge<L>({ name, help, labelNames, registers: [this.registry], collect: () => collect(gauge) });
    return gauge;
  }

  counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private queueMetrics?: { jobs: Gauge<'queue' | 'state'>; oldest: Gauge<'queue'>; failures: Counter<'queue' | 'final'>; requeued: Counter<'queue'> };
  private readonly queues: Queue[] = [];

  /**
   * A BullMQ queue of this process in its metrics (jobs by state, the age of the oldest waiting, failures, final or
   * to be retried) and, with its worker, in its readiness (the worker runs and Redis answers).
   */
  watchQueue(queue: Queue, worker?: Worker): void {
    this.queueMetrics ??= {
      jobs: this.gauge('mc_queue_jobs', 'BullMQ jobs by queue and state.', ['queue', 'state'], async (g) => {
        for (const q of this.queues) {
          const counts = await q.getJobCounts(...QUEUE_STATES);
          for (const state of QUEUE_STATES) g.set({ queue: q.name, state }, counts[state] ?? 0);
        }
      }),
      oldest: this.gauge('mc_queue_oldest_waiting_seconds', 'Age of the oldest job waiting in a BullMQ queue (0: none).', ['queue'], async (g) => {
        for (const q of this.queues) {
          const [oldest] = await q.getJobs(['wait'], 0, 0, true);
          g.set({ queue: q.name }, oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
        }
      }),
      failures: this.counter('mc_queue_job_failures_total', "BullMQ job attempts that failed, by queue; final: the job's last attempt.", ['queue', 'final']),
      requeued: this.counter('mc_queue_jobs_requeued_total', 'Jobs the database had queued and Redis had lost, queued again, by queue.', ['queue']),
    };
    this.queues.push(queue);
    if (!worker) return;
    const { failures } = this.queueMetrics;
    worker.on('failed', (job, error) => {
      const final = !job || error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
      failures.inc({ queue: queue.name, final: String(final) });
    });
    this.addCheck(`queue:${queue.name}`, async () => {
      if (!worker.isRunning()) throw new Error('the worker is not running');
      await queue.getJobCounts('waiting');
    });
  }

  private indexAge?: Gauge<'index'>;
  private readonly indexes = new Map<string, () => number>();

  /** A live index's freshness in the metrics: seconds since it last caught up with its change feed. */
  watchIndex(index: string, ageSeconds: () => number): void {
    this.indexAge ??= this.gauge('mc_live_index_age_seconds', 'Seconds since a live index last caught up with its change feed.', ['index'], (g) => {
      for (const [name, age] of this.indexes) g.set({ index: name }, age());
    });
    this.indexes.set(index, ageSeconds);
  }

  /** Counts jobs queued again after Redis lost them (`watchQueue` first). */
  countRequeued(queue: string, jobs: number): void {
    if (jobs > 0) this.queueMetrics?.requeued.inc({ queue }, jobs);
  }

  /** The process takes work from now on. */
  markReady(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  /** The process was told to stop: readiness fails from now on, whatever its components say. */
  markDraining(): void {
    this.state = 'draining';
  }

  /** Told to stop: readiness fails at once, then `delayMs` (`SHUTDOWN_DELAY_MS`) for a load balancer to notice before the process stops taking work. */
  async drain(delayMs: number): Promise<void> {
    this.markDraining();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }

  get draining(): boolean {
    return this.state === 'draining';
  }

  async readiness(): Promise<Readiness> {
    const names = [...this.checks.keys()];
    const states = await Promise.all([...this.checks.values()].map((check) => withTimeout(check(), CHECK_TIMEOUT_MS).then(() => 'up' as const, () => 'down' as const)));
    const checks = Object.fromEntries(names.map((name, i) => [name, states[i]]));
    return { ready: this.state === 'ready' && states.every((s) => s === 'up'), state: this.state, checks };
  }

  /** Listens on `port` (0: any free port) of every interface; answers the port. */
  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    this.server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const answer = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
        res.end(body);
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, 'text/plain', 'method not allowed\n');
      if (path === '/livez') return answer(200, 'text/plain', 'ok\n');
      if (path === '/readyz') {
        return void this.readiness().then((r) => answer(r.ready ? 200 : 503, 'application/json', `${JSON.stringify({ process: this.process, ...r })}\n`));
      }
      if (path === '/metrics') {
        return void this.registry.metrics().then(
          (text) => answer(200, this.registry.contentType, text),
          (err: unknown) => { this.logger.warn({ err }, 'metrics failed'); answer(500, 'text/plain', 'metrics failed\n'); },
        );
      }
      answer(404, 'text/plain', 'not found\n');
    });
    // The probes must answer while a slow client holds a socket: no keep-alive to speak of, short timeouts.
    this.server.keepAliveTimeout = 1000;
    this.server.requestTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => resolve());
    });
    const bound = (this.server.address() as AddressInfo).port;
    this.logger.info({ port: bound }, 'probes and metrics listening');
    return bound;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
