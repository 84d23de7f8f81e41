import type { KeyObject } from 'node:crypto';
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
