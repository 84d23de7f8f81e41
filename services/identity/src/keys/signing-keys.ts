import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { AccessTokenClaims, BusinessAccessClaims, SigningKeysResponse } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { desc } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type KeyLike } from 'jose';
import { randomUUID } from 'node:crypto';
import { signingKeys } from '../db/schema';

export const ALG = 'ES256';
export const ISSUER = 'medcanna-identity';

/**
 * The key pairs that sign access tokens. The first start creates one; every copy of the service signs
 * with the newest and verifies with all, and the gateway fetches the public halves (`identity.keys.get`).
 */
@Injectable()
export class SigningKeys implements OnModuleInit {
  private signing?: { kid: string; key: KeyLike | Uint8Array };
  private verifying = new Map<string, KeyLike | Uint8Array>();
  private published: SigningKeysResponse = { keys: [] };

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onModuleInit() {
    if (!(await this.db.select({ kid: signingKeys.kid }).from(signingKeys).limit(1)).length) {
      const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
      await this.db.insert(signingKeys).values({
        kid: randomUUID(),
        publicJwk: await exportJWK(publicKey),
        privateJwk: await exportJWK(privateKey),
      }).onConflictDoNothing();
    }
    await this.load();
  }

  private async load() {
    const rows = await this.db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt));
    this.verifying = new Map();
    for (const row of rows) this.verifying.set(row.kid, await importJWK(row.publicJwk as JWK, ALG));
    this.signing = { kid: rows[0].kid, key: await importJWK(rows[0].privateJwk as JWK, ALG) };
    this.published = { keys: rows.map((row) => ({ ...(row.publicJwk as SigningKeysResponse['keys'][number]), kid: row.kid, alg: ALG })) };
  }

  publicKeys(): SigningKeysResponse {
    return this.published;
  }

  sign(claims: AccessTokenClaims | BusinessAccessClaims, lifetimeSeconds: number): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALG, kid: this.signing!.kid })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${lifetimeSeconds}s`)
      .sign(this.signing!.key);
  }

  /** The claims of a token this service signed and that has not expired; undefined otherwise. */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, (header) => {
        const key = header.kid && this.verifying.get(header.kid);
        if (!key) throw new Error('unknown key');
        return key;
      }, { issuer: ISSUER, algorithms: [ALG] });
      if (payload.typ !== 'user' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined;
      return payload as unknown as AccessTokenClaims;
    } catch {
      return undefined;
    }
  }
}
