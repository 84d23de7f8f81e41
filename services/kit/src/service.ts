import { Global, Inject, Module, type DynamicModule, type INestApplicationContext, type INestMicroservice, type OnApplicationBootstrap, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule, DiscoveryService, MetadataScanner, NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { EventConsumerRoutes, publisherOf, type EventConsumerRoute, type ServiceName } from '@mc/contracts';
import type Redis from 'ioredis';
import { connect, type NatsConnection } from 'nats';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Counter } from 'prom-client';
import { ACCESS_TOKEN_VERIFIER, CallerGuard } from './caller/caller';
import { IdentityKeysVerifier } from './caller/nats-identity-keys';
import { TokenVersions } from './caller/token-versions';
import { Clock } from './clock/clock';
import { databaseUrl, EnvError, loadEnv, type ServiceEnv } from './config/env';
import { bookkeepingDatabase, createDatabase, createPool, runMigrations, type Database } from './database/database';
import { createValidationPipe, RpcErrorFilter } from './errors/rpc-error.filter';
import { healthController } from './health/health';
import { createLogger, PinoNestLogger } from './logging/logger';
import { busContract, IdempotentConsumer, type EventHandler } from './messaging/consumer';
import { consumerOf, type ConsumesEventsOptions } from './messaging/consumes-events';
import { OutboxWriter } from './messaging/outbox';
import { BusClient } from './messaging/bus-client';
import { OutboxRelay } from './messaging/outbox-relay';
import { ensureStream } from './messaging/streams';
import type { MessagingTables } from './messaging/tables';
import { natsConnectionOptions } from './nats/connection';
import { CorrelationInterceptor } from './nats/correlation.interceptor';
import { createRedis } from './redis/redis';
import { DrainingNatsServer } from './operations/draining-server';
import { ProcessProbes } from './operations/probes';
import { startTracing, stopTracing } from './operations/tracing';
import { DATABASE, LOGGER, NATS_CONNECTION, PG_POOL, PROBES, REDIS, SERVICE_ENV } from './tokens';

/** What makes a service: its name, environment, schema, messaging tables, migrations and domain modules. */
export interface ServiceDefinition<E extends ServiceEnv = ServiceEnv> {
  name: ServiceName;
  env: new () => E;
  /** PostgreSQL schema (and role) the service owns. */
  schema: string;
  tables: MessagingTables;
  migrationsFolder: string;
  imports: Type<unknown>[];
  /**
   * The service provides `ACCESS_TOKEN_VERIFIER` itself (identity: it signs the tokens and verifies them with its
   * own keys). Every other service verifies its callers with identity's public keys, fetched over NATS.
   */
  ownAccessTokenVerifier?: boolean;
}

/** How a service is started besides its environment (tests: a clock they set and move). */
export interface StartOptions {
  /** The service's one `Clock` (default: the real time). */
  clock?: Clock;
  /** The process's name in its logs and metrics (default: the service's; a worker's is `<service>-<worker>`). */
  process?: string;
}

/** Starts durable consumers for a service and stops them on shutdown. */
export class EventConsumers {
  private readonly consumers: Pick<IdempotentConsumer, 'stop' | 'info'>[] = [];
  private readonly deadLetters?: Counter<'durable' | 'reason'>;
  constructor(
    private readonly service: ServiceName,
    private readonly nc: NatsConnection,
    private readonly db: Database,
    private readonly tables: MessagingTables,
    private readonly logger: Logger,
    private readonly streamReplicas = 1,
    probes?: ProcessProbes,
  ) {
    this.deadLetters = probes?.counter('mc_dead_letters_total', 'Events a consumer gave up on, kept in the DLQ stream, by consumer and reason.', ['durable', 'reason']);
  }

  /**
   * Starts the bus's durable consumer `durable` of this service (`EventConsumerRoutes`: its filter, on its publisher's
   * stream, created if that service has not run yet), every payload checked against its subject's DTO before `handler`.
   */
  async start(durable: string, handler: EventHandler, options: ConsumesEventsOptions = {}): Promise<IdempotentConsumer> {
    const route = (EventConsumerRoutes as Record<string, EventConsumerRoute>)[durable];
    if (!route || route.by !== this.service) {
      throw new Error(`consumer ${durable} of ${this.service} is not the bus's (contracts/src/messaging/access.ts: EventConsumerRoutes)`);
    }
    const from = publisherOf(route.filter);
    const stream = await ensureStream(await this.nc.jetstreamManager({ checkAPI: false }), from, from === this.service, this.streamReplicas);
    const consumer = new IdempotentConsumer(this.nc, this.db, this.tables, this.logger, {
      ...options,
      streamReplicas: this.streamReplicas,
      onDeadLetter: (reason) => this.deadLetters?.inc({ durable, reason }),
      stream,
      durable,
      filterSubject: route.filter,
      handler,
      payload: busContract(route.filter),
    });
    await consumer.start();
    this.consumers.push(consumer);
    return consumer;
  }

