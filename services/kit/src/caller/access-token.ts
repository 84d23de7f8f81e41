import { createHash, type KeyObject } from 'node:crypto';
import { jwtVerify } from 'jose';
import { BUSINESS_KINDS, SLUG_PATTERN, type AccessTokenClaims, type BusinessAccessClaims } from '@mc/contracts';

/** Who signs access tokens, and how (identity's SigningKeys signs with these). */
export const TOKEN_ISSUER = 'medcanna-identity';
export const TOKEN_ALG = 'ES256';
/** Clock difference tolerated between identity and the verifier. */
const CLOCK_SKEW_S = 5;

/** The verified claims of an access token. */
export type VerifiedClaims = (AccessTokenClaims | BusinessAccessClaims) & { exp: number; iat?: number };

/** Turns a caller's access token into its claims, or undefined for anything that is not a valid, unexpired token of identity's. */
export interface AccessTokenVerifier {
  verify(token: string): Promise<AccessTokenClaims | BusinessAccessClaims | undefined>;
}

/**
 * The rules the gateway applies, checked with jose: a compact JWS signed ES256 with a key identity publishes
 * (by kid), issuer `medcanna-identity`, `exp` present and not passed (a token without one would never expire),
 * `nbf` (when present) reached; then our claims: type `user`, a numeric subject, a token version, a known role.
 */
export async function verifyAccessToken(
  token: string,
  keyFor: (kid: string) => Promise<KeyObject | undefined>,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<VerifiedClaims | undefined> {
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, async ({ kid }) => {
      const key = kid ? await keyFor(kid) : undefined;
      if (!key) throw new Error('unknown key');
      return key;
    }, { algorithms: [TOKEN_ALG], issuer: TOKEN_ISSUER, requiredClaims: ['exp'], clockTolerance: CLOCK_SKEW_S, currentDate: new Date(nowSeconds * 1000) }));
  } catch {
    return undefined;
  }
  return hasOurClaims(claims) || hasBusinessClaims(claims) ? (claims as unknown as VerifiedClaims) : undefined;
}

/** How many verified tokens a process remembers (about 1 kB each); the oldest remembered goes first. */
const REMEMBERED_TOKENS = 10_000;

/** A remembered token's time checks, as jose makes them: `exp` not passed and `nbf` (when present) reached, with the skew. */
const stillInTime = (claims: VerifiedClaims & { nbf?: number }, nowSeconds: number) =>
  claims.exp > nowSeconds - CLOCK_SKEW_S && (claims.nbf === undefined || claims.nbf <= nowSeconds + CLOCK_SKEW_S);

/**
 * `verifyAccessToken` with a memory: a patient's page asks several services with one token, and each ES256 check
 * costs more than the rest of the caller guard. A token verified once is remembered by its SHA-256 (never the token
 * itself) with the key that verified it, and taken again only while that key is still identity's and the token's time
 * checks still pass; its version (a sign-out, a password change) is checked on every request as before (CallerGuard).
 */
export class VerifiedTokens {
  private readonly remembered = new Map<string, { claims: VerifiedClaims; kid: string; key: KeyObject }>();

  constructor(private readonly verifyToken: typeof verifyAccessToken = verifyAccessToken, private readonly max = REMEMBERED_TOKENS) {}

  get size(): number {
    return this.remembered.size;
  }

  async verify(token: string, keyFor: (kid: string) => Promise<KeyObject | undefined>, nowSeconds = Math.floor(Date.now() / 1000)): Promise<VerifiedClaims | undefined> {
    const id = createHash('sha256').update(token).digest('base64url');
    const known = this.remembered.get(id);
    if (known) {
      const key = await keyFor(known.kid);
      if (key && (key === known.key || key.equals(known.key)) && stillInTime(known.claims, nowSeconds)) return known.claims;
      this.remembered.delete(id);
    }
    let used: { kid: string; key: KeyObject } | undefined;
    const claims = await this.verifyToken(token, async (kid) => {
      const key = await keyFor(kid);
      if (key) used = { kid, key };
      return key;
    }, nowSeconds);
    if (claims && used) {
      if (this.remembered.size >= this.max) this.remembered.delete(this.remembered.keys().next().value!);
      this.remembered.set(id, { claims: Object.freeze(claims), ...used });
    }
    return claims;
  }
}

/**
 * The claims of a business access token (`BusinessAccessClaims`): type `business`, a numeric subject, a token version,
 * a known role, and the one business it opens. Only `@RequireCompany()` accepts such a caller (CallerGuard).
 */
export function hasBusinessClaims(claims: Record<string, unknown>): boolean {
  if (claims.typ !== 'business' || typeof claims.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(claims.sub) || typeof claims.ver !== 'number') return false;
  if (!['user', 'admin', 'business_owner'].includes(claims.role as string) || typeof claims.exp !== 'number') return false;
  const business = claims.business as Record<string, unknown> | undefined;
  return typeof business === 'object' && business !== null && (BUSINESS_KINDS as readonly unknown[]).includes(business.kind)
    && typeof business.slug === 'string' && SLUG_PATTERN.test(business.slug);
}

/** Our claims of a verified token (the gateway's bearer strategy applies them too): type `user`, a numeric subject, a token version, a known role, memberships as a list of slugs. */
export function hasOurClaims(claims: Record<string, unknown>): boolean {
  if (claims.typ !== 'user' || typeof claims.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(claims.sub) || typeof claims.ver !== 'number') return false;
  if (!['user', 'admin', 'business_owner'].includes(claims.role as string)) return false;
  if (typeof claims.exp !== 'number') return false;
  return claims.biz === undefined || (Array.isArray(claims.biz) && claims.biz.every((b) => typeof b === 'string'));
}
