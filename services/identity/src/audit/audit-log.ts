import { Inject, Injectable } from '@nestjs/common';
import {
  escapeLike, Events, MANAGE_PAGE_SIZE,
  type AuditAction, type AuditEntry, type AuditListRequest, type AuditPage, type AuditRecordedEvent, type AuditTargetKind,
} from '@mc/contracts';
import { ConsumesEvents, DATABASE, type ConsumedEvent, type Database, type Tx } from '@mc/kit';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { auditEntries, users } from '../db/schema';

/** One row of the record, as an action's own transaction or another service's event gives it. */
export interface AuditInput {
  action: AuditAction;
  actorId: number;
  targetKind: AuditTargetKind;
  targetId: string;
  targetLabel?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/** What the record's search finds besides the actor: the action, the target and the e-mails a change names. */
function searchTextOf(entry: AuditInput): string {
  const emails = [entry.before?.email, entry.after?.email].filter((e): e is string => typeof e === 'string');
  return [entry.action, entry.targetKind, entry.targetId, entry.targetLabel ?? '', ...emails].join(' ').toLowerCase();
}

/**
 * The record of admin actions (issue 30): identity's own actions write their row in their own transaction (`record`);
 * pharm's and order's arrive as `evt.<service>.audit.recorded`, written once each (the consumer's inbox), with the actor
 * their service verified. Listed newest first and searched by the actor's name or e-mail, the target and the action.
 */
@Injectable()
export class AuditLog {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async record(tx: Tx, entry: AuditInput): Promise<void> {
    await tx.insert(auditEntries).values({
      at: entry.at, action: entry.action, actorId: entry.actorId, targetKind: entry.targetKind, targetId: entry.targetId,
      targetLabel: entry.targetLabel ?? null, before: entry.before ?? null, after: entry.after ?? null, searchText: searchTextOf(entry),
    });
  }

  @ConsumesEvents('identity-audit-pharm')
  async fromPharm(event: ConsumedEvent<typeof Events.pharm.auditRecorded>, tx: Tx): Promise<void> {
    await this.recordEvent(event.data, tx);
  }

  @ConsumesEvents('identity-audit-order')
  async fromOrder(event: ConsumedEvent<typeof Events.order.auditRecorded>, tx: Tx): Promise<void> {
    await this.recordEvent(event.data, tx);
  }

  async list(dto: AuditListRequest): Promise<AuditPage> {
    const perPage = MANAGE_PAGE_SIZE.audit;
    const page = dto.page ?? 1;
    const conditions: SQL[] = [];
    if (dto.action) conditions.push(eq(auditEntries.action, dto.action));
    const term = dto.search?.trim().toLowerCase();
    if (term) {
      const like = `%${escapeLike(term)}%`;
      const actors = this.db.select({ id: users.id }).from(users)
        .where(sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) LIKE ${like}`);
      conditions.push(or(ilike(auditEntries.searchText, like), inArray(auditEntries.actorId, actors))!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      this.db.select({ entry: auditEntries, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(auditEntries).leftJoin(users, eq(users.id, auditEntries.actorId)).where(where)
        .orderBy(desc(auditEntries.at), desc(auditEntries.id)).limit(perPage).offset((page - 1) * perPage),
      this.db.select({ total: count() }).from(auditEntries).where(where),
    ]);
    const entries: AuditEntry[] = rows.map(({ entry, firstName, lastName, email }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      action: entry.action as AuditAction,
      actor: email === null ? null : { id: entry.actorId, name: `${firstName} ${lastName}`.trim(), email },
      targetKind: entry.targetKind as AuditTargetKind,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      before: entry.before,
      after: entry.after,
    }));
    return { entries, total, perPage, currentPage: page };
  }

  private recordEvent(data: AuditRecordedEvent, tx: Tx): Promise<void> {
    return this.record(tx, { ...data, at: new Date(data.at) });
  }
}
