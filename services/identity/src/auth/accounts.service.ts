import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes, Events, Messages, TOKEN_LIFETIME,
  MAX_FAVORITES, type AccessTokenClaims, type AccountAskedEvent, type BusinessAccessClaims, type AuthTokenResponse, type BusinessesResponse, type EventSubject, type EventSubjectsMatching, type FavoriteSlugsResponse, type UserProfile,
} from '@mc/contracts';
import { DATABASE, OutboxRelay, OutboxWriter, SERVICE_ENV, serviceError, type Database } from '@mc/kit';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { businessMemberships, favorites, oneTimeTokens, users } from '../db/schema';
import { hmacSecret, type IdentityEnv } from '../config';
import { SigningKeys } from '../keys/signing-keys';
import { DeliverySecrets } from './delivery-secrets';
import { HashPool } from './hash-pool';
import { hashToken, keyedHash, newLinkToken, sameSecret } from './secrets';

type User = typeof users.$inferSelect;
type LinkPurpose = 'activation' | 'reset';
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const LINK_HOURS: Record<LinkPurpose, number> = { activation: TOKEN_LIFETIME.activationHours, reset: TOKEN_LIFETIME.resetHours };
const LINK_EVENT = { activation: Events.identity.activationRequested, reset: Events.identity.passwordResetRequested } as const satisfies Record<LinkPurpose, EventSubject>;
const normalEmail = (email: string) => email.trim().toLowerCase();
const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

const fail = (status: number, code: string, message: string) => serviceError(status, code, message);
const wrongCredentials = () => fail(401, ErrorCodes.invalidCredentials, Messages.wrongCredentials);
const signInAgain = () => fail(401, ErrorCodes.unauthorized, Messages.signInRequired);

/** A hash to verify against when no account matches, so a missing e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

/** Whom an unsubscribe link names: an e-mail (lower-cased) or a phone (its digits). */
export type UnsubscribeTarget = { email: string } | { phone: string };
const unsubscribeValue = (target: UnsubscribeTarget) => ('email' in target ? `email:${normalEmail(target.email)}` : `phone:${phoneDigits(target.phone)}`);

