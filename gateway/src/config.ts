import { join } from 'node:path';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { LOG_LEVELS } from '@mc/kit';

/** The gateway's environment; every value has a local default, a bad one stops it at start. */
export class GatewayEnv {
  @IsInt() @Min(1) @Max(65535)
  PORT = 8080;

  @IsString()
  HOST = '0.0.0.0';

  @Matches(/^nats:\/\/.+/, { message: 'must be a nats:// URL' })
  NATS_URL = 'nats://127.0.0.1:4222';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /** Ephemeral counters ('watching now'). */
  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** The key the web client sends in `x-api-key`. */
  @IsString() @MinLength(8)
  API_KEY = 'mc-local-web-key';

  /** How long one call to a service may take before the caller gets a 503. */
  @IsInt() @Min(50) @Max(30_000)
  RPC_TIMEOUT_MS = 1500;

  @IsInt() @Min(50) @Max(30_000)
  HEALTH_TIMEOUT_MS = 1000;

  /** How long an open circuit waits before letting one call through to test the service. */
  @IsInt() @Min(100) @Max(600_000)
  BREAKER_RESET_MS = 3000;

  /** How long the answer to a public storefront read is reused (0: never); keep it well under a second. */
  @IsInt() @Min(0) @Max(1000)
  READ_CACHE_MS = 300;

  /** Where users reach the site (absolute links in sitemap.xml and robots.txt), without a trailing slash. */
  @Matches(/^https?:\/\/[^/]+(\/.*[^/])?$/, { message: 'must be an http(s) URL without a trailing slash' })
  PUBLIC_URL = 'http://localhost:8080';

  /** The built web app served beside the API; empty to serve the API only. */
  @IsString()
  WEB_DIST = join(__dirname, '..', '..', 'web', 'dist');

  @IsIn(['development', 'test', 'production'])
  APP_ENV = 'development';
}