  /** Starts every `@ConsumesEvents` method of the application's providers. */
  async startDecorated(discovery: DiscoveryService, scanner: MetadataScanner): Promise<void> {
    for (const wrapper of discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const method = (instance as Record<string, unknown>)[name];
        const consumer = consumerOf(method);
        if (!consumer) continue;
        const { durable, ...options } = consumer;
        await this.start(durable, (method as EventHandler).bind(instance), options);
      }
    }
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }

  /** Each consumer's messages not yet delivered and delivered but not yet acknowledged (JetStream's consumer info). */
  async lag(): Promise<{ durable: string; pending: number; ackPending: number }[]> {
    return Promise.all(this.consumers.map(async (c) => {
      const info = await c.info();
      return { durable: info.name, pending: info.num_pending, ackPending: info.num_ack_pending };
    }));
  }
}

class KitLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(SERVICE_ENV) private readonly env: ServiceEnv,
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(TokenVersions) private readonly versions: TokenVersions,
    @Inject(PROBES) private readonly probes: ProcessProbes,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
  ) {}

  async onApplicationBootstrap() {
    this.watch();
    await this.relay.start();
    if (this.env.CONSUME_EVENTS) await this.consumers.startDecorated(this.discovery, this.scanner);
  }

  /** What readiness needs (database, Redis, NATS) and what the metrics show of the outbox and the consumers. */
  private watch() {
    this.probes
      .addCheck('database', () => this.pool.query('SELECT 1'))
      .addCheck('redis', () => this.redis.ping())
      .addCheck('nats', () => this.nc.flush());
    const backlog = ProcessProbes.sharedReading(() => this.outbox.backlog(this.db));
    const lag = ProcessProbes.sharedReading(() => this.consumers.lag());
    this.probes.gauge('mc_outbox_pending', 'Events in the outbox not yet published.', [], async (g) => g.set((await backlog()).pending));
    this.probes.gauge('mc_outbox_lag_seconds', 'Age of the oldest event in the outbox not yet published (0: none).', [], async (g) => g.set((await backlog()).oldestSeconds));
    this.probes.gauge('mc_consumer_pending', "Events of a durable consumer's stream not yet delivered to it.", ['durable'], async (g) => {
      for (const c of await lag()) g.set({ durable: c.durable }, c.pending);
    });
    this.probes.gauge('mc_consumer_ack_pending', 'Events delivered to a durable consumer and not yet acknowledged.', ['durable'], async (g) => {
      for (const c of await lag()) g.set({ durable: c.durable }, c.ackPending);
    });
  }

  /** Told to stop: readiness fails first, and the load balancer gets `SHUTDOWN_DELAY_MS` to notice. */
  async beforeApplicationShutdown() {
    await this.probes.drain(this.env.SHUTDOWN_DELAY_MS);
  }

  async onApplicationShutdown() {
    await this.relay.stop();
    await this.consumers.stopAll();
    await this.versions.stop();
    await this.nc.drain().catch(() => undefined);
    this.redis.disconnect();
    await this.pool.end().catch(() => undefined);
    await this.probes.close();
    await stopTracing();
  }
}

@Global()
@Module({})
class ServiceKitModule {
  static forRoot(def: ServiceDefinition, env: ServiceEnv, logger: Logger, probes: ProcessProbes, options: StartOptions = {}): DynamicModule {
    return {
      module: ServiceKitModule,
      imports: [DiscoveryModule],
      controllers: [healthController(def.name)],
      providers: [
        { provide: SERVICE_ENV, useValue: env },
        { provide: LOGGER, useValue: logger },
        { provide: PROBES, useValue: probes },
        { provide: Clock, useValue: options.clock ?? new Clock() },
        {
          provide: PG_POOL,
          useFactory: async () => {
            const pool = createPool(databaseUrl(env, def.schema), def.name);
            await runMigrations(pool, def.schema, def.migrationsFolder);
            return pool;
          },
        },
        { provide: DATABASE, inject: [PG_POOL], useFactory: (pool: Pool) => createDatabase(pool) },
        { provide: REDIS, useFactory: () => createRedis(env.REDIS_URL, def.name) },
        {
          provide: NATS_CONNECTION,
          useFactory: async () => {
            const nc = await connect(natsConnectionOptions(def.name, env, `${def.name}-events`));
            await ensureStream(await nc.jetstreamManager({ checkAPI: false }), def.name, true, env.NATS_STREAM_REPLICAS);
            return nc;
          },
        },
        { provide: OutboxWriter, useValue: new OutboxWriter(def.tables) },
        {
          provide: OutboxRelay,
          inject: [PG_POOL, NATS_CONNECTION],
          useFactory: (pool: Pool, nc: NatsConnection) =>
            new OutboxRelay(bookkeepingDatabase(pool), def.tables, nc.jetstream(), logger, {
              batchSize: env.OUTBOX_BATCH_SIZE, pollMs: env.OUTBOX_POLL_MS, keepSentMs: env.OUTBOX_KEEP_SENT_MS, listen: pool,
            }),
        },
        {
          provide: EventConsumers,
          inject: [NATS_CONNECTION, DATABASE],
          useFactory: (nc: NatsConnection, db: Database) => new EventConsumers(def.name, nc, db, def.tables, logger, env.NATS_STREAM_REPLICAS, probes),
        },
        // Token versions identity writes (bucket `token_versions`), watched into memory for the caller check.
        { provide: TokenVersions, inject: [NATS_CONNECTION], useFactory: (nc: NatsConnection) => new TokenVersions(nc, logger).start() },
        BusClient,
        KitLifecycle,
        ...(def.ownAccessTokenVerifier
          ? []
          : [{ provide: ACCESS_TOKEN_VERIFIER, inject: [NATS_CONNECTION], useFactory: (nc: NatsConnection) => new IdentityKeysVerifier(nc) }]),
        { provide: APP_GUARD, useClass: CallerGuard },
      ],
      exports: [SERVICE_ENV, LOGGER, PROBES, Clock, TokenVersions, PG_POOL, DATABASE, REDIS, NATS_CONNECTION, BusClient, OutboxWriter, OutboxRelay, EventConsumers],
    };
  }
}

