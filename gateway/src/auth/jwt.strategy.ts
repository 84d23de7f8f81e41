import { Inject, Injectable } from '@nestjs/common';
import { hasOurClaims, IdentityKeys, setCallerToken, TOKEN_ALG, TOKEN_ISSUER } from '@mc/kit';
import { PassportStrategy } from '@nestjs/passport';
import { Subjects, type AccessTokenClaims } from '@mc/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ServiceClients } from '../clients/clients.module';

/** The kit's cache of identity's public keys, fetched through the gateway's identity client (its breaker and timeout). */
export const identityKeysProvider = {
  provide: IdentityKeys,
  inject: [ServiceClients],
  useFactory: (clients: ServiceClients) => new IdentityKeys(() => clients.get('identity').send(Subjects.identity.keysGet, {})),
};

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
      algorithms: [TOKEN_ALG],
      issuer: TOKEN_ISSUER,
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

  validate(request: { headers: { authorization?: string } }, claims: Record<string, unknown>): SignedInUser | false {
    // The kit's claim rules, as every service applies them (jsonwebtoken checks `exp` only when present: a token
    // without one would never expire, so it is refused there).
    if (!hasOurClaims(claims)) return false;
    const token = (request.headers.authorization ?? '').slice('Bearer '.length);
    // Every NATS request this HTTP request makes carries the token (services verify it again themselves).
    setCallerToken(token);
    return { id: Number(claims.sub), role: claims.role as AccessTokenClaims['role'], token };
  }
}
