import { isDevelopment, ServiceEnv, type FeedEnv } from '@mc/kit';
import { IsInt, IsNumber, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';

export class PharmEnv extends ServiceEnv implements FeedEnv {
  /** How often offers gone stale are told to catalog as out of stock (0: never; the integration tests sweep by hand). */
  @IsInt() @Min(0) @Max(3_600_000)
  STALE_SWEEP_MS = 60_000;

  /**
   * How often reservations left held (order took the units, then neither placed the batch nor released it: it stopped
   * in between) are given back, once older than STOCK_HOLD_MS (0: never; the integration tests sweep by hand).
   */
  @IsInt() @Min(0) @Max(3_600_000)
  STOCK_HOLD_SWEEP_MS = 60_000;

  /** How long a reservation may stay held before the sweep gives its units back (far above order's checkout). */
  @IsInt() @Min(60_000) @Max(86_400_000)
  STOCK_HOLD_MS = 15 * 60_000;

  /** The partners of the stock feed: a JSON array of { id, secret, url?, everyMs? } (see the kit's feedPartners). */
  @IsString()
  FEED_PARTNERS = '';

  /** Where pushed and pulled feeds wait for the worker (shared with the gateway); required outside development. */
  @IsString()
  FEED_SPOOL_DIR = '';

  /** Rows of a feed per transaction (each chunk's offers and the feed's progress commit together). */
  @IsInt() @Min(1) @Max(20_000)
  FEED_CHUNK_ROWS = 2000;

  /** A feed with a larger share of bad rows is refused whole. */
  @IsNumber() @Min(0) @Max(1)
  FEED_MAX_BAD_SHARE = 0.2;

  /** How long the worker's hold on a feed lasts without renewal: a worker that died gives its feed to another after this. */
  @IsInt() @Min(1000) @Max(600_000)
  FEED_LOCK_MS = 30_000;

  /** The cannabis companies (slugs, comma-separated) whose staff get the stock report (back-office.md §6). */
  @IsString()
  STOCK_REPORT_COMPANIES = 'greenmed,medocann,bubble';

  /** The largest feed taken by a pull (bytes). */
  @IsInt() @Min(1024) @Max(10 * 1024 ** 3)
  FEED_MAX_BYTES = 1024 ** 3;

  /**
   * Keys the HMAC of the alerts' unsubscribe links (issue 31): at least 32 characters of random text. Required in
   * production; development and tests use a fixed local secret when it is empty.
   */
  @ValidateIf((env: PharmEnv) => env.PHARM_HMAC_SECRET !== '' || !isDevelopment(env))
  @Matches(/^\S{32,}$/, { message: 'must be at least 32 characters without spaces (is required in production)' })
  PHARM_HMAC_SECRET = '';

  /**
   * When alerts are held until the morning, Israel time: 'from-until' in whole hours (the spec's '22-8'). 'none' (no
   * quiet hours) only in development and tests: the browser tests run on the real clock, at any hour; pharm's
   * integration tests move the clock through the night instead.
   */
  @Matches(/^(none|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/, { message: "must be 'from-until' in hours (22-8)" })
  @ValidateIf((env: PharmEnv) => env.ALERT_QUIET_HOURS !== 'none' || !isDevelopment(env))
  @Matches(/^\d/, { message: "may be 'none' only in development and tests" })
  ALERT_QUIET_HOURS = '22-8';

  /** How often the worker matches the offers' changes against the alerts (0: never; the integration tests match by hand). */
  @IsInt() @Min(0) @Max(60_000)
  ALERT_MATCH_MS = 1000;
}

const LOCAL_HMAC_SECRET = 'medcanna-local-pharm-hmac-secret-not-for-production';
export const hmacSecret = (env: PharmEnv): string => env.PHARM_HMAC_SECRET || LOCAL_HMAC_SECRET;
