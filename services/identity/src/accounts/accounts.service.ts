import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages, TOKEN_LIFETIME, type AccessTokenClaims, type AuthTokenResponse } from '@mc/contracts';
import { DATABASE, serviceError, type Database } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { businessMemberships, users } from '../db/schema';
import { SigningKeys } from '../keys/signing-keys';

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
  ) {}

  /** The account behind a token: signed by us, unexpired, of an active account, and not older than its last password change. */
  async current(token: string): Promise<User> {
    const claims = await this.keys.verify(token);
    const id = Number(claims?.sub);
    if (!claims || !Number.isInteger(id)) throw signInAgain();
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) throw signInAgain();
    return user;
  }

  /**
   * The access token of an account (every way of signing in answers this one shape).
   *
   * Memberships rule: a manager's business memberships travel in the token as `biz` (services check business access
   * against them, with no lookup on the request path). They are read afresh at every sign-in and refresh, and a token
   * that carries them lives only TOKEN_LIFETIME.membershipSeconds (5 minutes; the web refreshes it before it expires),
   * so a membership taken away stops working within 5 minutes. A patient's token (no `biz`) lives an hour.
   */
  async tokenFor(user: User): Promise<AuthTokenResponse> {
    const claims: AccessTokenClaims = { sub: String(user.id), typ: 'user', role: user.role, ver: user.tokenVersion };
    if (user.role !== 'user') {
      const rows = await this.db.selectDistinct({ slug: businessMemberships.slug }).from(businessMemberships)
        .where(eq(businessMemberships.userId, user.id)).orderBy(businessMemberships.slug);
      claims.biz = rows.map((r) => r.slug);
    }
    return { jwt: await this.keys.sign(claims, claims.biz ? TOKEN_LIFETIME.membershipSeconds : TOKEN_LIFETIME.accessSeconds) };
  }
}
