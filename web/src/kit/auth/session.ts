import type { AccessTokenClaims, AuthTokenResponse } from '@mc/contracts';

/**
 * The access token lives in the session cookie the gateway sets (`token`: HttpOnly, SameSite=Lax, Secure in
 * production). The page never reads it: it learns who is signed in from the API (`GET /api/auth/session`, see
 * session-load.ts) and from the answers of sign-in, activation, reset and refresh; requests carry the cookie by themselves.
 */
export type SessionClaims = Pick<AccessTokenClaims, 'sub' | 'role' | 'auth_time'> & { exp?: number };

export interface Session {
  claims: SessionClaims;
}

/** The claims of a token answered by the API, if it decodes as a user token (spec 3: only identity type user is accepted). */
function decodeToken(token: string): (AccessTokenClaims & { exp?: number }) | undefined {
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

/** Who is signed in, as the API told: null until it did, or when no one is. */
class SessionStore {
  private session: Session | null = null;
  /** Grows with every change, so an older answer of the API does not undo a newer sign-in or sign-out. */
  private generation = 0;
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): Session | null => this.session;

  /** The store's generation now (for `fromApi`). */
  get version(): number {
    return this.generation;
  }

  /** Signed in from the answer of sign-in, activation, reset, refresh or Google (the cookie came with it); false for one that does not decode. */
  signIn({ jwt }: AuthTokenResponse): boolean {
    const claims = decodeToken(jwt);
    if (!claims) return false;
    this.set({ claims: { sub: claims.sub, role: claims.role, exp: claims.exp, auth_time: claims.auth_time } });
    return true;
  }

  /** What `GET /api/auth/session` answered, unless the session changed since it was asked (at `asked`). */
  fromApi(session: SessionClaims | null, asked: number): void {
    if (asked !== this.generation) return;
    this.set(session ? { claims: session } : null);
  }

  /** Forgets the session here (a 401, or after the server signed it out). */
  signOut() {
    this.set(null);
  }

  private set(session: Session | null) {
    this.generation++;
    this.session = session;
    for (const listener of this.listeners) listener();
  }
}

export const sessions = new SessionStore();
