import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { TOKEN_LIFETIME, type AccessTokenClaims, type BusinessAccessClaims, type SigningKeysResponse } from '@mc/contracts';
import { Clock, DATABASE, LOGGER, repeatEvery, type Repeating, SERVICE_ENV, TOKEN_ALG, TOKEN_ISSUER, type Database } from '@mc/kit';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type KeyLike } from 'jose';
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { keyEncryptionKey, type IdentityEnv } from '../config';
import { signingKeys } from '../db/schema';

/** The algorithm and issuer every verifier checks (the kit's rules, the gateway's too). */
export const ALG = TOKEN_ALG;
export const ISSUER = TOKEN_ISSUER;

/** How often every copy of the service looks for a rotation due (and for a key another copy created). */
const CHECK_EVERY_MS = 10 * 60_000;
/** An unknown kid in a token reloads the keys, at most this often (a key another copy just created). */
const UNKNOWN_KID_RELOAD_MS = 5_000;
/** A key stops signing when its successor is created; it is kept while what it signed may still be valid, plus one check. */
const RETIRE_AFTER_MS = Math.max(TOKEN_LIFETIME.accessSeconds, TOKEN_LIFETIME.membershipSeconds, TOKEN_LIFETIME.businessAccessSeconds) * 1000 + 2 * CHECK_EVERY_MS;
const ROTATION_LOCK = 7_411_001;

type Row = typeof signingKeys.$inferSelect;

/** AES-256-GCM with the row's kid as associated data (a ciphertext moved to another row does not decrypt): `v1.iv.tag.data`. */
export function encryptPrivateKey(key: Buffer, kid: string, jwk: JWK): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kid));
  const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptPrivateKey(key: Buffer, kid: string, sealed: string): JWK {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error(`signing key ${kid}: unknown encryption format`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(kid));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')) as JWK;
  } catch {
    throw new Error(`signing key ${kid} does not decrypt with IDENTITY_KEY_ENCRYPTION_KEY (a different key than the one that encrypted it?)`);
  }
}

/**
 * The key pairs that sign access tokens. Private halves are encrypted at rest with IDENTITY_KEY_ENCRYPTION_KEY.
 * The newest key signs; every SIGNING_KEY_ROTATION_DAYS a new one is created (one copy of the service does it,
 * under an advisory lock) and the older ones stay, for verification only, until the tokens they signed have
 * expired. Every copy verifies with all kept keys, and the gateway fetches their public halves (`identity.keys.get`).
 */
@Injectable()
export class SigningKeys implements OnModuleInit, OnModuleDestroy {
  private signing?: { kid: string; key: KeyLike | Uint8Array };
  private verifying = new Map<string, KeyLike | Uint8Array>();
  private published: SigningKeysResponse = { keys: [] };
  private loadedAt = 0;
  private repeating?: Repeating;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SERVICE_ENV) private readonly env: IdentityEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async onModuleInit() {
    await this.encryptClearKeys();
    await this.rotateIfDue();
    await this.load();
    this.repeating = repeatEvery(
      CHECK_EVERY_MS,
      () => this.rotateIfDue().then(() => this.load()),
      (err) => this.logger.warn({ err }, 'signing key rotation check failed; will retry'),
    );
  }

  onModuleDestroy() {
    this.repeating?.stop();
  }

  private get encryptionKey(): Buffer {
    return keyEncryptionKey(this.env);
  }

  /** Rows written before keys were encrypted: encrypt them and empty the clear column. */
  async encryptClearKeys(): Promise<void> {
    const clear = await this.db.select().from(signingKeys).where(and(isNull(signingKeys.privateKeyEnc), isNotNull(signingKeys.privateJwk)));
    for (const row of clear) {
      await this.db.update(signingKeys)
        .set({ privateKeyEnc: encryptPrivateKey(this.encryptionKey, row.kid, row.privateJwk as JWK), privateJwk: null })
        .where(eq(signingKeys.kid, row.kid));
    }
    if (clear.length) this.logger.info({ keys: clear.length }, 'signing keys encrypted at rest');
  }

  /**
   * Creates a signing key when there is none or the newest is older than the rotation period, and deletes the
   * keys whose successor is older than the longest token lifetime (nothing valid is signed with them any more).
   */
  async rotateIfDue(now = this.clock.now()): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROTATION_LOCK})`);
      const rows = await tx.select({ kid: signingKeys.kid, createdAt: signingKeys.createdAt }).from(signingKeys).orderBy(desc(signingKeys.createdAt));
      const due = !rows.length || now.getTime() - rows[0].createdAt.getTime() >= this.env.SIGNING_KEY_ROTATION_DAYS * 86_400_000;
      if (due) {
        const kid = randomUUID();
        const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
        await tx.insert(signingKeys).values({
          kid, publicJwk: await exportJWK(publicKey), privateKeyEnc: encryptPrivateKey(this.encryptionKey, kid, await exportJWK(privateKey)), createdAt: now,
        });
        this.logger.info({ kid }, 'new signing key');
      }
      // rows[i] stopped signing when rows[i - 1] (its successor) was created.
      const retired = rows.filter((_, i) => i > 0 && now.getTime() - rows[i - 1].createdAt.getTime() > RETIRE_AFTER_MS).map((r) => r.kid);
      if (retired.length) await tx.delete(signingKeys).where(inArray(signingKeys.kid, retired));
      return due;
    });
  }

  /** Reads the kept keys: the newest signs, all verify and are published. */
  async load(): Promise<void> {
    const rows: Row[] = await this.db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
    const verifying = new Map<string, KeyLike | Uint8Array>();
    for (const row of rows) verifying.set(row.kid, await importJWK(row.publicJwk as JWK, ALG));
    const newest = rows[0];
    const privateJwk = newest.privateKeyEnc ? decryptPrivateKey(this.encryptionKey, newest.kid, newest.privateKeyEnc) : (newest.privateJwk as JWK);
    this.signing = { kid: newest.kid, key: await importJWK(privateJwk, ALG) };
    this.verifying = verifying;
    this.published = { keys: rows.map((row) => ({ ...(row.publicJwk as SigningKeysResponse['keys'][number]), kid: row.kid, alg: ALG })) };
    this.loadedAt = this.clock.millis();
  }

  publicKeys(): SigningKeysResponse {
    return this.published;
  }

  /** The key id that signs now. */
  get currentKid(): string {
    return this.signing!.kid;
  }

  /** A token issued now (by the service's clock) that expires `lifetimeSeconds` later. */
  sign(claims: AccessTokenClaims | BusinessAccessClaims, lifetimeSeconds: number): Promise<string> {
    const { sub, ...rest } = claims;
    const issuedAt = this.clock.seconds();
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALG, kid: this.signing!.kid })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + lifetimeSeconds)
      .sign(this.signing!.key);
  }

  /** The claims of a token this service signed, with an expiry that has not passed; undefined otherwise (a token without `exp` too). */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, async (header) => {
        if (header.kid && !this.verifying.has(header.kid) && this.clock.millis() - this.loadedAt > UNKNOWN_KID_RELOAD_MS) await this.load();
        const key = header.kid && this.verifying.get(header.kid);
        if (!key) throw new Error('unknown key');
        return key;
      }, { issuer: ISSUER, algorithms: [ALG], requiredClaims: ['exp'], currentDate: this.clock.now() });
      if (payload.typ !== 'user' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined;
      return payload as unknown as AccessTokenClaims;
    } catch {
      return undefined;
    }
  }
}
