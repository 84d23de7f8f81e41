import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes, Events, Messages, TOKEN_LIFETIME,
  type AccountAskedEvent, type AuthTokenResponse, type EventSubject, type EventSubjectsMatching,
} from '@mc/contracts';
import { Clock, DATABASE, OutboxRelay, OutboxWriter, SERVICE_ENV, serviceError, type Database, type Tx } from '@mc/kit';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Accounts, normalEmail, type User } from '../accounts/accounts.service';
import { HashPool } from '../accounts/hash-pool';
import { Invitations } from '../accounts/invitations';
import { TokenVersionsWriter } from '../accounts/token-versions.writer';
import type { IdentityEnv } from '../config';
import { oneTimeTokens, users } from '../db/schema';
import { DeliverySecrets } from '../delivery-secrets/delivery-secrets';
import { unsubscribeSig } from '../profile/unsubscribe-link';
import { hashToken, newLinkToken } from './secrets';

type LinkPurpose = 'activation' | 'reset';

const LINK_HOURS: Record<LinkPurpose, number> = { activation: TOKEN_LIFETIME.activationHours, reset: TOKEN_LIFETIME.resetHours };
const LINK_EVENT = { activation: Events.identity.activationRequested, reset: Events.identity.passwordResetRequested } as const satisfies Record<LinkPurpose, EventSubject>;

const fail = (status: number, code: string, message: string) => serviceError(status, code, message);
const wrongCredentials = () => fail(401, ErrorCodes.invalidCredentials, Messages.wrongCredentials);

/** A hash to verify against when no account matches, so a missing e-mail takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;

/** Signing in: sign-up and activation, sign-in, forgotten passwords, and token refresh (SMS and Google beside it). */
@Injectable()
export class AuthService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(Accounts) private readonly accounts: Accounts,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(DeliverySecrets) private readonly secrets: DeliverySecrets,
    @Inject(HashPool) private readonly hashing: HashPool,
    @Inject(SERVICE_ENV) private readonly env: IdentityEnv,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TokenVersionsWriter) private readonly versions: TokenVersionsWriter,
    @Inject(Invitations) private readonly invitations: Invitations,
  ) {}

  async signUp(input: { firstName: string; lastName: string; email: string; password: string; subscribe?: boolean }): Promise<{ ok: true }> {
    const email = normalEmail(input.email);
    const passwordHash = await this.hashing.hash(input.password);
    await this.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({
        email, firstName: input.firstName.trim(), lastName: input.lastName.trim(), passwordHash, subscribed: input.subscribe === true,
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
      if (!link || link.expiresAt <= this.clock.now()) throw fail(400, ErrorCodes.tokenInvalid, Messages.activationInvalid);
      if (link.usedAt) throw fail(400, ErrorCodes.tokenUsed, Messages.activationUsed);
      await tx.update(oneTimeTokens).set({ usedAt: this.clock.now() }).where(eq(oneTimeTokens.id, link.id));
      const [activated] = await tx.update(users).set({ status: sql`CASE WHEN ${users.status} = 'pending' THEN 'active' ELSE ${users.status} END`, lastSignedAt: this.clock.now() })
        .where(eq(users.id, link.userId)).returning();
      return this.invitations.accept(tx, activated);
    });
    return this.accounts.tokenFor(user);
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
    const [signedIn] = await this.db.update(users).set({ lastSignedAt: this.clock.now() }).where(eq(users.id, user.id)).returning();
    return this.accounts.tokenFor(signedIn);
  }

  /** Signs in an account proven another way (an SMS code): it must still be active. */
  async signInById(id: number): Promise<AuthTokenResponse> {
    const [user] = await this.db.update(users).set({ lastSignedAt: this.clock.now() }).where(eq(users.id, id)).returning();
    if (user?.status === 'disabled') throw fail(403, ErrorCodes.userDisabled, Messages.userDisabled);
    if (!user || user.status !== 'active') throw fail(400, ErrorCodes.invalidCredentials, Messages.invalidSmsCode);
    return this.accounts.tokenFor(user);
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
        .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, 'reset'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, this.clock.now())))
        .for('update');
      if (!link) throw fail(401, ErrorCodes.tokenInvalid, Messages.linkInvalid);
      await tx.update(oneTimeTokens).set({ usedAt: this.clock.now() }).where(eq(oneTimeTokens.id, link.id));
      const [updated] = await tx.update(users).set({
        passwordHash, authMethod: 'password', tokenVersion: sql`${users.tokenVersion} + 1`, lastSignedAt: this.clock.now(),
        status: sql`CASE WHEN ${users.status} = 'pending' THEN 'active' ELSE ${users.status} END`,
      }).where(eq(users.id, link.userId)).returning();
      await this.versions.ended(tx, updated.id);
      return this.invitations.accept(tx, updated);
    });
    this.versions.poke();
    if (user.status === 'disabled') throw fail(403, ErrorCodes.userDisabled, Messages.userDisabled);
    return this.accounts.tokenFor(user);
  }

  /**
   * A fresh token for a valid one whose account is still active and whose sessions were not ended, in the same session:
   * it keeps the session's start (`auth_time`; a token signed before that claim existed counts from its `iat`), and a
   * session begun more than TOKEN_LIFETIME.sessionSeconds (30 days) ago is not refreshed (401: sign in again).
   */
  async refresh(token: string): Promise<AuthTokenResponse> {
    const { user, claims } = await this.accounts.currentWithClaims(token);
    const sessionStart = claims.auth_time ?? claims.iat;
    if (typeof sessionStart !== 'number' || this.clock.seconds() - sessionStart > TOKEN_LIFETIME.sessionSeconds) {
      throw fail(401, ErrorCodes.unauthorized, Messages.signInRequired);
    }
    return this.accounts.tokenFor(user, sessionStart);
  }

  /** Server-side sign-out: every session of the caller's account ends (its token version grows). */
  async signOut(token: string): Promise<{ ok: true }> {
    const user = await this.accounts.current(token);
    await this.accounts.endSessions(user.id);
    return { ok: true };
  }

  private async byEmail(rawEmail: string): Promise<User | undefined> {
    const [user] = await this.db.select().from(users).where(eq(users.email, normalEmail(rawEmail)));
    return user;
  }

  /**
   * A new single-use link (older unused ones of the same kind stop working) and its e-mail event, in the caller's
   * transaction. The event names the token only by reference (see DeliverySecrets).
   */
  private async sendLink(tx: Tx, user: User, purpose: LinkPurpose) {
    const token = newLinkToken();
    const expiresAt = new Date(this.clock.millis() + LINK_HOURS[purpose] * 3600_000);
    const secretRef = await this.secrets.keep({ token, unsubscribeSig: unsubscribeSig(this.env, { email: user.email }) }, LINK_HOURS[purpose] * 3600);
    await tx.update(oneTimeTokens).set({ expiresAt: this.clock.now() })
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, this.clock.now())));
    await tx.insert(oneTimeTokens).values({ userId: user.id, purpose, tokenHash: hashToken(token), expiresAt });
    await this.outbox.add(tx, LINK_EVENT[purpose], {
      userId: user.id, email: user.email, firstName: user.firstName, secretRef, expiresAt: expiresAt.toISOString(),
    });
  }
}
