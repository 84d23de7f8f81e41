import type { AuthTokenResponse } from '@mc/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { apiFetch } from '../api/client';
import { onFreshPosition } from '../components/products/geolocation';
import { sessions, type Session } from './session';

/** The server render draws every page signed out. */
const signedOut = () => null;

export function useSession(): Session | null {
  return useSyncExternalStore(sessions.subscribe, sessions.get, signedOut);
}

export const REFRESH_EVERY_MS = 60 * 60_000;

/** Spec 4: the token is refreshed once on load and then hourly; a 401 signs out (apiFetch), other failures are ignored. */
export function useTokenRefresh() {
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => {
      apiFetch<AuthTokenResponse>('/auth/refresh', { method: 'POST' }).then((answer) => sessions.signIn(answer), () => undefined);
    };
    refresh();
    const timer = setInterval(refresh, REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [signedIn]);
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
