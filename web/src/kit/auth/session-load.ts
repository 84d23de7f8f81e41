import { apiFetch } from '../api/client';
import { sessions, type SessionClaims } from './session';

let loading: Promise<void> | undefined;

/**
 * Asks the API who is signed in (`GET /api/auth/session`; the HttpOnly cookie goes with the request), once per page
 * load; resolves when it answered (or failed: then the session stays as it was).
 */
export function sessionReady(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  loading ??= (async () => {
    const asked = sessions.version;
    try {
      const answer = await apiFetch<{ session?: SessionClaims | null }>('/auth/session');
      if (answer && 'session' in answer) sessions.fromApi(answer.session ?? null, asked);
    } catch {
      // Unknown: nothing changes (a 401 would have signed out already).
    }
  })();
  return loading;
}

/**
 * Signs out here at once, and on the server (every session of the account ends, the cookie is cleared: the request
 * still carries it). Resolves when the server answered; a failure leaves the token to expire.
 */
export async function signOutEverywhere(): Promise<void> {
  sessions.signOut();
  await apiFetch('/auth/signout', { method: 'POST' }).catch(() => undefined);
}
