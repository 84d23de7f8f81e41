import { hash, verify } from '@node-rs/argon2';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Argon2id (memory-hard) with the library's defaults: 19 MiB, 2 passes. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A single-use link token: 32 random bytes, URL-safe; only its SHA-256 is stored. */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * HMAC-SHA256 keyed by a server secret, for short secrets a plain hash would not protect (a 6-digit code's
 * SHA-256 is found by trying a million) and for signatures (unsubscribe links). `purpose` separates the uses.
 */
export const keyedHash = (secret: string, purpose: string, value: string): string =>
  createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');

/** Compares two texts in constant time (for their length). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