/** Accounts with a password: sign-up and activation, sign-in, forgotten passwords, and token refresh. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(DeliverySecrets) private readonly secrets: DeliverySecrets,
    @Inject(HashPool) private readonly hashing: HashPool,
    @Inject(SERVICE_ENV) private readonly env: IdentityEnv,
  ) {}

  async signUp(input: { firstName: string; lastName: string; email: string; password: string; subscribe?: boolean }): Promise<{ ok: true }> {
    const email = normalEmail(input.email);
    const passwordHash = await this.hashing.hash(input.password);
    await this.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({
        email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash, subscribed: input.subscribe !== false,
      }).onConflictDoNothing().returning();
      if (!user) throw fail(400, ErrorCodes.emailTaken, Messages.emailTaken);
      await this.sendLink(tx, user, 'activation');
    });
    return { ok: true };
  }

  /**
   * Another activation e-mail for an account still pending; the same answer whatever the e-mail, in the same time:
   * the request is queued (identity's own event) and looked up after answering (`sendActivationAgain`).
   */
  async resendActivation(rawEmail: string): Promise<{ message: string }> {
    await this.ask(Events.identity.activationResendAsked, { email: normalEmail(rawEmail) });
    return { message: Messages.activationResent };
  }

  async sendActivationAgain(tx: Tx, rawEmail: string): Promise<void> {
    const [user] = await tx.select().from(users).where(eq(users.email, normalEmail(rawEmail)));
    if (user?.status === 'pending') await this.sendLink(tx, user, 'activation');
  }

  /** Queues work to do after answering (`AccountAsks` takes it from identity's stream). */
  async ask(subject: EventSubjectsMatching<'evt.identity.*.asked'>, data: AccountAskedEvent): Promise<void> {
    await this.db.transaction((tx) => this.outbox.add(tx, subject, data));
    this.relay.poke();
  }

  async activate(token: string): Promise<AuthTokenResponse> {
    const user = await this.db.transaction(async (tx) => {
      const [link] = await tx.select().from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, 'activation'))).for('update');
      if (!link || link.expiresAt <= new Date()) throw fail(400, ErrorCodes.tokenInvalid, Messages.activationInvalid);
      if (link.usedAt) throw fail(400, ErrorCodes.tokenUsed, Messages.activationUsed);
      await tx.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, link.id));
      const [activated] = await tx.update(users).set({ status: sql`CASE WHEN ${users.status} = 'pending' THEN 'active' ELSE ${users.status} END`, lastSignedAt: new Date() })
        .where(eq(users.id, link.userId)).returning();
      return activated;
    });
    return this.tokenFor(user);
  }

  async signIn(rawEmail: string, password: string): Promise<AuthTokenResponse> {
    const user = await this.byEmail(rawEmail);
    if (!user || !user.passwordHash) {
      // Kept once made (a refusal of the busy pool is not kept).
      dummyHash ??= this.hashing.hash('no such account').catch((error: unknown) => {
        dummyHash = undefined;
        throw error;
      });
      await this.hashing.matches(await dummyHash, password);
      throw wrongCredentials();
    }
    if (!(await this.hashing.matches(user.passwordHash, password))) throw wrongCredentials();
    if (user.status === 'pending') throw fail(403, ErrorCodes.userPending, Messages.userPending);
    if (user.status === 'disabled') throw fail(403, ErrorCodes.userDisabled, Messages.userDisabled);
    const [signedIn] = await this.db.update(users).set({ lastSignedAt: new Date() }).where(eq(users.id, user.id)).returning();
    return this.tokenFor(signedIn);
  }

  /** Signs in an account proven another way (an SMS code): it must still be active. */
  async signInById(id: number): Promise<AuthTokenResponse> {
    const [user] = await this.db.update(users).set({ lastSignedAt: new Date() }).where(eq(users.id, id)).returning();
    if (!user || user.status !== 'active') throw fail(400, ErrorCodes.invalidCredentials, Messages.invalidSmsCode);
    return this.tokenFor(user);
  }

  /** Spec 8: the answer never tells whether the e-mail has an account, nor does its time (the lookup is done after answering). */
  async forgotPassword(rawEmail: string): Promise<{ message: string }> {
    await this.ask(Events.identity.passwordResetAsked, { email: normalEmail(rawEmail) });
    return { message: Messages.forgotReceived };
  }

  async sendReset(tx: Tx, rawEmail: string): Promise<void> {
    const [user] = await tx.select().from(users).where(eq(users.email, normalEmail(rawEmail)));
    if (user && user.status !== 'disabled') await this.sendLink(tx, user, 'reset');
  }

  /** A valid reset link sets the password, proves the e-mail (activating a pending account) and ends older sessions. */
  async resetPassword(token: string, newPassword: string): Promise<AuthTokenResponse> {
    const passwordHash = await this.hashing.hash(newPassword);
    const user = await this.db.transaction(async (tx) => {
      const [link] = await tx.select().from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, 'reset'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
        .for('update');
      if (!link) throw fail(401, ErrorCodes.tokenInvalid, Messages.linkInvalid);
      await tx.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, link.id));
      const [updated] = await tx.update(users).set({
        passwordHash, authMethod: 'password', tokenVersion: sql`${users.tokenVersion} + 1`, lastSignedAt: new Date(),
        status: sql`CASE WHEN ${users.status} = 'pending' THEN 'active' ELSE ${users.status} END`,
      }).where(eq(users.id, link.userId)).returning();
      return updated;
    });
    if (user.status === 'disabled') throw fail(403, ErrorCodes.userDisabled, Messages.userDisabled);
    return this.tokenFor(user);
  }

  /** A fresh token for a valid one whose account is still active and whose sessions were not ended. */
  async refresh(token: string): Promise<AuthTokenResponse> {
    return this.tokenFor(await this.current(token));
  }

  async profile(token: string): Promise<UserProfile> {
    const user = await this.current(token);
    return {
      firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone, subscribed: user.subscribed,
      lastSignedAt: user.lastSignedAt?.toISOString() ?? null, createdAt: user.createdAt.toISOString(), authMethod: user.authMethod, role: user.role,
    };
  }

  /** The settings form: names, phone and the newsletter choice (the e-mail never changes here). */
  async update(token: string, settings: { firstName: string; lastName: string; phone?: string | null; subscribed?: boolean }): Promise<UserProfile> {
    const user = await this.current(token);
    await this.db.update(users).set({
      firstName: settings.firstName.trim(),
      lastName: settings.lastName.trim(),
      phone: settings.phone?.trim() || null,
      ...(settings.subscribed === undefined ? {} : { subscribed: settings.subscribed }),
    }).where(eq(users.id, user.id));
    return this.profile(token);
  }

  /** Keeps the last position the user's browser reported. */
  async storeGeoLocation(token: string, lat: number, lng: number): Promise<{ ok: true }> {
    const user = await this.current(token);
    await this.db.update(users).set({ geoLat: lat, geoLng: lng, geoAt: new Date() }).where(eq(users.id, user.id));
    return { ok: true };
  }

  /** A new password for an account that has one; every other session ends, this one gets a fresh token. */
  async changePassword(token: string, currentPassword: string, newPassword: string): Promise<AuthTokenResponse> {
    const user = await this.current(token);
    if (user.authMethod !== 'password' || !user.passwordHash) throw fail(400, ErrorCodes.badRequest, Messages.noPasswordMethod);
    if (!(await this.hashing.matches(user.passwordHash, currentPassword))) throw fail(400, ErrorCodes.invalidCredentials, Messages.wrongCurrentPassword);
    const [updated] = await this.db.update(users)
      .set({ passwordHash: await this.hashing.hash(newPassword), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id)).returning();
    return this.tokenFor(updated);
  }

  /** The signature of an unsubscribe link for an e-mail or a phone (HMAC with the server's secret). */
  unsubscribeSig(target: UnsubscribeTarget): string {
    return keyedHash(hmacSecret(this.env), 'unsubscribe', unsubscribeValue(target));
  }

  /**
   * Unsubscribes an e-mail or a phone: with the signature of the link we sent (the same answer whether or not
   * anyone matched), or, without one, only for the signed-in owner of that address.
   */
  async unsubscribe(request: { email?: string; phone?: string; sig?: string; token?: string }): Promise<{ message: string }> {
    const target: UnsubscribeTarget = request.email ? { email: request.email } : { phone: request.phone ?? '' };
    const where = 'email' in target ? eq(users.email, normalEmail(target.email)) : eq(sql`regexp_replace(${users.phone}, '[^0-9]', '', 'g')`, phoneDigits(target.phone));
    if (request.sig) {
      if (!sameSecret(request.sig, this.unsubscribeSig(target))) throw fail(403, ErrorCodes.forbidden, Messages.unsubscribeFailed);
      await this.db.update(users).set({ subscribed: false }).where(where);
      return { message: Messages.unsubscribed };
    }
    if (!request.token) throw fail(401, ErrorCodes.unauthorized, Messages.unsubscribeSignInRequired);
    const user = await this.current(request.token);
    const owns = 'email' in target ? user.email === normalEmail(target.email) : !!user.phone && phoneDigits(user.phone) === phoneDigits(target.phone);
    if (!owns) throw fail(403, ErrorCodes.forbidden, Messages.unsubscribeSignInRequired);
    await this.db.update(users).set({ subscribed: false }).where(eq(users.id, user.id));
    return { message: Messages.unsubscribed };
  }

  async favorites(token: string): Promise<FavoriteSlugsResponse> {
    const user = await this.current(token);
    const rows = await this.db.select({ slug: favorites.productSlug }).from(favorites)
      .where(eq(favorites.userId, user.id)).orderBy(desc(favorites.createdAt)).limit(MAX_FAVORITES);
    return { productSlugs: rows.map((r) => r.slug) };
  }

  /** Adds a favourite (again is a no-op); a full list refuses more. */
  async addFavorite(token: string, productSlug: string): Promise<FavoriteSlugsResponse> {
    const user = await this.current(token);
    const [{ count }] = await this.db.select({ count: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.userId, user.id));
    if (count >= MAX_FAVORITES) throw fail(400, ErrorCodes.badRequest, Messages.favoritesFull);
    await this.db.insert(favorites).values({ userId: user.id, productSlug }).onConflictDoNothing();
    return this.favorites(token);
  }

  async removeFavorite(token: string, productSlug: string): Promise<FavoriteSlugsResponse> {
    const user = await this.current(token);
    await this.db.delete(favorites).where(and(eq(favorites.userId, user.id), eq(favorites.productSlug, productSlug)));
    return this.favorites(token);
  }

  /** Spec 6: managers (business owners and admins) see the businesses they run; anyone else none. */
  async businesses(token: string): Promise<BusinessesResponse> {
    const user = await this.current(token);
    if (user.role === 'user') return { businesses: [] };
    const rows = await this.db.select({ kind: businessMemberships.kind, slug: businessMemberships.slug, name: businessMemberships.name })
      .from(businessMemberships).where(eq(businessMemberships.userId, user.id)).orderBy(businessMemberships.kind, businessMemberships.name);
    return { businesses: rows };
  }

  /**
   * accessBusiness: a business access token for a member of the business (its owner, its staff, or an admin
   * given membership); 404 for a business the user has no part in, whoever runs it (nothing is revealed).
   */
  async accessBusiness(token: string, businessSlug: string): Promise<AuthTokenResponse> {
    const user = await this.current(token);
    if (user.role === 'user') throw fail(403, ErrorCodes.forbidden, Messages.businessAccessDenied);
    const [membership] = await this.db.select({ kind: businessMemberships.kind, slug: businessMemberships.slug })
      .from(businessMemberships).where(and(eq(businessMemberships.userId, user.id), eq(businessMemberships.slug, businessSlug)))
      .orderBy(businessMemberships.kind).limit(1);
    if (!membership) throw fail(404, ErrorCodes.notFound, Messages.businessNotFound);
    const claims: BusinessAccessClaims = { sub: String(user.id), typ: 'business', role: user.role, ver: user.tokenVersion, business: membership };
    return { jwt: await this.keys.sign(claims, TOKEN_LIFETIME.businessAccessSeconds) };
  }

  /** The account behind a token: signed by us, unexpired, of an active account, and not older than its last password change. */
  async current(token: string): Promise<User> {
    const claims = await this.keys.verify(token);
    const id = Number(claims?.sub);
    if (!claims || !Number.isInteger(id)) throw signInAgain();
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    if (!user || user.status !== 'active' || user.tokenVersion !== claims.ver) throw signInAgain();
    return user;
  }

  private async byEmail(rawEmail: string): Promise<User | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.email, normalEmail(rawEmail)));
    return user;
  }

  /** The access token of an account (every way of signing in answers this one shape). */
  async tokenFor(user: User): Promise<AuthTokenResponse> {
    const claims: AccessTokenClaims = { sub: String(user.id), typ: 'user', role: user.role, ver: user.tokenVersion };
    // A manager's memberships travel in the token (services check business access against them): read afresh at every
    // sign-in and refresh, so a membership taken away stops working at the next refresh, at the latest at expiry.
    if (user.role !== 'user') {
      const rows = await this.db.selectDistinct({ slug: businessMemberships.slug }).from(businessMemberships)
        .where(eq(businessMemberships.userId, user.id)).orderBy(businessMemberships.slug);
      claims.biz = rows.map((r) => r.slug);
    }
    return { jwt: await this.keys.sign(claims, TOKEN_LIFETIME.accessSeconds) };
  }

  /**
   * A new single-use link (older unused ones of the same kind stop working) and its e-mail event, in the caller's
   * transaction. The event names the token only by reference (see DeliverySecrets).
   */
  private async sendLink(tx: Tx, user: User, purpose: LinkPurpose) {
    const token = newLinkToken();
    const expiresAt = new Date(Date.now() + LINK_HOURS[purpose] * 3600_000);
    const secretRef = await this.secrets.keep({ token, unsubscribeSig: this.unsubscribeSig({ email: user.email }) }, LINK_HOURS[purpose] * 3600);
    await tx.update(oneTimeTokens).set({ expiresAt: new Date() })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())));
    await tx.insert(oneTimeTokens).values({ userId: user.id, purpose, tokenHash: hashToken(token), expiresAt });
    await this.outbox.add(tx, LINK_EVENT[purpose], {
      userId: user.id, email: user.email, firstName: user.firstName, secretRef, expiresAt: expiresAt.toISOString(),
    });
  }
}
