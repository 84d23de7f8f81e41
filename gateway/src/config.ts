import { join } from 'node:path';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { NatsEnv, EnvError, feedPartners, feedSpoolDir, isDevelopment, LOG_LEVELS, DOCUMENTS_TRANSIT_KEY_PATTERN, transitKeyConfigured, type FeedEnv } from '@mc/kit';
import { IsTrustedProxyList } from './http/trusted-proxies';

/** The gateway's environment; every value has a local default, a bad one stops it at start. */
export class GatewayEnv extends NatsEnv implements FeedEnv {
  @IsInt() @Min(1) @Max(65535)
  PORT = 8080;

  @IsString()
  HOST = '0.0.0.0';

  /** On SIGTERM, readiness fails this long before the server stops taking connections (the load balancer's time to notice). */
  @IsInt() @Min(0) @Max(60_000)
  override SHUTDOWN_DELAY_MS = 5000;

  /**
   * The reverse proxies in front of the gateway (comma-separated addresses or CIDR ranges, e.g. 10.0.0.0/8).
   * Only a hop from one of them may name the client in X-Forwarded-For; empty: the connecting address is the
   * client, whatever the headers say (per-client rate limits count it).
   */
  @IsTrustedProxyList()
  TRUSTED_PROXIES = '';

  /**
   * Per-client limits (counted in this gateway's memory by client address, as TRUSTED_PROXIES names it; each copy
   * of the gateway counts its own) on the anonymous reads that cost work, per RATE_LIMIT_WINDOW_MS: the whole-cart
   * reads (`POST /api/cart/resolve`, `/api/cart/alternatives`), search suggestions, the lists (products, a product's
   * offers and related products, pharmacies, a pharmacy's products, discounts, tags) and the drawn pages. Over a
   * limit the answer is 429 in Hebrew with Retry-After. 0 switches a limit off. A shopper stays far below them.
   */
  @IsInt() @Min(1000) @Max(600_000)
  RATE_LIMIT_WINDOW_MS = 10_000;

  @IsInt() @Min(0) @Max(1_000_000)
  RATE_LIMIT_CART_READS = 30;

  @IsInt() @Min(0) @Max(1_000_000)
  RATE_LIMIT_SEARCH = 60;

  @IsInt() @Min(0) @Max(1_000_000)
  RATE_LIMIT_LISTS = 60;

  @IsInt() @Min(0) @Max(1_000_000)
  RATE_LIMIT_PAGES = 40;

  /** Requests of one client (by address) that the gateway works on at once (API and drawn pages); beyond, 429. 0: no cap. */
  @IsInt() @Min(0) @Max(100_000)
  CLIENT_MAX_IN_FLIGHT = 16;

  /**
   * How long the 429 of a limited client (a rate limit or the in-flight cap) waits before it is sent: a client flooding
   * on a few connections then asks a few times a second, instead of as fast as the gateway can refuse it.
   */
  @IsInt() @Min(0) @Max(10_000)
  LIMITED_ANSWER_DELAY_MS = 1000;

  /** Open connections (sockets) the gateway keeps at once; a connection beyond is closed at once. 0: no cap. */
  @IsInt() @Min(0) @Max(1_000_000)
  MAX_CONNECTIONS = 10_000;

  /** How long a client may take to send a request's line and headers (Node's headersTimeout; 408, then closed). */
  @IsInt() @Min(500) @Max(600_000)
  HEADERS_TIMEOUT_MS = 10_000;

  /** How long a client may take to send the body of a request (256 KB at most) once its headers are in; then closed. Document uploads and partner feeds have REQUEST_TIMEOUT_MS. */
  @IsInt() @Min(500) @Max(600_000)
  BODY_TIMEOUT_MS = 10_000;

  /** How long a client may take to send a whole request, headers and body (Node's requestTimeout): the longest upload (9.5 MB of documents, or a partner's feed: FEED_MAX_BYTES). */
  @IsInt() @Min(1000) @Max(3_600_000)
  REQUEST_TIMEOUT_MS = 120_000;

  /** A socket silent this long (no byte either way) while a request is open is closed (Fastify's connectionTimeout). */
  @IsInt() @Min(1000) @Max(3_600_000)
  CONNECTION_TIMEOUT_MS = 60_000;

  /** How long an idle keep-alive connection stays open; keep it above the load balancer's idle timeout (60 s on most). */
  @IsInt() @Min(1000) @Max(3_600_000)
  KEEP_ALIVE_TIMEOUT_MS = 72_000;

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
  BREAKER_RESET_MS = 1000;

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

  /**
   * The partners that push stock feeds (`POST /api/feeds/stock`): a JSON array of `{ id, secret, url?, everyMs? }`, the
   * same value pharm reads (the kit's `feedPartners`). Empty: the development partner in a development environment,
   * none in production (every push is then refused with 401).
   */
  @IsString()
  FEED_PARTNERS = '';

  /**
   * Where a pushed feed is written for the stock-feed worker (`{dir}/{partner}/{feedId}`): the same directory pharm's
   * worker reads (a shared volume in a cluster). Empty: a directory of this user's in development; required in
   * production when FEED_PARTNERS names a partner.
   */
  @IsString()
  FEED_SPOOL_DIR = '';

  /** The largest feed a partner may push, in bytes (413 above). 256 MiB: about five million rows of plain CSV. */
  @IsInt() @Min(1024) @Max(4 * 1024 ** 3)
  FEED_MAX_BYTES = 256 * 1024 ** 2;
}

/** Whether coupons are on (FEATURE_COUPONS, or by default only in a development environment). */
export const couponsEnabled = (env: GatewayEnv): boolean => (env.FEATURE_COUPONS === '' ? isDevelopment(env) : env.FEATURE_COUPONS === '1');

/** Settings that only a started gateway needs (checked by `createGateway`, so a production gateway without them refuses to start). */
export function assertStartable(env: GatewayEnv): void {
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) throw new EnvError('Invalid environment:\n  HEADERS_TIMEOUT_MS must not be above REQUEST_TIMEOUT_MS');
  if (!transitKeyConfigured(env)) throw new EnvError('Invalid environment:\n  DOCUMENTS_TRANSIT_KEY is required outside development (64 hex digits)');
  try {
    // The spool is needed only where a partner may push.
    if (feedPartners(env).length) feedSpoolDir(env);
  } catch (err) {
    throw new EnvError(`Invalid environment:\n  ${(err as Error).message}`);
  }
}
