import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes, escapeLike, MANAGE_PAGE_SIZE, ManageMessages,
  type ManagedUser, type ManagedUserRow, type ManagedUsersPage, type ManageUserListRequest, type SignInMethod,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, serviceError, type Caller, type Database, type Tx } from '@mc/kit';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { User } from '../accounts/accounts.service';
import { TokenVersionsWriter } from '../accounts/token-versions.writer';
import { AuditLog } from '../audit/audit-log';
import { AuthService } from '../auth/auth.service';
import { businessMemberships, users } from '../db/schema';

const userNotFound = () => notFound(ManageMessages.userNotFound);

/** The operator's search over an account: the same expression as the `users_search_trgm_idx` index. */
const userSearchText = sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g'))`;

const row = (user: User): ManagedUserRow => ({
  id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone, status: user.status, role: user.role,
  createdAt: user.createdAt.toISOString(), lastSignedAt: user.lastSignedAt?.toISOString() ?? null,
});

/** How an account can sign in: a password it has, a linked Google account, a phone SMS codes are sent to (active accounts). */
const signInMethods = (user: User): SignInMethod[] => [
  ...(user.passwordHash ? ['password' as const] : []),
  ...(user.googleSub ? ['google' as const] : []),
  ...(user.phone ? ['sms' as const] : []),
];

/** A label of the account for the record: its name and e-mail (the record is read by admins only). */
const label = (user: User) => `${user.firstName} ${user.lastName} <${user.email}>`.trim();

/**
 * The operator's accounts (issue 30, admins only): search, one account's page (never its ID numbers, prescription,
 * documents or addresses), block and unblock, and the activation e-mail again. Each action writes its row of the record
 * in its own transaction.
 */
@Injectable()
export class ManageUsers {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(TokenVersionsWriter) private readonly versions: TokenVersionsWriter,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(dto: ManageUserListRequest): Promise<ManagedUsersPage> {
    const perPage = MANAGE_PAGE_SIZE.users;
    const page = dto.page ?? 1;
    const term = dto.search?.trim().toLowerCase();
    // A phone is searched by its digits, however it was typed ('052-123 4567').
    const needle = term && /^[\d\s()+-]+$/.test(term) && /\d{3}/.test(term) ? term.replace(/\D/g, '') : term;
    const where = needle ? sql`${userSearchText} LIKE ${`%${escapeLike(needle)}%`}` : undefined;
    const [found, [{ total }]] = await Promise.all([
      this.db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(perPage).offset((page - 1) * perPage),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { users: found.map(row), total, perPage, currentPage: page };
  }

  async get(userId: number): Promise<ManagedUser> {
    return this.page(await this.find(this.db, userId));
  }

  /** Blocks an account: it cannot sign in by any method and its sessions end at once. Never an admin's. */
  async block(caller: Caller, userId: number): Promise<ManagedUser> {
    const user = await this.db.transaction(async (tx) => {
      const found = await this.find(tx, userId, true);
      if (found.role === 'admin' || found.id === caller.userId) throw serviceError(403, ErrorCodes.forbidden, ManageMessages.cannotBlockAdmin);
      if (found.status === 'disabled') return found;
      const [blocked] = await tx.update(users)
        .set({ status: 'disabled', statusBeforeBlock: found.status, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, userId)).returning();
      await this.versions.ended(tx, userId);
      await this.audit.record(tx, {
        action: 'user.blocked', actorId: caller.userId, targetKind: 'user', targetId: String(userId), targetLabel: label(found),
        before: { status: found.status }, after: { status: 'disabled' }, at: this.clock.now(),
      });
      return blocked;
    });
    this.versions.poke();
    return this.page(user);
  }

  /** Gives a blocked account back the status it had (active, or pending when it was never activated). */
  async unblock(caller: Caller, userId: number): Promise<ManagedUser> {
    const user = await this.db.transaction(async (tx) => {
      const found = await this.find(tx, userId, true);
      if (found.status !== 'disabled') return found;
      const status = found.statusBeforeBlock ?? 'active';
      const [unblocked] = await tx.update(users).set({ status, statusBeforeBlock: null }).where(eq(users.id, userId)).returning();
      await this.audit.record(tx, {
        action: 'user.unblocked', actorId: caller.userId, targetKind: 'user', targetId: String(userId), targetLabel: label(found),
        before: { status: 'disabled' }, after: { status }, at: this.clock.now(),
      });
      return unblocked;
    });
    return this.page(user);
  }

  /** The activation e-mail again, for an account still pending (409 otherwise). */
  async resendActivation(caller: Caller, userId: number): Promise<{ ok: true }> {
    await this.db.transaction(async (tx) => {
      const found = await this.find(tx, userId, true);
      if (found.status !== 'pending') throw serviceError(409, ErrorCodes.conflict, ManageMessages.notPending);
      await this.auth.sendActivationAgain(tx, found.email);
      await this.audit.record(tx, {
        action: 'user.activation-resent', actorId: caller.userId, targetKind: 'user', targetId: String(userId), targetLabel: label(found), at: this.clock.now(),
      });
    });
    return { ok: true };
  }

  private async find(db: Database | Tx, userId: number, forUpdate = false): Promise<User> {
    const query = db.select().from(users).where(eq(users.id, userId));
    const [user] = forUpdate ? await query.for('update') : await query;
    if (!user) throw userNotFound();
    return user;
  }

  private async page(user: User): Promise<ManagedUser> {
    const memberships = await this.db.select({ kind: businessMemberships.kind, slug: businessMemberships.slug, name: businessMemberships.name })
      .from(businessMemberships).where(eq(businessMemberships.userId, user.id)).orderBy(asc(businessMemberships.kind), asc(businessMemberships.name));
    return { ...row(user), signInMethods: signInMethods(user), memberships };
  }
}
