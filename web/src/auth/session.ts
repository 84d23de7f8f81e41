import type { AccessTokenClaims, AuthTokenResponse } from '@mc/contracts';
import Cookies from 'js-cookie';

/** Spec 3 and 9: the token lives in a cookie named 'token' for one year. */
export const TOKEN_COOKIE = 'token';
const LIFESPAN_DAYS = 365;

export interface Session {
  token: string;
  claims: AccessTokenClaims;
}

/** The claims of a token, if it decodes as a user token (spec 3: only identity type user is accepted). */
export function decodeToken(token: string): AccessTokenClaims | undefined {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as Partial<AccessTokenClaims> & { exp?: number };
    if (payload.typ !== 'user' || typeof payload.sub !== 'string') return undefined;
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) return undefined;
    return payload as AccessTokenClaims;
  } catch {
    return undefined;
  }
}

type Listener = () => void;

/** The signed-in session, kept in the token cookie; a bad or undecodable cookie is removed on read. */
class SessionStore {
  private session: Session | null = null;
  private readonly listeners = new Set<Listener>();

  constructor() {
    const token = Cookies.get(TOKEN_COOKIE);
    const claims = token ? decodeToken(token) : undefined;
    if (token && claims) this.session = { token, claims };
    else if (token) Cookies.remove(TOKEN_COOKIE, { path: '/' });
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): Session | null => this.session;

  /** Stores a token from sign-in, activation, reset or refresh; answers false for one that does not decode. */
  signIn({ jwt }: AuthTokenResponse): boolean {
    const claims = decodeToken(jwt);
    if (!claims) return false;
    Cookies.set(TOKEN_COOKIE, jwt, { expires: LIFESPAN_DAYS, path: '/', sameSite: 'lax', secure: location.protocol === 'https:' });
    this.set({ token: jwt, claims });
    return true;
  }

  signOut() {
    Cookies.remove(TOKEN_COOKIE, { path: '/' });
    this.set(null);
  }

  private set(session: Session | null) {
    this.session = session;
    for (const listener of this.listeners) listener();
  }
}

export const sessions = new SessionStore();
