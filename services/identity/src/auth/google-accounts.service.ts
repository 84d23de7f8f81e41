import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages, type GoogleSignInCommand, type GoogleSignInResponse } from '@mc/contracts';
import { Clock, DATABASE, serviceError, type Database, type Tx } from '@mc/kit';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { Accounts, type User } from '../accounts/accounts.service';
import { Invitations } from '../accounts/invitations';
import { TokenVersionsWriter } from '../accounts/token-versions.writer';
import { users } from '../db/schema';

/** A first sign-in racing another for the same account finds the other's row on the next try. */
const ATTEMPTS = 3;

const refuseDisabled = (user: User) => {
  if (user.status === 'disabled') throw serviceError(403, ErrorCodes.userDisabled, Messages.userDisabled);
};

/**
 * Sign-in with Google (spec 4 and 6). The gateway has already exchanged the code with Google and read the
 * account; here the account is found by its Google id, or linked to the account of the same (verified)
 * e-mail, or created active with the 'google' sign-in method. A disabled account gets the spec's message.
 */
@Injectable()
export class GoogleAccounts {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Accounts) private readonly accounts: Accounts,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TokenVersionsWriter) private readonly versions: TokenVersionsWriter,
    @Inject(Invitations) private readonly invitations: Invitations,
  ) {}

  async signIn(account: GoogleSignInCommand): Promise<GoogleSignInResponse> {
    for (let attempt = 1; ; attempt++) {
      const found = await this.db.transaction((tx) => this.findOrCreate(tx, account));
      this.versions.poke();
      if (found) return { ...(await this.accounts.tokenFor(found.user)), created: found.created };
      if (attempt >= ATTEMPTS) throw serviceError(503, ErrorCodes.unavailable, Messages.serviceUnavailable);
    }
  }

  /** The signed-in account and whether this sign-in made it, or undefined when a concurrent first sign-in made it a moment ago. */
  private async findOrCreate(tx: Tx, account: GoogleSignInCommand): Promise<{ user: User; created: boolean } | undefined> {
    const user = await this.find(tx, account);
    if (user) return { user, created: false };
    const email = account.email.trim().toLowerCase();
    const [created] = await tx.insert(users).values({
      email,
      firstName: account.firstName?.trim() || email.split('@')[0],
      lastName: account.lastName?.trim() || '',
      googleSub: account.sub,
      status: 'active',
      authMethod: 'google',
      // No sign-up form, so no consent to updates was given (the form's box is the only way to say yes).
      subscribed: false,
      lastSignedAt: this.clock.now(),
    }).onConflictDoNothing().returning();
    return created ? { user: await this.invitations.accept(tx, created), created: true } : undefined;
  }

  /** The account this Google account signs in to (linked to it now where the rules allow), or undefined: none yet. */
  private async find(tx: Tx, account: GoogleSignInCommand): Promise<User | undefined> {
    const [linked] = await tx.select().from(users).where(eq(users.googleSub, account.sub)).for('update');
    if (linked) return this.signedIn(tx, linked, {});

    if (!account.emailVerified) throw serviceError(403, ErrorCodes.emailUnverified, Messages.googleEmailUnverified);
    const email = account.email.trim().toLowerCase();
    const [sameEmail] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (sameEmail) {
      refuseDisabled(sameEmail);
      // The same Google account, linked by a concurrent first sign-in since this one looked it up by its id.
      if (sameEmail.googleSub === account.sub) return this.signedIn(tx, sameEmail, {});
      if (sameEmail.googleSub) throw serviceError(409, ErrorCodes.conflict, Messages.googleAccountConflict);
      if (sameEmail.status === 'active') return this.signedIn(tx, sameEmail, { googleSub: account.sub });
      // Never activated: nobody proved the e-mail, so its password may be a stranger's (who signed up with
      // this address first). Google's proof makes the account the e-mail owner's, without that password.
      const owned = await this.signedIn(tx, sameEmail, {
        googleSub: account.sub, passwordHash: null, authMethod: 'google', tokenVersion: sql`${users.tokenVersion} + 1`,
      });
      await this.versions.ended(tx, owned.id);
      return owned;
    }

    return undefined;
  }

  private async signedIn(tx: Tx, user: User, changes: PgUpdateSetSource<typeof users>): Promise<User> {
    refuseDisabled(user);
    const [updated] = await tx.update(users)
      .set({ ...changes, status: user.status === 'pending' ? 'active' : user.status, lastSignedAt: this.clock.now() })
      .where(eq(users.id, user.id)).returning();
    return this.invitations.accept(tx, updated);
  }
}
