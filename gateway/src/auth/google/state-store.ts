import { GOOGLE_STATE_SECONDS } from '@mc/contracts';
import type Redis from 'ioredis';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The request a Google sign-in runs the strategy with: the callback's query, and what this browser's sign-in carries. */
export interface FlowRequest {
  query: Record<string, string>;
  flow: {
    /** The random value of this browser's flow cookie. */
    browser?: string;
    /** The page to return to (already checked with `safeReturnPath`). */
    returnTo?: string;
  };
}

interface StoredState {
  /** PKCE: the code verifier whose S256 challenge went to Google with the authorization request. */
  verifier: string;
  /** SHA-256 of the flow cookie of the browser that started the sign-in. */
  browser: string;
  returnTo: string;
}

/** 32 random bytes, URL-safe: the `state` handles and the flow cookie's value. */
const RANDOM_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const newRandomToken = (): string => randomBytes(32).toString('base64url');
export const isRandomToken = (value: unknown): value is string => typeof value === 'string' && RANDOM_TOKEN.test(value);
const digest = (value: string) => createHash('sha256').update(value).digest();
const key = (handle: string) => `google-state:${handle}`;

/**
 * passport-oauth2's state store (the `store` option, with PKCE), kept in Redis instead of a session: each
 * authorization request gets an unguessable `state` that lives 10 minutes, is used once (GETDEL), and counts
 * only in the browser that started it (its flow cookie), so a link with someone else's code and state signs
 * nobody in. A state that fails any of this ends the run with `invalid()`.
 */
export class RedisStateStore {
  constructor(private readonly redis: Redis, private readonly invalid: () => Error) {}

  store(req: FlowRequest, verifier: string, _state: unknown, _meta: unknown, done: (err: Error | null, handle?: string) => void): void {
    const handle = newRandomToken();
    const record: StoredState = { verifier, browser: digest(req.flow.browser ?? '').toString('hex'), returnTo: req.flow.returnTo ?? '/' };
    this.redis.set(key(handle), JSON.stringify(record), 'EX', GOOGLE_STATE_SECONDS).then(() => done(null, handle), (err: Error) => done(err));
  }

  verify(req: FlowRequest, handle: string, _meta: unknown, done: (err: Error | null, ok?: string | false, state?: { returnTo: string }) => void): void {
    if (!isRandomToken(handle)) return done(this.invalid());
    this.redis.getdel(key(handle)).then((raw) => {
      const record = raw ? (JSON.parse(raw) as StoredState) : undefined;
      const browser = req.flow.browser;
      if (!record || !browser || !timingSafeEqual(Buffer.from(record.browser, 'hex'), digest(browser))) return done(this.invalid());
      done(null, record.verifier, { returnTo: record.returnTo });
    }, (err: Error) => done(err));
  }
}

/** The cookie that ties a sign-in to the browser that started it (sent only to the Google endpoints, never to scripts). */
const FLOW_COOKIE = 'mc_google_flow';
const COOKIE_PATH = '/api/auth/google';

export function flowCookie(value: string, secure: boolean): string {
  return `${FLOW_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${GOOGLE_STATE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedFlowCookie(secure: boolean): string {
  return `${FLOW_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The flow cookie's value in a `Cookie` header, if it is one we could have set. */
export function flowCookieValue(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FLOW_COOKIE) {
      const value = rest.join('=');
      return isRandomToken(value) ? value : undefined;
    }
  }
  return undefined;
}
