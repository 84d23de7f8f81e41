import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';

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
