import { GOOGLE_CALLBACK_PATH } from '../identity';

const MAX_LENGTH = 500;

/**
 * A page of this site to return to after signing in elsewhere (Google): a path with its query, starting
 * with one '/'. Anything else (another site, `//host`, `/\host`, control characters, the callback page
 * itself, overlong text) gives '/', so a crafted link can never send a user off the site.
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > MAX_LENGTH) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return '/';
  if (raw === GOOGLE_CALLBACK_PATH || raw.startsWith(`${GOOGLE_CALLBACK_PATH}?`) || raw.startsWith(`${GOOGLE_CALLBACK_PATH}/`)) return '/';
  return raw;
}
