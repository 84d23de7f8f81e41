import type { AuthTokenResponse } from '@mc/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { apiFetch } from '../api/client';
import { onFreshPosition } from '../lib/geolocation';
import { sessions, type Session } from './session';
import { sessionReady } from './session-load';

/** The server render draws every page signed out. */
const signedOut = () => null;

export function useSession(): Session | null {
  return useSyncExternalStore(sessions.subscribe, sessions.get, signedOut);
}

export const REFRESH_EVERY_MS = 60 * 60_000;
/**
 * A patient's token lives an hour, a manager's 5 minutes (so a removed membership stops working within 5 minutes):
 * the next refresh comes when a fifth of the token's life is left, and at most 5 minutes before it expires.
 */
const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
const REFRESH_AT_LEAST_AFTER_MS = 10_000;

/** When to refresh a token expiring at `exp` (seconds): hourly, but always before it expires. */
export function refreshDelay(exp: number | undefined, now = Date.now()): number {
  if (typeof exp !== 'number') return REFRESH_EVERY_MS;
  const left = exp * 1000 - now;
  return Math.max(REFRESH_AT_LEAST_AFTER_MS, Math.min(REFRESH_EVERY_MS, left - Math.min(REFRESH_BEFORE_EXPIRY_MS, left / 5)));
}

const refresh = () => {
  apiFetch<AuthTokenResponse>('/auth/refresh', { method: 'POST' }).then((answer) => sessions.signIn(answer), () => undefined);
};

/**
 * Spec 4: the token is refreshed once on load and then hourly (and before it expires: access tokens are short);
 * a 401 signs out (apiFetch), other failures are ignored.
 */
export function useTokenRefresh() {
  const session = useSession();
  const signedIn = session !== null;
  const exp = session?.claims.exp;
  // Who is signed in comes from the API (the cookie is HttpOnly), once per page load.
  useEffect(() => {
    void sessionReady();
  }, []);
  useEffect(() => {
    if (signedIn) refresh();
  }, [signedIn]);
  // Each new token schedules the next refresh.
  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(refresh, refreshDelay(exp));
    return () => clearTimeout(timer);
  }, [signedIn, exp]);
}

/** Spec 7 (storeUserGeoLocation): a signed-in user's fresh browser position is kept with their account. */
export function useStoreGeoLocation() {
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (!signedIn) return;
    return onFreshPosition(({ lat, lng }) => {
      apiFetch('/user/geo', { method: 'PUT', body: JSON.stringify({ lat, lng }) }).catch(() => undefined);
    });
  }, [signedIn]);
}
