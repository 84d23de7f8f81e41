import { createCipheriv, createDecipheriv, generateKeyPair, privateDecrypt, constants, randomBytes, randomUUID, type KeyObject, createPrivateKey } from 'node:crypto';
import { promisify } from 'node:util';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ErrorCodes, Messages, type CheckoutPublicKey } from '@mc/contracts';
import { Clock, DATABASE, SERVICE_ENV, serviceError, type Database } from '@mc/kit';
import { desc, eq, sql } from 'drizzle-orm';
import { piiKeys } from '../db/schema';
import { piiMasterKey, type OrderEnv } from '../config';

const generate = promisify(generateKeyPair);

export const encryptionKeyUnknown = () => serviceError(400, ErrorCodes.badRequest, Messages.encryptionKeyUnknown);
const undecryptable = () => serviceError(400, ErrorCodes.badRequest, Messages.badRequest);

/** AES-256-GCM: iv (12) | tag (16) | ciphertext, base64. */
export function sealAtRest(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function openAtRest(key: Buffer, sealed: string): Buffer {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/**
 * The checkout's RSA-OAEP-256 key (3072-bit): the browser encrypts the ID number with its public half; the private half
 * is kept encrypted at rest under PII_MASTER_KEY and opened in memory only. Made on the first start (once, whatever
 * the number of copies starting: an advisory lock), kept for the orders it encrypted.
 */
@Injectable()
export class PiiKeys implements OnModuleInit {
  private current?: CheckoutPublicKey;
  private readonly privateKeys = new Map<string, KeyObject>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SERVICE_ENV) private readonly env: OrderEnv,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    this.current = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('order:pii-keys'))`);
      const [existing] = await tx.select().from(piiKeys).orderBy(desc(piiKeys.createdAt)).limit(1);
      if (existing) return { keyId: existing.keyId, publicKey: existing.publicKey, algorithm: 'RSA-OAEP-256' as const };
      const pair = await generate('rsa', { modulusLength: 3072, publicExponent: 0x10001 });
      const keyId = randomUUID();
      const publicKey = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
      const privateDer = pair.privateKey.export({ type: 'pkcs8', format: 'der' });
      await tx.insert(piiKeys).values({ keyId, publicKey, privateKeyEncrypted: sealAtRest(piiMasterKey(this.env), privateDer), createdAt: this.clock.now() });
      this.privateKeys.set(keyId, pair.privateKey);
      return { keyId, publicKey, algorithm: 'RSA-OAEP-256' as const };
    });
  }

  publicKey(): CheckoutPublicKey {
    if (!this.current) throw serviceError(503, ErrorCodes.unavailable, Messages.serviceUnavailable);
    return this.current;
  }

  /** The private half of key `keyId` (opened from its encrypted copy once, then kept in memory); 400 for a key not ours. */
  private async privateKey(keyId: string): Promise<KeyObject> {
    const cached = this.privateKeys.get(keyId);
    if (cached) return cached;
    const [row] = await this.db.select().from(piiKeys).where(eq(piiKeys.keyId, keyId));
    if (!row) throw encryptionKeyUnknown();
    const key = createPrivateKey({ key: openAtRest(piiMasterKey(this.env), row.privateKeyEncrypted), format: 'der', type: 'pkcs8' });
    this.privateKeys.set(keyId, key);
    return key;
  }

  /** The ID number inside the browser's ciphertext of `{"idNumber":"…"}`; 400 when the key is unknown or it does not open. */
  async decryptIdNumber(keyId: string, ciphertext: string): Promise<string> {
    const key = await this.privateKey(keyId);
    let parsed: unknown;
    try {
      const plain = privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ciphertext, 'base64'));
      parsed = JSON.parse(plain.toString('utf8'));
    } catch {
      throw undecryptable();
    }
    const idNumber = (parsed as { idNumber?: unknown } | null)?.idNumber;
    if (typeof idNumber !== 'string') throw undecryptable();
    return idNumber;
  }
}
