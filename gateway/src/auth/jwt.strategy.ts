import { Inject, Injectable, Optional } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { hasBusinessClaims, hasOurClaims, IdentityKeys, setCallerToken, TOKEN_ALG, TOKEN_ISSUER, TokenVersions } from '@mc/kit';
import type { NatsConnection } from 'nats';
import { PassportStrategy } from '@nestjs/passport';
import { Subjects, type AccessTokenClaims } from '@mc/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ServiceClients } from '../clients/clients.module';
import { sessionCookieValue } from './session-cookie';

/** The kit's cache of identity's public keys, fetched through the gateway's identity client (its breaker and timeout). */
export const identityKeysProvider = {
  provide: IdentityKeys,
  inject: [ServiceClients],
  useFactory: (clients: ServiceClients) => new IdentityKeys(() => clients.get('identity').send(Subjects.identity.keysGet, {})),
};

/**
 * The token versions identity writes (bucket `token_versions`), watched over the gateway's NATS connection: the
 * gateway refuses a token older than its account's version as the services do.
 */
export const tokenVersionsProvider = {
  provide: TokenVersions,
  inject: [ServiceClients],
  useFactory: (clients: ServiceClients) => new TokenVersions(clients.proxy.unwrap<NatsConnection>()).start(),
};

export interface SignedInUser {
  id: number;
  role: AccessTokenClaims['role'];
  token: string;
  /** The verified claims (what `GET /api/auth/session` tells the page). */
  claims: AccessTokenClaims & { exp: number; iat?: number };
}

type TokenRequest = { headers: { authorization?: string; cookie?: string } };
const bearer = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * The request's access token: a bearer token (API clients), else the HttpOnly session cookie the gateway set (the
 * web). A cookie reaches only requests that also carry the client headers (ClientHeadersGuard), which another site's
 * form or link cannot add, and SameSite=Lax keeps it off other sites' POSTs.
 */
export const accessTokenOf = (request: TokenRequest): string | null => bearer(request as never) ?? sessionCookieValue(request.headers.cookie) ?? null;

/**
 * A passport strategy named `name` for tokens signed by identity (ES256, checked against its published keys), with an
 * expiry that has not passed, whose claims `accepts` (the kit's rules, as every service applies them; jsonwebtoken
 * checks `exp` only when present, so a token without one is refused there), and not older than its account's version.
 */
function identityTokenStrategy(name: string, accepts: (claims: Record<string, unknown>) => boolean) {
  @Injectable()
  class IdentityTokenStrategy extends PassportStrategy(Strategy, name) {
    constructor(@Inject(IdentityKeys) keys: IdentityKeys, @Optional() @Inject(TokenVersions) readonly versions?: TokenVersions) {
      super({
        jwtFromRequest: accessTokenOf as never,
        algorithms: [TOKEN_ALG],
        issuer: TOKEN_ISSUER,
        passReqToCallback: true,
        // The key object itself, never its PEM: jsonwebtoken would parse a PEM into a key again on every request
        // (passport-jwt's types name strings only; it hands the key on to jsonwebtoken, which takes a KeyObject).
        secretOrKeyProvider: (_request: unknown, rawToken: string, done: (err: unknown, key?: string) => void) => {
          let kid: string | undefined;
          try {
            kid = JSON.parse(Buffer.from(rawToken.split('.')[0], 'base64url').toString()).kid;
          } catch {
            kid = undefined;
          }
          if (!kid) return done(null, undefined);
          keys.key(kid).then((key) => done(null, key as KeyObject as unknown as string), (err) => done(err));
        },
      });
    }

    validate(request: TokenRequest, claims: Record<string, unknown>): SignedInUser | false {
      if (!accepts(claims)) return false;
      // A token older than its account's version (a password change, reset, sign-out or disable since).
      if (this.versions?.isStale(Number(claims.sub), claims.ver as number)) return false;
      const token = accessTokenOf(request) ?? '';
      // Every NATS request this HTTP request makes carries the token (services verify it again themselves).
      setCallerToken(token);
      return { id: Number(claims.sub), role: claims.role as AccessTokenClaims['role'], token, claims: claims as unknown as SignedInUser['claims'] };
    }
  }
  return IdentityTokenStrategy;
}

/** `AuthGuard('jwt')`: an identity access token of type `user` (spec 3). Identity checks the token version again on every call about the account. */
@Injectable()
export class JwtStrategy extends identityTokenStrategy('jwt', hasOurClaims) {}

/**
 * `AuthGuard('company-jwt')`, the cannabis companies' routes: an access token, or a business access token (the web
 * sends it as the bearer). The gateway decides nothing more: the company's service takes only the business access
 * token of that one company (`@RequireCompany()`), and answers 403 to an ordinary token.
 */
@Injectable()
export class CompanyJwtStrategy extends identityTokenStrategy('company-jwt', (claims) => hasOurClaims(claims) || hasBusinessClaims(claims)) {}
