import { Events, type AuditAction, type AuditTargetKind } from '@mc/contracts';
import type { OutboxWriter, Tx } from '@mc/kit';

/** One admin action for identity's record (`evt.pharm.audit.recorded`). */
export interface AuditEntryInput {
  action: AuditAction;
  /** The verified caller (`@Caller()`), never a payload's word. */
  actorId: number;
  targetKind: AuditTargetKind;
  targetId: string;
  targetLabel?: string | null;
  /** Only the fields that changed. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/** Adds the action's event to the outbox in the caller's transaction, so the action and its record commit together. */
export async function recordAudit(outbox: OutboxWriter, tx: Tx, entry: AuditEntryInput): Promise<void> {
  await outbox.add(tx, Events.pharm.auditRecorded, {
    action: entry.action,
    actorId: entry.actorId,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at.toISOString(),
  });
}
