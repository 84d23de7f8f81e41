import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { Subjects, TOKEN_VERSIONS_BUCKET, TOKEN_VERSIONS_TTL_SECONDS, type AccessTokenClaims, type SigningKeysResponse } from '@mc/contracts';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { TOKEN_ALG, TOKEN_ISSUER } from '../caller/access-token';

const codec = JSONCodec();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs a compact ES256 JWS with `kid` in its header (any claims: tests also make the ones a verifier must refuse). */
export function signJwt(key: KeyObject, kid: string, claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const input = `${b64({ alg: TOKEN_ALG, kid, typ: 'JWT', ...header })}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/**
 * Identity's part in a test that does not run identity: a key pair of its own whose public half it answers on
 * `identity.keys.get` (as identity does), and access tokens signed with it.
 */
export class TestIdentity {
  readonly kid = randomUUID();
  private readonly pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private subscription?: Subscription;
  /** The versions this identity set (`setVersion`): its tokens carry them unless told otherwise. */
  private readonly versions = new Map<string, number>();

  get publicKeys(): SigningKeysResponse {
    const jwk = this.pair.publicKey.export({ format: 'jwk' });
    return { keys: [{ ...(jwk as { kty: string; crv: string; x: string; y: string }), kid: this.kid, alg: TOKEN_ALG }] };
  }

  /** Answers `identity.keys.get` on `nc` until `stop` (resolves once the server has the subscription). */
  async serveKeys(nc: NatsConnection): Promise<void> {
    this.subscription = nc.subscribe(Subjects.identity.keysGet, {
      callback: (_err, msg) => msg.respond(codec.encode({ response: this.publicKeys, isDisposed: true, id: (codec.decode(msg.data) as { id?: string }).id })),
    });
    await nc.flush();
  }

  stop(): void {
    this.subscription?.unsubscribe();
  }

  /**
   * Sets account `userId`'s token version as identity does when it bumps one: in the `token_versions` bucket (made
   * here as identity makes it, if it does not exist yet). Tokens this identity signs later carry that version.
   */
  async setVersion(nc: NatsConnection, userId: number | string, version: number): Promise<void> {
    const kv = await nc.jetstream({ checkAPI: false }).views.kv(TOKEN_VERSIONS_BUCKET, { history: 1, ttl: TOKEN_VERSIONS_TTL_SECONDS * 1000 });
    await kv.put(String(userId), String(version));
    this.versions.set(String(userId), version);
  }

  /**
   * An access token as identity signs one: `claims` over a valid user token of account `sub` with its version (0, or
   * the one `setVersion` set), its session begun now, expiring in an hour.
   */
  token(claims: Partial<AccessTokenClaims> & { sub: string } & Record<string, unknown>, options: { key?: KeyObject; kid?: string } = {}): string {
    const now = Math.floor(Date.now() / 1000);
    const full = { typ: 'user', role: 'user', ver: this.versions.get(claims.sub) ?? 0, iss: TOKEN_ISSUER, iat: now, auth_time: now, exp: now + 3600, ...claims };
    for (const [name, value] of Object.entries(full)) if (value === undefined) delete (full as Record<string, unknown>)[name];
    return signJwt(options.key ?? this.pair.privateKey, options.kid ?? this.kid, full);
  }

  /** A business access token of one cannabis company, as `identity.business.access` signs it (issue 29). */
  companyToken(sub: string, slug: string, role: AccessTokenClaims['role'] = 'business_owner'): string {
    return this.token({ sub, role, auth_time: undefined, ...{ typ: 'business', business: { kind: 'company', slug } } } as never);
  }
}
