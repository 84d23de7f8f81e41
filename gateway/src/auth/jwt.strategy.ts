import { Inject, Injectable, Optional } from '@nestjs/common';
import { hasBusinessClaims, hasOurClaims, IdentityKeys, setCallerToken, TokenVersions, VerifiedTokens } from '@mc/kit';
import type { NatsConnection } from 'nats';
import { PassportStrategy } from '@nestjs/passport';
import { Subjects, type AccessTokenClaims } from '@mc/contracts';
import { Strategy } from 'passport-strategy';
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
const BEARER = /^bearer +(\S+)$/i;

/**
 * The request's access token: a bearer token (API clients), else the HttpOnly session cookie the gateway set (the
 * web). A cookie reaches only requests that also carry the client headers (ClientHeadersGuard), which another site's
 * form or link cannot add, and SameSite=Lax keeps it off other sites' POSTs.
 */
export const accessTokenOf = (request: TokenRequest): string | null =>
  BEARER.exec(request.headers.authorization ?? '')?.[1] ?? sessionCookieValue(request.headers.cookie) ?? null;

/**
 * A passport strategy that hands the request to one check (`validate`, through Nest's `PassportStrategy`): the user
 * it answers, or a 401 for false.
 */
class RequestCheckStrategy extends Strategy {
  constructor(private readonly check: (request: TokenRequest, done: (err: unknown, user?: SignedInUser | false) => void) => void) {
    super();
  }

  authenticate(request: TokenRequest): void {
    this.check(request, (err, user) => (err ? this.error(err as Error) : user ? this.success(user) : this.fail(401)));
  }
}

/** Tokens verified in this process, shared by the strategies (a page's requests carry the same token). */
const verifiedTokens = new VerifiedTokens();

/**
 * A passport strategy named `name` for tokens signed by identity, checked by the kit's rules as every service checks
 * them (ES256 with a key identity publishes, its issuer, an expiry that has not passed; a token verified once is
 * remembered by its hash for as long as its key and its times hold), whose claims `accepts`, and not older than its
 * account's version (checked on every request).
 */
function identityTokenStrategy(name: string, accepts: (claims: Record<string, unknown>) => boolean) {
  @Injectable()
  class IdentityTokenStrategy extends PassportStrategy(RequestCheckStrategy, name) {
    constructor(@Inject(IdentityKeys) private readonly keys: IdentityKeys, @Optional() @Inject(TokenVersions) readonly versions?: TokenVersions) {
      super();
    }

    async validate(request: TokenRequest): Promise<SignedInUser | false> {
      const token = accessTokenOf(request);
      if (!token) return false;
      const claims = (await verifiedTokens.verify(token, (kid) => this.keys.key(kid))) as Record<string, unknown> | undefined;
      if (!claims || !accepts(claims)) return false;
      // A token older than its account's version (a password change, reset, sign-out or disable since).
      if (this.versions?.isStale(Number(claims.sub), claims.ver as number)) return false;
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
