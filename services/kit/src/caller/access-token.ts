import { verify, type KeyObject } from 'node:crypto';
import type { AccessTokenClaims } from '@mc/contracts';

/** Who signs access tokens, and how (identity's SigningKeys signs with these). */
export const TOKEN_ISSUER = 'medcanna-identity';
export const TOKEN_ALG = 'ES256';
/** Clock difference tolerated between identity and the verifier. */
const CLOCK_SKEW_S = 5;

/** The verified claims of an access token. */
export type VerifiedClaims = AccessTokenClaims & { exp: number; iat?: number };

/** Turns a caller's access token into its claims, or undefined for anything that is not a valid, unexpired token of identity's. */
export interface AccessTokenVerifier {
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

const decode = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The rules the gateway applies, without a JWT library: a compact JWS whose header names ES256 and a kid that
 * identity publishes, a valid P-256 signature, issuer `medcanna-identity`, `exp` present and not passed (a token
 * without one would never expire), `nbf` (when present) reached, type `user`, a numeric subject and a token version.
 */
export async function verifyAccessToken(
  token: string,
  keyFor: (kid: string) => Promise<KeyObject | undefined>,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<VerifiedClaims | undefined> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return undefined;
  let header: unknown;
  let claims: unknown;
  try {
    header = decode(parts[0]);
    claims = decode(parts[1]);
  } catch {
    return undefined;
  }
  if (!isObject(header) || !isObject(claims) || header.alg !== TOKEN_ALG || typeof header.kid !== 'string' || header.crit !== undefined) return undefined;
  const key = await keyFor(header.kid);
  if (!key) return undefined;
  const signature = Buffer.from(parts[2], 'base64url');
  if (signature.length !== 64 || !verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: 'ieee-p1363' }, signature)) return undefined;
  if (claims.iss !== TOKEN_ISSUER) return undefined;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds - CLOCK_SKEW_S) return undefined;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds + CLOCK_SKEW_S)) return undefined;
  if (claims.typ !== 'user' || typeof claims.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(claims.sub) || typeof claims.ver !== 'number') return undefined;
  if (!['user', 'admin', 'business_owner'].includes(claims.role as string)) return undefined;
  if (claims.biz !== undefined && (!Array.isArray(claims.biz) || !claims.biz.every((b) => typeof b === 'string'))) return undefined;
  return claims as unknown as VerifiedClaims;
}
