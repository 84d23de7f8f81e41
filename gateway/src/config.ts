import { join } from 'node:path';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { NatsEnv, EnvError, isDevelopment, LOG_LEVELS, DOCUMENTS_TRANSIT_KEY_PATTERN, transitKeyConfigured } from '@mc/kit';
import { IsTrustedProxyList } from './http/trusted-proxies';

/** The gateway's environment; every value has a local default, a bad one stops it at start. */
export class GatewayEnv extends NatsEnv {
  @IsInt() @Min(1) @Max(65535)
  PORT = 8080;

  @IsString()
  HOST = '0.0.0.0';

  /**
   * The reverse proxies in front of the gateway (comma-separated addresses or CIDR ranges, e.g. 10.0.0.0/8).
   * Only a hop from one of them may name the client in X-Forwarded-For; empty: the connecting address is the
   * client, whatever the headers say (per-client rate limits count it).
   */
  @IsTrustedProxyList()
  TRUSTED_PROXIES = '';

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

  /**
   * How long a server-drawn page (the same for every visitor: the render is anonymous) is sent again to whoever asks
   * for its address (0: never); with READ_CACHE_MS, the longest a price change takes to show in a drawn page.
   */
  @IsInt() @Min(0) @Max(10_000)
  PAGE_CACHE_MS = 1000;

  /** Where users reach the site (absolute links in sitemap.xml and robots.txt), without a trailing slash. */
  @Matches(/^https?:\/\/[^/]+(\/.*[^/])?$/, { message: 'must be an http(s) URL without a trailing slash' })
  PUBLIC_URL = 'http://localhost:8080';

  /** The built web app served beside the API; empty to serve the API only. */
  @IsString()
  WEB_DIST = join(__dirname, '..', '..', 'web', 'dist');

  /**
   * The web's server render (`vite build --ssr`), which draws the first screen of the landing pages; empty:
   * `dist-ssr/entry-server.cjs` beside WEB_DIST. Without the file the pages are sent as the bare app.
   */
  @IsString()
  WEB_SSR_ENTRY = '';

  /**
   * Who may frame the pharmacy embed (`/pharms/{slug}/embed`), as CSP `frame-ancestors` sources: `https:` (any https
   * site, the default) or a space-separated list of https origins. Every other page may not be framed. In a
   * development environment the embed may be framed by any page (tests frame it from a blank page).
   */
  @Matches(/^(https:|https:\/\/[a-z0-9.-]+(:\d+)?)( (https:|https:\/\/[a-z0-9.-]+(:\d+)?))*$/, { message: 'must be https: or space-separated https:// origins' })
  EMBED_FRAME_ANCESTORS = 'https:';

  /**
   * Sign-in with Google: the OAuth client of the site's Google Cloud project. Empty: in a development environment a
   * local fake provider (`/dev/oauth/…`) stands in, so `make dev` signs in with Google without internet;
   * in production Google sign-in then answers 503.
   */
  @IsString()
  GOOGLE_CLIENT_ID = '';

  @ValidateIf((env: GatewayEnv) => env.GOOGLE_CLIENT_ID !== '')
  @IsString() @MinLength(1, { message: 'must be set with GOOGLE_CLIENT_ID' })
  GOOGLE_CLIENT_SECRET = '';

  /** Google's endpoints, as its OpenID Connect discovery document names them (tests point them at a fake). */
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

  /** Read as an OpenID Connect userinfo answer (sub, email, email_verified, given_name, family_name). */
  @Matches(/^https?:\/\/\S+\/userinfo$/, { message: 'must be an http(s) URL ending in /userinfo' })
  GOOGLE_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

  /** Where Google sends the browser back (registered with the client); empty: PUBLIC_URL + /auth/google-callback. */
  @ValidateIf((env: GatewayEnv) => env.GOOGLE_CALLBACK_URL !== '')
  @Matches(/^https?:\/\/\S+$/, { message: 'must be an http(s) URL' })
  GOOGLE_CALLBACK_URL = '';

  /** How long the code exchange and the userinfo call together may take before the answer is a 503. */
  @IsInt() @Min(500) @Max(30_000)
  GOOGLE_TIMEOUT_MS = 8000;

  /**
   * Coupons at checkout (spec: a feature flag, off in production): '1' on, '0' off, empty: on in a development
   * environment, off otherwise. Off, `POST /api/checkout/coupon` answers 404 and coupon codes are dropped from the
   * quote and the order. The web mirrors it at build time (VITE_FEATURE_COUPONS).
   */
  @IsIn(['', '0', '1'])
  FEATURE_COUPONS = '';

  /**
   * The AES-256 key (64 hex digits) the gateway seals uploaded documents with for notifications, which holds the same
   * key. Empty: a fixed local key in a development environment; a production gateway refuses to start without one.
   */
  @ValidateIf((env: GatewayEnv) => env.DOCUMENTS_TRANSIT_KEY !== '')
  @Matches(DOCUMENTS_TRANSIT_KEY_PATTERN, { message: 'must be 64 lowercase hex digits' })
  DOCUMENTS_TRANSIT_KEY = '';
}

/** Whether coupons are on (FEATURE_COUPONS, or by default only in a development environment). */
export const couponsEnabled = (env: GatewayEnv): boolean => (env.FEATURE_COUPONS === '' ? isDevelopment(env) : env.FEATURE_COUPONS === '1');

/** Settings that only a started gateway needs (checked by `createGateway`, so a production gateway without them refuses to start). */
export function assertStartable(env: GatewayEnv): void {
  if (!transitKeyConfigured(env)) throw new EnvError('Invalid environment:\n  DOCUMENTS_TRANSIT_KEY is required outside development (64 hex digits)');
}
