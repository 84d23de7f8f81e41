import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages, type AuthTokenResponse, type UserProfile } from '@mc/contracts';
import { Clock, DATABASE, SERVICE_ENV, serviceError, type Database } from '@mc/kit';
import { and, eq, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Accounts, normalEmail, phoneDigits } from '../accounts/accounts.service';
import { HashPool } from '../accounts/hash-pool';
import { TokenVersionsWriter } from '../accounts/token-versions.writer';
import { sameSecret } from '../auth/secrets';
import type { IdentityEnv } from '../config';
import { phoneDigitsOf, users } from '../db/schema';
import { unsubscribeSig, type UnsubscribeTarget } from './unsubscribe-link';

/** Another account, in the phone fill's check that no one else has the phone. */
const other = alias(users, 'other');

const fail = (status: number, code: string, message: string) => serviceError(status, code, message);

/** The signed-in user's own account: the profile, its settings, its last position, its password, and unsubscribing. */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Accounts) private readonly accounts: Accounts,
    @Inject(HashPool) private readonly hashing: HashPool,
    @Inject(SERVICE_ENV) private readonly env: IdentityEnv,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TokenVersionsWriter) private readonly versions: TokenVersionsWriter,
  ) {}

  async profile(token: string): Promise<UserProfile> {
    const user = await this.accounts.current(token);
    return {
      firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone, subscribed: user.subscribed,
      lastSignedAt: user.lastSignedAt?.toISOString() ?? null, createdAt: user.createdAt.toISOString(), authMethod: user.authMethod, role: user.role,
    };
  }

  /** The settings form: names, phone and the newsletter choice (the e-mail never changes here). */
  async update(token: string, settings: { firstName: string; lastName: string; phone?: string | null; subscribed?: boolean }): Promise<UserProfile> {
    const user = await this.accounts.current(token);
    await this.db.update(users).set({
      firstName: settings.firstName.trim(),
      lastName: settings.lastName.trim(),
      phone: settings.phone?.trim() || null,
      ...(settings.subscribed === undefined ? {} : { subscribed: settings.subscribed }),
    }).where(eq(users.id, user.id));
    return this.profile(token);
  }

  /**
   * Issue 26: the phone given at checkout becomes the profile's phone when the profile has none; an existing phone is
   * never overwritten (the condition is the update's own, so a phone saved meanwhile stays), nor is a phone another
   * account already has taken (sign-in by SMS finds an account by its phone: it must name one account only).
   */
  async fillPhone(token: string, phone: string): Promise<{ filled: boolean }> {
    const user = await this.accounts.current(token);
    const digits = phoneDigits(phone);
    const filled = await this.db.update(users).set({ phone: phone.trim() })
      .where(and(
        eq(users.id, user.id), or(isNull(users.phone), eq(users.phone, '')),
        notExists(this.db.select({ id: other.id }).from(other).where(and(ne(other.id, user.id), eq(phoneDigitsOf(other.phone), digits)))),
      ))
      .returning({ id: users.id });
    return { filled: filled.length > 0 };
  }

  /** Keeps the last position the user's browser reported. */
  async storeGeoLocation(token: string, lat: number, lng: number): Promise<{ ok: true }> {
    const user = await this.accounts.current(token);
    await this.db.update(users).set({ geoLat: lat, geoLng: lng, geoAt: this.clock.now() }).where(eq(users.id, user.id));
    return { ok: true };
  }

  /** A new password for an account that has one; every other session ends, this one gets a fresh token. */
  async changePassword(token: string, currentPassword: string, newPassword: string): Promise<AuthTokenResponse> {
    const user = await this.accounts.current(token);
    if (user.authMethod !== 'password' || !user.passwordHash) throw fail(400, ErrorCodes.badRequest, Messages.noPasswordMethod);
    if (!(await this.hashing.matches(user.passwordHash, currentPassword))) throw fail(400, ErrorCodes.invalidCredentials, Messages.wrongCurrentPassword);
    const passwordHash = await this.hashing.hash(newPassword);
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx.update(users).set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, user.id)).returning();
      await this.versions.ended(tx, user.id);
      return row;
    });
    this.versions.poke();
    return this.accounts.tokenFor(updated);
  }

  /**
   * Unsubscribes an e-mail or a phone: with the signature of the link we sent (the same answer whether or not
   * anyone matched), or, without one, only for the signed-in owner of that address.
   */
  async unsubscribe(request: { email?: string; phone?: string; sig?: string; token?: string }): Promise<{ message: string }> {
    const target: UnsubscribeTarget = request.email ? { email: request.email } : { phone: request.phone ?? '' };
    const where = 'email' in target ? eq(users.email, normalEmail(target.email)) : eq(phoneDigitsOf(users.phone), phoneDigits(target.phone));
    if (request.sig) {
      if (!sameSecret(request.sig, unsubscribeSig(this.env, target))) throw fail(403, ErrorCodes.forbidden, Messages.unsubscribeFailed);
      await this.db.update(users).set({ subscribed: false }).where(where);
      return { message: Messages.unsubscribed };
    }
    if (!request.token) throw fail(401, ErrorCodes.unauthorized, Messages.unsubscribeSignInRequired);
    const user = await this.accounts.current(request.token);
    const owns = 'email' in target ? user.email === normalEmail(target.email) : !!user.phone && phoneDigits(user.phone) === phoneDigits(target.phone);
    if (!owns) throw fail(403, ErrorCodes.forbidden, Messages.unsubscribeSignInRequired);
    await this.db.update(users).set({ subscribed: false }).where(eq(users.id, user.id));
    return { message: Messages.unsubscribed };
  }
}
