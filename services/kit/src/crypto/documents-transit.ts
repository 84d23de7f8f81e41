import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { isDevelopment, type AppEnv } from '../config/env';

/**
 * The documents a patient attaches to an order travel from the gateway to notifications through Redis, never the bus
 * (1 MB a message) and never a disk: the gateway seals each file with AES-256-GCM under the documents transit key both
 * processes are configured with (`DOCUMENTS_TRANSIT_KEY`, 64 hex digits) and keeps the sealed files for minutes under
 * one random reference; notifications opens them, e-mails them and deletes the entry.
 */
export const DOCUMENTS_TRANSIT_KEY_PATTERN = /^[0-9a-f]{64}$/;

/** The key of development and test environments only (a production process refuses to start without its own). */
const DEVELOPMENT_TRANSIT_KEY = '6d632d6465762d646f63756d656e74732d7472616e7369742d6b65792d303031';

/** How long sealed documents wait in Redis for notifications (then they are gone, and the delivery failed). */
export const DOCUMENTS_TRANSIT_TTL_SECONDS = 600;

/** The Redis hash holding one upload's sealed files (one field per document kind). */
export const documentsTransitKey = (ref: string): string => `documents-transit:${ref}`;

/**
 * The transit key of this process: the configured one, or in a development environment a fixed local key.
 * Throws when none is configured outside development (the env classes validate this at start already).
 */
export function transitKey(env: AppEnv & { DOCUMENTS_TRANSIT_KEY: string }): Buffer {
  const hex = env.DOCUMENTS_TRANSIT_KEY || (isDevelopment(env) ? DEVELOPMENT_TRANSIT_KEY : '');
  if (!DOCUMENTS_TRANSIT_KEY_PATTERN.test(hex)) throw new Error('DOCUMENTS_TRANSIT_KEY must be 64 hex digits outside development');
  return Buffer.from(hex, 'hex');
}

/** Whether a DOCUMENTS_TRANSIT_KEY value may start this process: a key, or none in a development environment. */
export const transitKeyConfigured = (env: AppEnv & { DOCUMENTS_TRANSIT_KEY: string }): boolean =>
  DOCUMENTS_TRANSIT_KEY_PATTERN.test(env.DOCUMENTS_TRANSIT_KEY) || (env.DOCUMENTS_TRANSIT_KEY === '' && isDevelopment(env));

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** iv (12) ‖ tag (16) ‖ ciphertext; `context` (the upload's ref and the document's kind) is bound as associated data. */
export function sealDocument(key: Buffer, plaintext: Buffer, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

/** The plaintext of `sealDocument`'s output; throws when the key, the context or the bytes are not the ones sealed. */
export function openDocument(key: Buffer, sealed: Buffer, context: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed document too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}
