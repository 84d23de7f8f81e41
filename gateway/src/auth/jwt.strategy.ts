import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Subjects, type AccessTokenClaims, type SigningKeysResponse } from '@mc/contracts';
import { createPublicKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ServiceClients } from '../clients/clients.module';

const KEYS_TTL_MS = 5 * 60_000;
const UNKNOWN_KID_REFETCH_MS = 5_000;

/** The public halves of identity's signing keys as PEM, by key id; fetched again every 5 minutes, or for an unknown kid. */
@Injectable()
export class IdentityKeys {
  private cache?: { at: number; byKid: Map<string, string> };
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  async pem(kid: string): Promise<string | undefined> {
    const age = this.cache ? Date.now() - this.cache.at : Infinity;
    // An unknown kid (a new key, or a forged token) fetches again, but at most every few seconds.
    if (!this.cache || age > KEYS_TTL_MS || (!this.cache.byKid.has(kid) && age > UNKNOWN_KID_REFETCH_MS)) {
      const { keys } = await this.clients.get('identity').send<SigningKeysResponse>(Subjects.identity.keysGet, {});
      const byKid = new Map(keys.map((jwk) => [jwk.kid, createPublicKey({ key: jwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString()]));
      this.cache = { at: Date.now(), byKid };
    }
    return this.cache.byKid.get(kid);
  }
}

export interface SignedInUser {
  id: number;
  role: AccessTokenClaims['role'];
  token: string;
}

/**
 * Bearer tokens signed by identity (ES256, checked against its published keys), with an expiry that has not
 * passed. Only identity type `user` is accepted (spec 3). Identity checks the token version again on every call about the account.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(IdentityKeys) keys: IdentityKeys) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['ES256'],
      issuer: 'medcanna-identity',
      passReqToCallback: true,
      secretOrKeyProvider: (_request: unknown, rawToken: string, done: (err: unknown, key?: string) => void) => {
        let kid: string | undefined;
        try {
          kid = JSON.parse(Buffer.from(rawToken.split('.')[0], 'base64url').toString()).kid;
        } catch {
          kid = undefined;
        }
        if (!kid) return done(null, undefined);
        keys.pem(kid).then((pem) => done(null, pem), (err) => done(err));
      },
    });
  }

  validate(request: { headers: { authorization?: string } }, claims: AccessTokenClaims & { exp?: unknown }): SignedInUser | false {
    // jsonwebtoken checks `exp` only when present: a token without one would never expire, so it is refused.
    if (typeof claims.exp !== 'number' || claims.typ !== 'user' || !Number.isInteger(Number(claims.sub))) return false;
    return { id: Number(claims.sub), role: claims.role, token: (request.headers.authorization ?? '').slice('Bearer '.length) };
  }
}
