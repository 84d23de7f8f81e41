import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEV_OAUTH } from './google-settings';

/** A signed-in "Google" account of the local fake provider. */
export interface DevAccount {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

interface IssuedCode {
  account: DevAccount;
  redirectUri: string;
  challenge: string;
  method: string;
  expiresAt: number;
}

/** An answer of the token endpoint in OAuth 2.0's shape (RFC 6749 §5). */
export type TokenAnswer =
  | { status: 200; body: { access_token: string; token_type: 'Bearer'; expires_in: number; scope: string } }
  | { status: 400 | 401; body: { error: string; error_description: string } };

const CODE_SECONDS = 300;
const ACCESS_SECONDS = 3600;
/** A bound on what is kept in memory (a local tool, one person at a time). */
const MAX_KEPT = 1000;
const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** The same e-mail is the same account, as at Google: a stable id from the address. */
export const devSubOf = (email: string) => `dev-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 21)}`;

function keep<T extends { expiresAt: number }>(map: Map<string, T>, key: string, value: T) {
  const now = Date.now();
  for (const [k, v] of map) if (v.expiresAt <= now) map.delete(k);
  if (map.size >= MAX_KEPT) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/**
 * The local stand-in for Google's OAuth 2.0 endpoints (outside production, without a Google client): codes
 * for an e-mail typed on its page, bound to the redirect URI and the PKCE challenge of the request, single
 * use, 5 minutes; access tokens for its userinfo endpoint. Only what the gateway's strategy needs.
 */
export class DevOAuthProvider {
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, { account: DevAccount; expiresAt: number }>();

  constructor(private readonly callbackURL: string) {}

  /** Why an authorization request would be refused (Google shows an error page instead of its sign-in). */
  refusal(params: Record<string, unknown>): string | undefined {
    if (params.client_id !== DEV_OAUTH.clientId) return 'invalid_client: unknown client_id';
    if (params.redirect_uri !== this.callbackURL) return 'redirect_uri_mismatch';
    if (params.response_type !== 'code') return 'unsupported_response_type';
    if (typeof params.code_challenge !== 'string' || params.code_challenge_method !== 'S256') return 'invalid_request: PKCE (S256) is required';
    return undefined;
  }

  issueCode(account: { email: string; givenName?: string; familyName?: string }, request: { redirectUri: string; challenge: string; method: string }): string {
    const email = account.email.trim().toLowerCase();
    const code = random();
    keep(this.codes, code, {
      account: { sub: devSubOf(email), email, givenName: account.givenName?.trim() ?? '', familyName: account.familyName?.trim() ?? '' },
      redirectUri: request.redirectUri,
      challenge: request.challenge,
      method: request.method,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
    });
    return code;
  }

  /** The token endpoint: an authorization code (once, with its redirect URI and PKCE verifier) for an access token. */
  exchange(body: Record<string, unknown>): TokenAnswer {
    const refuse = (status: 400 | 401, error: string, description: string): TokenAnswer => ({ status, body: { error, error_description: description } });
    if (body.client_id !== DEV_OAUTH.clientId || body.client_secret !== DEV_OAUTH.clientSecret) return refuse(401, 'invalid_client', 'Unauthorized');
    if (body.grant_type !== 'authorization_code') return refuse(400, 'unsupported_grant_type', 'Invalid grant_type');
    const code = typeof body.code === 'string' ? body.code : '';
    const issued = this.codes.get(code);
    this.codes.delete(code);
    if (!issued || issued.expiresAt <= Date.now()) return refuse(400, 'invalid_grant', 'Malformed auth code.');
    if (body.redirect_uri !== issued.redirectUri) return refuse(400, 'redirect_uri_mismatch', 'Bad Request');
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
    if (!verifier || !same(s256(verifier), issued.challenge)) return refuse(400, 'invalid_grant', 'Invalid code verifier.');
    const accessToken = random();
    keep(this.tokens, accessToken, { account: issued.account, expiresAt: Date.now() + ACCESS_SECONDS * 1000 });
    return { status: 200, body: { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_SECONDS, scope: 'openid email profile' } };
  }

  /** The userinfo endpoint's answer (OpenID Connect claims) for an access token, or undefined for an unknown one. */
  userinfo(accessToken: string | undefined): Record<string, unknown> | undefined {
    const held = accessToken ? this.tokens.get(accessToken) : undefined;
    if (!held || held.expiresAt <= Date.now()) return undefined;
    const { sub, email, givenName, familyName } = held.account;
    return { sub, email, email_verified: true, given_name: givenName || undefined, family_name: familyName || undefined, name: `${givenName} ${familyName}`.trim() || undefined };
  }
}
