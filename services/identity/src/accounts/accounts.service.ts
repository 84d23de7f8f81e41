import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages, membershipClaim, TOKEN_LIFETIME, type AccessTokenClaims, type AuthTokenResponse } from '@mc/contracts';
import { Clock, DATABASE, serviceError, type Database } from '@mc/kit';
import { eq, sql } from 'drizzle-orm';
import { businessMemberships, users } from '../db/schema';
import { SigningKeys } from '../keys/signing-keys';
import { TokenVersionsWriter } from './token-versions.writer';

export type User = typeof users.$inferSelect;

/** An e-mail as accounts are looked up by (lower-cased), and a phone as its digits. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

const signInAgain = () => serviceError(401, ErrorCodes.unauthorized, Messages.signInRequired);

/** What every part of identity shares: the account behind an access token, and the access token of an account. */
@Injectable()
export class Accounts {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(TokenVersionsWriter) private readonly versions: TokenVersionsWriter,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The account behind a token: signed by us, unexpired, of an active account, and not older than its last password change. */
  async current(token: string): Promise<User> {
    return (await this.currentWithClaims(token)).user;
  }

  /** `current`, with the token's claims. */
  async currentWithClaims(token: string): Promise<{ user: User; claims: AccessTokenClaims & { iat?: number } }> {
    const claims = await this.keys.verify(token);
    const id = Number(claims?.sub);
    if (!claims || !Number.isInteger(id)) throw signInAgain();
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) throw signInAgain();
    return { user, claims };
  }

  /**
   * Ends every session of an account (sign-out): its token version grows, so every process refuses its older tokens
   * within seconds (the version reaches them through the `token_versions` bucket, see TokenVersionsWriter).
   */
  async endSessions(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
      await this.versions.ended(tx, userId);
    });
    this.versions.poke();
  }

  /**
   * The access token of an account (every way of signing in answers this one shape).
   *
   * `sessionStart` (seconds) is when the session began: now for a sign-in, the refreshed token's for a refresh (see
   * AuthService.refresh: a session is not refreshed past TOKEN_LIFETIME.sessionSeconds).
   *
   * Memberships rule: a manager's business memberships travel in the token as `biz`, each named with its kind
   * (`pharmacy:<slug>`, `company:<slug>`), so a company and a pharmacy sharing a slug never mix (services check business access
   * against them, with no lookup on the request path). They are read afresh at every sign-in and refresh, and a token
   * that carries them lives only TOKEN_LIFETIME.membershipSeconds (5 minutes; the web refreshes it before it expires),
   * so a membership taken away stops working within 5 minutes. A patient's token (no `biz`) lives an hour.
   */
  async tokenFor(user: User, sessionStart = this.clock.seconds()): Promise<AuthTokenResponse> {
    const claims: AccessTokenClaims = { sub: String(user.id), typ: 'user', role: user.role, ver: user.tokenVersion, auth_time: sessionStart };
    if (user.role !== 'user') {
      const rows = await this.db.selectDistinct({ kind: businessMemberships.kind, slug: businessMemberships.slug }).from(businessMemberships)
        .where(eq(businessMemberships.userId, user.id)).orderBy(businessMemberships.kind, businessMemberships.slug);
      claims.biz = rows.map((r) => membershipClaim(r.kind, r.slug));
    }
    return { jwt: await this.keys.sign(claims, claims.biz ? TOKEN_LIFETIME.membershipSeconds : TOKEN_LIFETIME.accessSeconds) };
  }
}
