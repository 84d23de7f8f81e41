import { createHmac, timingSafeEqual, type Hmac } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isDevelopment, type AppEnv } from '../config/env';

/**
 * The licensed-data partners that send stock feeds (issue 28), from configuration: `FEED_PARTNERS`, a JSON array of
 * `{ id, secret, url?, everyMs? }` (url: pulled on a schedule, every `everyMs`, default a minute). Both the gateway
 * (it checks a push's signature before taking the body) and pharm (it checks it again over the stored bytes) read it.
 * A development environment with none configured has the development partner, which pushes only.
 */
export interface FeedPartner {
  id: string;
  secret: string;
  url?: string;
  everyMs?: number;
}

export interface FeedEnv extends AppEnv {
  FEED_PARTNERS: string;
  FEED_SPOOL_DIR: string;
}

/** The README names it: `make dev`'s partner (development and test environments only). */
export const DEVELOPMENT_FEED_PARTNER: FeedPartner = { id: 'yarpa-dev', secret: 'medcanna-dev-feed-secret' };

const PARTNER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const MIN_PULL_MS = 5_000;
export const DEFAULT_PULL_EVERY_MS = 60_000;

/** The configured partners; throws (the process does not start) on a malformed list, a short secret or a repeated id. */
export function feedPartners(env: FeedEnv): FeedPartner[] {
  if (!env.FEED_PARTNERS.trim()) return isDevelopment(env) ? [DEVELOPMENT_FEED_PARTNER] : [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(env.FEED_PARTNERS);
  } catch {
    throw new Error('FEED_PARTNERS must be a JSON array of { id, secret, url?, everyMs? }');
  }
  if (!Array.isArray(parsed)) throw new Error('FEED_PARTNERS must be a JSON array');
  const seen = new Set<string>();
  return parsed.map((p: Partial<FeedPartner>, i) => {
    if (!p || typeof p.id !== 'string' || !PARTNER_ID.test(p.id)) throw new Error(`FEED_PARTNERS[${i}]: id must be lower-case letters, digits and dashes`);
    if (seen.has(p.id)) throw new Error(`FEED_PARTNERS: ${p.id} twice`);
    seen.add(p.id);
    if (typeof p.secret !== 'string' || p.secret.length < 16) throw new Error(`FEED_PARTNERS ${p.id}: the secret must be at least 16 characters`);
    if (p.url !== undefined && (typeof p.url !== 'string' || !/^https?:\/\/.+/.test(p.url))) throw new Error(`FEED_PARTNERS ${p.id}: url must be http(s)`);
    if (p.url && !isDevelopment(env) && !p.url.startsWith('https://')) throw new Error(`FEED_PARTNERS ${p.id}: url must be https:// outside development`);
    const everyMs = p.everyMs ?? DEFAULT_PULL_EVERY_MS;
    if (!Number.isInteger(everyMs) || everyMs < MIN_PULL_MS) throw new Error(`FEED_PARTNERS ${p.id}: everyMs must be a whole number ≥ ${MIN_PULL_MS}`);
    return { id: p.id, secret: p.secret, ...(p.url ? { url: p.url, everyMs } : {}) };
  });
}

/**
 * Where pushed and pulled feeds wait for the worker, as `{dir}/{partner}/{feedId}` (content-addressed: the same bytes,
 * the same file). The gateway and the stock-feed worker must see the same directory (a shared volume in a cluster).
 * Development: a directory of this user's; elsewhere it must be configured.
 */
export function feedSpoolDir(env: FeedEnv): string {
  if (env.FEED_SPOOL_DIR) return env.FEED_SPOOL_DIR;
  if (isDevelopment(env)) return join(homedir(), '.local/state/medcanna/feeds');
  throw new Error('FEED_SPOOL_DIR must be set outside development');
}

export const feedSpoolPath = (dir: string, partner: string, feedId: string): string => join(dir, partner, feedId);

/** An HMAC-SHA256 over `{timestamp}.{body}` with the body still to be written (streamed). */
export function feedSigner(secret: string, timestamp: number): Hmac {
  return createHmac('sha256', secret).update(`${timestamp}.`);
}

/** The hex signature of `{timestamp}.{body}` (a status request signs an empty body). */
export function feedSignature(secret: string, timestamp: number, body: string | Buffer = ''): string {
  return feedSigner(secret, timestamp).update(body).digest('hex');
}

/** Whether `given` (hex) is `expected` (hex), in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return /^[0-9a-f]{64}$/.test(given) && a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a request signed at `timestamp` (Unix seconds) is inside the replay window at `nowMs`. */
export function withinReplayWindow(timestamp: number, nowMs: number, windowSeconds: number): boolean {
  return Number.isInteger(timestamp) && Math.abs(nowMs / 1000 - timestamp) <= windowSeconds;
}
