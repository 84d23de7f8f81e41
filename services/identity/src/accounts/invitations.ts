import { Inject, Injectable } from '@nestjs/common';
import { Clock, type Tx } from '@mc/kit';
import { eq } from 'drizzle-orm';
import { AuditLog } from '../audit/audit-log';
import { businessMemberships, invitations, users } from '../db/schema';
import type { User } from './accounts.service';

/**
 * Invitations to run a business (issue 30) become memberships once an account proves the invited e-mail: activation, a
 * password reset that activates it, or Google's verified e-mail. A plain patient becomes a business owner then.
 */
@Injectable()
export class Invitations {
  constructor(
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** In the transaction that made `user` active: its invitations as memberships; answers the account as it is now. */
  async accept(tx: Tx, user: User): Promise<User> {
    if (user.status !== 'active') return user;
    const waiting = await tx.delete(invitations).where(eq(invitations.email, user.email)).returning();
    if (!waiting.length) return user;
    for (const invitation of waiting) {
      await tx.insert(businessMemberships).values({ userId: user.id, kind: invitation.kind, slug: invitation.slug, name: invitation.name }).onConflictDoNothing();
      await this.audit.record(tx, {
        action: 'member.added', actorId: invitation.invitedBy, targetKind: invitation.kind, targetId: invitation.slug, targetLabel: invitation.name,
        after: { email: user.email, userId: user.id, through: 'invitation' }, at: this.clock.now(),
      });
    }
    if (user.role !== 'user') return user;
    const [owner] = await tx.update(users).set({ role: 'business_owner' }).where(eq(users.id, user.id)).returning();
    return owner;
  }
}