function rootModule(def: ServiceDefinition, overrides: NodeJS.ProcessEnv, options: StartOptions) {
  const env = loadEnv(def.env, { ...process.env, ...overrides });
  const logger = createLogger(options.process ?? def.name, env.LOG_LEVEL);
  const probes = new ProcessProbes(options.process ?? def.name, logger);

  @Module({ imports: [ServiceKitModule.forRoot(def, env, logger, probes, options), ...def.imports] })
  class RootModule {}

  return { RootModule, env, logger, probes };
}

/** The service's modules without its NATS transport: for seeds, scripts and integration tests. */
export async function createServiceContext(def: ServiceDefinition, overrides: NodeJS.ProcessEnv = {}, options: StartOptions = {}): Promise<INestApplicationContext> {
  const { RootModule, logger } = rootModule(def, overrides, options);
  const app = await NestFactory.createApplicationContext(RootModule, { logger: new PinoNestLogger(logger), abortOnError: false });
  return app.init();
}

/** Boots a service: validated environment, migrations, NATS queue group named after it, shared pipes and filters. */
export async function startService(def: ServiceDefinition, overrides: NodeJS.ProcessEnv = {}, options: StartOptions = {}): Promise<INestMicroservice> {
  const { RootModule, env, logger, probes } = rootModule(def, overrides, options);
  startTracing(def.name, env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const server = new DrainingNatsServer({ ...natsConnectionOptions(def.name, env), queue: def.name }, env.SHUTDOWN_DEADLINE_MS, logger);
  // A provider that cannot start throws to the caller (runService prints it; a test sees it) rather than exiting at once.
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(RootModule, { strategy: server, logger: new PinoNestLogger(logger), abortOnError: false });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter(logger));
  app.useGlobalInterceptors(new CorrelationInterceptor(logger, probes));
  app.enableShutdownHooks();
  await app.listen();
  // The queue group's subscriptions reach the server before the service says it is ready (a request sent the moment
  // after would otherwise find no one answering).
  await app.unwrap<NatsConnection>().flush();
  probes.addCheck('subscriptions', async () => {
    if (server.unwrap<NatsConnection>().isClosed()) throw new Error('closed');
    await server.unwrap<NatsConnection>().flush();
  });
  probes.gauge('mc_bus_requests_in_flight', 'Bus requests taken and not yet answered.', [], (g) => g.set(server.pending));
  probes.markReady();
  await probes.listen(env.PROBE_PORT);
  logger.info({ queue: def.name }, 'service ready');
  return app;
}

/**
 * Boots one of a service's workers as a process of its own (issue 32): the service's schema, outbox and credential,
 * `imports` instead of its request handlers, no event consumers; probes and metrics as every process; on SIGTERM its
 * modules' shutdown hooks let the jobs under way finish.
 */
export async function startWorker(
  def: ServiceDefinition, worker: string, imports: Type<unknown>[], overrides: NodeJS.ProcessEnv = {}, options: StartOptions = {},
): Promise<INestApplicationContext> {
  const name = `${def.name}-${worker}`;
  const app = await createServiceContext({ ...def, imports }, { ...overrides, CONSUME_EVENTS: 'false' }, { ...options, process: name });
  startTracing(name, app.get<ServiceEnv>(SERVICE_ENV).OTEL_EXPORTER_OTLP_ENDPOINT);
  app.enableShutdownHooks();
  const probes = app.get<ProcessProbes>(PROBES);
  probes.markReady();
  await probes.listen(app.get<ServiceEnv>(SERVICE_ENV).PROBE_PORT);
  return app;
}

/** The entry point of a worker's process: start it, or say plainly why not and exit non-zero. */
export function runWorker(def: ServiceDefinition, worker: string, imports: Type<unknown>[]): void {
  startWorker(def, worker, imports).catch((err: unknown) => {
    console.error(err instanceof EnvError ? err.message : err);
    process.exit(1);
  });
}

/** The `main.ts` of every service: start, or say plainly why not and exit non-zero. */
export function runService(def: ServiceDefinition): void {
  startService(def).catch((err: unknown) => {
    console.error(err instanceof EnvError ? err.message : err);
    process.exit(1);
  });
}
