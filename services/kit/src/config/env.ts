import 'reflect-metadata';
import { IsBoolean, IsIn, IsInt, IsString, Matches, Max, Min, ValidateIf, validateSync } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where a process runs. Development features (stand-in providers, the local mailbox) exist only in `development` and `test`. */
const APP_ENVS = ['development', 'test', 'production'] as const;
export type AppEnvName = (typeof APP_ENVS)[number];

/**
 * The one setting that names the environment, read by every process (services and gateway). Its default is
 * production: a development environment must be named explicitly (`make dev` and the tests do).
 */
export class AppEnv {
  @IsIn(APP_ENVS)
  APP_ENV: AppEnvName = 'production';
}

/** True where development features may be switched on: only when `development` or `test` is named. */
export const isDevelopment = (env: AppEnv): boolean => env.APP_ENV === 'development' || env.APP_ENV === 'test';

/** The project's development NATS server (deploy/local/infra.sh starts it; the tests have their own on 4231). */
const DEVELOPMENT_NATS_URL = 'nats://127.0.0.1:4230';

/** How a process reaches the bus: every process (each service, the gateway) has a credential of its own. */
export class NatsEnv extends AppEnv {
  /**
   * The server, or the servers of a cluster separated by commas (the client picks one and moves to another when it
   * goes); `tls://` in production (the connection is refused otherwise).
   */
  @Matches(/^(nats|tls):\/\/[^,\s]+(,(nats|tls):\/\/[^,\s]+)*$/, { message: 'must be a nats:// or tls:// URL, or several separated by commas' })
  NATS_URL = DEVELOPMENT_NATS_URL;

  /**
   * This process's NKey seed (a user seed, `SU…`), required in production. In development and tests, when empty, the
   * seed is read from NATS_KEYS_DIR (deploy/local/nats.js makes one per process on this machine).
   */
  @ValidateIf((env: NatsEnv) => env.NATS_NKEY_SEED !== '')
  @Matches(/^SU[A-Z2-7]{56}$/, { message: 'must be a user NKey seed (SU…)' })
  NATS_NKEY_SEED = '';

  /** Development and tests: where the local NKey seeds are (default: ~/.local/state/medcanna/nats). */
  @IsString()
  NATS_KEYS_DIR = '';

  /** The certificate authority of the NATS servers' TLS certificates (empty: the system's). */
  @IsString()
  NATS_TLS_CA_FILE = '';

  /** Where this process sends its traces (OTLP over HTTP, e.g. http://otel-collector:4318); empty: no traces leave it. */
  @ValidateIf((env: NatsEnv) => env.OTEL_EXPORTER_OTLP_ENDPOINT !== '')
  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s):// URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT = '';

  /** Copies of each JetStream stream this process makes (3 on a 3-node cluster; 1 on one server). */
  @IsInt() @Min(1) @Max(5)
  NATS_STREAM_REPLICAS = 1;

  /** The process's probes and metrics over HTTP (`/livez`, `/readyz`, `/metrics`), never the public port; 0: any free port. */
  @IsInt() @Min(0) @Max(65_535)
  PROBE_PORT = 9464;

  /** On SIGTERM, how long readiness fails before the process stops taking work (a load balancer's time to notice). */
  @IsInt() @Min(0) @Max(60_000)
  SHUTDOWN_DELAY_MS = 0;

  /** On SIGTERM, how long the requests and jobs under way may take to finish before the process stops anyway. */
  @IsInt() @Min(0) @Max(120_000)
  SHUTDOWN_DEADLINE_MS = 10_000;
}

/**
 * Environment every service reads. Each value has a local default so `make dev` needs no `.env`;
 * a present but bad value stops the process at start.
 */
export class ServiceEnv extends NatsEnv {
  /** Empty means the service's own role on DATABASE_NAME on localhost. */
  @ValidateIf((env: ServiceEnv) => env.DATABASE_URL !== '')
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL = '';

  @Matches(/^[a-z_][a-z0-9_]*$/, { message: 'must be a plain database name' })
  DATABASE_NAME = 'medcanna';

  @Matches(/^[A-Za-z0-9.-]+(:\d+)?$/, { message: 'must be a host name, optionally with :port' })
  DATABASE_HOST = '127.0.0.1:5432';

  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /**
   * How often the outbox relay looks without being told: writers notify it at commit (`OutboxWriter`), so this only
   * bounds how long an event whose notification was lost (the listening connection dropped) waits.
   */
  @IsInt() @Min(10) @Max(60_000)
  OUTBOX_POLL_MS = 5_000;

  @IsInt() @Min(1) @Max(1000)
  OUTBOX_BATCH_SIZE = 100;

  /** How long a published outbox row is kept before it is deleted (0: deleted as it is published). */
  @IsInt() @Min(0) @Max(3_600_000)
  OUTBOX_KEEP_SENT_MS = 60_000;

  /**
   * How often a worker looks for work its database says is queued but its queue in Redis no longer has (a Redis that
   * lost its data), and queues it again; 0: never (tests that run the sweep by hand).
   */
  @IsInt() @Min(0) @Max(3_600_000)
  LOST_JOBS_SWEEP_MS = 60_000;

  /** Whether this process starts the service's durable event consumers (`@ConsumesEvents`); a seed's process does not. */
  @IsBoolean()
  CONSUME_EVENTS = true;
}

export class EnvError extends Error {}

/** Settings whose values never appear in an error message. */
const SECRET_SETTING = /SEED|SECRET|KEY|TOKEN|PASSWORD/;

/** A text value as the type of its default: numbers and booleans convert, anything unconvertible stays text and fails validation. */
function convert(value: string, fallback: unknown): unknown {
  if (typeof fallback === 'number' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (typeof fallback === 'boolean' && /^(true|false|1|0)$/.test(value)) return value === 'true' || value === '1';
  return value;
}

/** Reads `cls`'s keys from `env` over the class defaults, converts them to the defaults' types and validates. */
export function loadEnv<T extends object>(cls: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const config = new cls();
  const present: Record<string, string> = {};
  for (const [key, fallback] of Object.entries(config)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    present[key] = value;
    (config as Record<string, unknown>)[key] = convert(value, fallback);
  }
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length) {
    const shown = (key: string) => (SECRET_SETTING.test(key) ? '(hidden)' : JSON.stringify(present[key]));
    const lines = errors.map((e) => `${e.property}=${shown(e.property)}: ${Object.values(e.constraints ?? {}).join(', ')}`);
    throw new EnvError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  if (config instanceof AppEnv && isDevelopment(config) && env.NODE_ENV === 'production') {
    throw new EnvError(`Invalid environment:\n  APP_ENV=${JSON.stringify(config.APP_ENV)} switches on development features (stand-in sign-in, the local mailbox) and NODE_ENV is production: refusing to start`);
  }
  return config;
}

/** The database URL of a service: DATABASE_URL, or its own role (named as its schema) on DATABASE_HOST/DATABASE_NAME. */
export function databaseUrl(env: ServiceEnv, role: string): string {
  return env.DATABASE_URL || `postgres://${role}@${env.DATABASE_HOST}/${env.DATABASE_NAME}`;
}
