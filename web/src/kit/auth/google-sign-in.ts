import { Messages, safeReturnPath, type GoogleAuthUrlResponse } from '@mc/contracts';
import { ApiError, apiFetch } from '../api/client';

/** Where the page a Google sign-in started from is kept until Google sends the browser back (this tab only). */
export const GOOGLE_RETURN_KEY = 'googleSignInReturnTo';
/** Spec 4: a failed Google callback returns to the site after 5 seconds. */
export const GOOGLE_FAILURE_RETURN_MS = 5000;

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * Spec 4: keeps the current page as the return target and sends the browser to Google's authorization URL
 * (from `GET /api/auth/google/url`). Rejects with the API's error when there is no URL to go to.
 */
export async function startGoogleSignIn(go: (url: string) => void = (url) => window.location.assign(url), from: string = currentPath()): Promise<void> {
  const returnTo = safeReturnPath(from);
  try {
    sessionStorage.setItem(GOOGLE_RETURN_KEY, returnTo);
  } catch {
    // Storage turned off: the gateway keeps the same page with the sign-in and answers it on the callback.
  }
  const { url } = await apiFetch<GoogleAuthUrlResponse>(`/auth/google/url?${new URLSearchParams({ returnTo })}`);
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new ApiError(502, 'BAD_RESPONSE', Messages.generic);
  go(url);
}

/** The page to return to after the callback, read once: the one this tab kept, else the server's, else '/'. */
export function takeGoogleReturnPath(fromServer?: string): string {
  let kept: string | null = null;
  try {
    kept = sessionStorage.getItem(GOOGLE_RETURN_KEY);
    sessionStorage.removeItem(GOOGLE_RETURN_KEY);
  } catch {
    kept = null;
  }
  return safeReturnPath(kept ?? fromServer);
}

/** The query exactly as Google sent it (the router's own parsing would turn a numeric-looking value into a number). */
export const googleCallbackQuery = (searchStr: string) => {
  const query = new URLSearchParams(searchStr);
  return { code: query.get('code') ?? '', state: query.get('state') ?? '' };
};
