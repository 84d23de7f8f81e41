import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCodes, Events, MANAGE_MAX_MEMBERS, ManageMessages,
  type BusinessKind, type BusinessMember, type BusinessMembers, type MemberAddCommand, type MemberRemoveCommand, type MembersRequest,
} from '@mc/contracts';
import { Clock, DATABASE, notFound, OutboxRelay, OutboxWriter, serviceError, type Caller, type Database, type Tx } from '@mc/kit';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { normalEmail } from '../accounts/accounts.service';
import { TokenVersionsWriter } from '../accounts/token-versions.writer';
import { AuditLog } from '../audit/audit-log';
import { businessMemberships, invitations, users } from '../db/schema';

const alreadyMember = () => serviceError(409, ErrorCodes.conflict, ManageMessages.alreadyMember);
const memberNotFound = () => notFound(ManageMessages.memberNotFound);

/**
 * Who runs a business (issue 30, admins only): a pharmacy's owners, a company's staff. An e-mail with an account becomes
 * a member at once; one without gets an invitation e-mail (`evt.identity.membership.invited`) and becomes a member when an
 * account with it is activated (`Invitations.accept`). Adding or removing a member ends the member's sessions, so the
 * change reaches their access at once (their memberships travel in their tokens). A patient given a business becomes a
 * business owner, and goes back to a patient when the last is taken away.
 */
@Injectable()
export class ManageMembers {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(TokenVersionsWriter) private readonly versions: TokenVersionsWriter,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  list(dto: MembersRequest): Promise<BusinessMembers> {
    return this.members(this.db, dto.kind, dto.slug);
  }

  async add(caller: Caller, dto: MemberAddCommand): Promise<BusinessMembers> {
    const email = normalEmail(dto.email);
    const answer = await this.db.transaction(async (tx) => {
      // One business's members change one at a time (the cap holds under concurrent adds).
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`members:${dto.kind}:${dto.slug}`}))`);
      const current = await this.members(tx, dto.kind, dto.slug);
      if (current.members.some((m) => m.email === email)) throw alreadyMember();
      if (current.members.length >= MANAGE_MAX_MEMBERS) throw serviceError(409, ErrorCodes.conflict, ManageMessages.tooManyMembers);
      const [user] = await tx.select().from(users).where(eq(users.email, email)).for('update');
      const record = { actorId: caller.userId, targetKind: dto.kind, targetId: dto.slug, targetLabel: dto.name, at: this.clock.now() } as const;
      if (user && user.status === 'active') {
        await tx.insert(businessMemberships).values({ userId: user.id, kind: dto.kind, slug: dto.slug, name: dto.name });
        if (user.role === 'user') await tx.update(users).set({ role: 'business_owner' }).where(eq(users.id, user.id));
        await this.endSessions(tx, user.id);
        await this.audit.record(tx, { ...record, action: 'member.added', after: { email, userId: user.id } });
      } else {
        // No account, or one whose e-mail is not proven yet: the membership waits for the proof.
        await tx.insert(invitations).values({ email, kind: dto.kind, slug: dto.slug, name: dto.name, invitedBy: caller.userId });
        await this.outbox.add(tx, Events.identity.membershipInvited, { email, kind: dto.kind, businessName: dto.name });
        await this.audit.record(tx, { ...record, action: 'member.invited', after: { email } });
      }
      return this.members(tx, dto.kind, dto.slug);
    });
    this.relay.poke();
    return answer;
  }

  async remove(caller: Caller, dto: MemberRemoveCommand): Promise<BusinessMembers> {
    const [kind, rawId] = dto.memberId.split('-') as ['user' | 'invite', string];
    const id = Number(rawId);
    const answer = await this.db.transaction(async (tx) => {
      const record = { actorId: caller.userId, action: 'member.removed' as const, targetKind: dto.kind, targetId: dto.slug, at: this.clock.now() };
      if (kind === 'invite') {
        const [gone] = await tx.delete(invitations)
          .where(and(eq(invitations.id, id), eq(invitations.kind, dto.kind), eq(invitations.slug, dto.slug))).returning();
        if (!gone) throw memberNotFound();
        await this.audit.record(tx, { ...record, targetLabel: gone.name, before: { email: gone.email, state: 'invited' } });
      } else {
        const [gone] = await tx.delete(businessMemberships)
          .where(and(eq(businessMemberships.userId, id), eq(businessMemberships.kind, dto.kind), eq(businessMemberships.slug, dto.slug))).returning();
        if (!gone) throw memberNotFound();
        const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        const [{ left }] = await tx.select({ left: count() }).from(businessMemberships).where(eq(businessMemberships.userId, id));
        if (user.role === 'business_owner' && left === 0) await tx.update(users).set({ role: 'user' }).where(eq(users.id, id));
        await this.endSessions(tx, id);
        await this.audit.record(tx, { ...record, targetLabel: gone.name, before: { email: user.email, userId: id } });
      }
      return this.members(tx, dto.kind, dto.slug);
    });
    this.relay.poke();
    return answer;
  }

  private async endSessions(tx: Tx, userId: number): Promise<void> {
    await tx.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
    await this.versions.ended(tx, userId);
  }

  private async members(db: Database | Tx, kind: BusinessKind, slug: string): Promise<BusinessMembers> {
    const members = await db.select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, since: businessMemberships.createdAt })
      .from(businessMemberships).innerJoin(users, eq(users.id, businessMemberships.userId))
      .where(and(eq(businessMemberships.kind, kind), eq(businessMemberships.slug, slug))).orderBy(asc(businessMemberships.createdAt), asc(users.email));
    const invited = await db.select().from(invitations)
      .where(and(eq(invitations.kind, kind), eq(invitations.slug, slug))).orderBy(asc(invitations.createdAt), asc(invitations.id));
    const list: BusinessMember[] = [
      ...members.map((m) => ({ id: `user-${m.userId}`, state: 'member' as const, userId: m.userId, email: m.email, firstName: m.firstName, lastName: m.lastName, since: m.since.toISOString() })),
      ...invited.map((i) => ({ id: `invite-${i.id}`, state: 'invited' as const, userId: null, email: i.email, firstName: null, lastName: null, since: i.createdAt.toISOString() })),
    ];
    return { members: list };
  }
}
