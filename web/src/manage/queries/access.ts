import { apiFetch, apiResponse, isApiError } from '../../kit/api/client';
import { sessions } from '../../kit/auth/session';

/**
 * The business access token of one company (spec §4 'Management access', §7 accessBusiness): obtained as the company
 * is opened, kept for that company's calls (in memory, and in sessionStorage so a reload of the tab keeps it; never
 * in localStorage), renewed before it runs out, and sent as `Authorization: Bearer` on every call of that company.
 */

/** A token valid for less than this is renewed before the call (the gateway's clock and ours may differ a little). */
const RENEW_BEFORE_MS = 30_000;
/** The token's life when its expiry cannot be read from it (the gateway issues them for 5 minutes). */
const TOKEN_LIFE_MS = 5 * 60_000;
const STORAGE_PREFIX = 'mc.company-access.';

interface KeptToken {
  jwt: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The signed-in user it was issued to: another user in this tab never uses it. */
  userId: string;
}

const kept = new Map<string, KeptToken>();
const asking = new Map<string, Promise<KeptToken>>();

const storage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
};

/** The token's `exp` (epoch ms), or 5 minutes from now when it does not decode. */
export function tokenExpiry(jwt: string, now = Date.now()): number {
  try {
    const payload = JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    if (typeof payload.exp === 'number') return payload.exp * 1000;
  } catch {
    // An opaque token: its documented life.
  }
  return now + TOKEN_LIFE_MS;
}

function read(slug: string): KeptToken | undefined {
  const inMemory = kept.get(slug);
  if (inMemory) return inMemory;
  const raw = storage()?.getItem(STORAGE_PREFIX + slug);
  if (!raw) return undefined;
  try {
    const token = JSON.parse(raw) as KeptToken;
    if (typeof token.jwt === 'string' && typeof token.expiresAt === 'number' && typeof token.userId === 'string') {
      kept.set(slug, token);
      return token;
    }
  } catch {
    // Unreadable: asked for again.
  }
  return undefined;
}

function keep(slug: string, token: KeptToken) {
  kept.set(slug, token);
  storage()?.setItem(STORAGE_PREFIX + slug, JSON.stringify(token));
}

/** Forgets the company's token (refused by the gateway), or every company's (the session ended). */
export function forgetCompanyToken(slug?: string): void {
  const store = storage();
  if (slug !== undefined) {
    kept.delete(slug);
    store?.removeItem(STORAGE_PREFIX + slug);
    return;
  }
  kept.clear();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(STORAGE_PREFIX)) store.removeItem(key);
}

// Signing out (or another user signing in) drops every company's token.
let lastUserId = sessions.get()?.claims.sub;
sessions.subscribe(() => {
  const userId = sessions.get()?.claims.sub;
  if (userId !== lastUserId) forgetCompanyToken();
  lastUserId = userId;
});

/** `POST /api/businesses/company:{slug}/access` (with the session): the company's token; 403 or 404 when this user may not manage it. */
export async function companyToken(slug: string, { renew = false } = {}): Promise<string> {
  const userId = sessions.get()?.claims.sub ?? '';
  const current = read(slug);
  if (!renew && current && current.userId === userId && current.expiresAt - RENEW_BEFORE_MS > Date.now()) return current.jwt;
  let pending = asking.get(slug);
  if (!pending) {
    pending = apiFetch<{ jwt: string }>(`/businesses/company:${encodeURIComponent(slug)}/access`, { method: 'POST' })
      .then(({ jwt }) => {
        const token = { jwt, expiresAt: tokenExpiry(jwt), userId };
        keep(slug, token);
        return token;
      })
      .finally(() => asking.delete(slug));
    asking.set(slug, pending);
  }
  return (await pending).jwt;
}

/** A call of the company's with its token; a 401 (the token ran out or was revoked) gets a new token once and calls again. */
export async function companyResponse(slug: string, path: string, init: RequestInit = {}): Promise<Response> {
  const call = (jwt: string) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${jwt}`);
    return apiResponse(path, { ...init, headers });
  };
  try {
    return await call(await companyToken(slug));
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) throw error;
    forgetCompanyToken(slug);
    return call(await companyToken(slug, { renew: true }));
  }
}

/** A company call answering JSON. */
export async function companyFetch<T>(slug: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await companyResponse(slug, path, init);
  return (await response.json()) as T;
}

/** The company was not found, or this manager may not manage it (the access call's 403 or 404): the not-found page. */
export const isNotFound = (error: unknown): boolean => isApiError(error) && (error.status === 403 || error.status === 404);
