import 'reflect-metadata';
import { IsIn, IsInt, Matches, Max, Min, ValidateIf, validateSync } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where a process runs. Development features (stand-in providers, the local mailbox) exist only in `development` and `test`. */
export const APP_ENVS = ['development', 'test', 'production'] as const;
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

/**
 * Environment every service reads. Each value has a local default so `make dev` needs no `.env`;
 * a present but bad value stops the process at start.
 */
export class ServiceEnv extends AppEnv {
  @Matches(/^nats:\/\/.+/, { message: 'must be a nats:// URL' })
  NATS_URL = 'nats://127.0.0.1:4222';

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

  @IsInt() @Min(10) @Max(60_000)
  OUTBOX_POLL_MS = 200;

  @IsInt() @Min(1) @Max(1000)
  OUTBOX_BATCH_SIZE = 100;
}

export class EnvError extends Error {}

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
    const lines = errors.map((e) => `${e.property}=${JSON.stringify(present[e.property])}: ${Object.values(e.constraints ?? {}).join(', ')}`);
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
