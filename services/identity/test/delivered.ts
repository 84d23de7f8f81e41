import { Subjects, type AccountLinkEvent, type DeliverySecret, type SmsCodeEvent } from '@mc/contracts';
import type { Database } from '@mc/kit';
import { rpc } from '@mc/kit/testing';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { NatsConnection } from 'nats';
import { outbox } from '../src/db/schema';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest outbox row of `subject` whose data has `field` = `value` and an id above `afterId`, waiting for it (work done after answering). */
export async function waitForEvent<T>(db: Database, subject: string, field: string, value: string, afterId = 0, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(outbox)
      .where(and(eq(outbox.subject, subject), sql`${outbox.envelope} -> 'data' ->> ${field} = ${value}`, gt(outbox.id, afterId)))
      .orderBy(desc(outbox.id)).limit(1);
    if (row) return { id: row.id, eventId: row.eventId, envelope: row.envelope, data: (row.envelope as { data: T }).data };
    if (Date.now() > deadline) return undefined;
    await pause(50);
  }
}

/** The last outbox id (to wait for rows after it). */
export async function lastOutboxId(db: Database): Promise<number> {
  const [row] = await db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
  return row?.id ?? 0;
}

/** What notifications does with a link e-mail event: reads the token identity keeps for it. */
export async function linkOf(db: Database, nc: NatsConnection, subject: string, address: string, afterId = 0): Promise<AccountLinkEvent & DeliverySecret & { token: string; outboxId: number }> {
  const event = await waitForEvent<AccountLinkEvent>(db, subject, 'email', address.toLowerCase(), afterId);
  if (!event) throw new Error(`no ${subject} for ${address}`);
  const secret = await rpc(nc, Subjects.identity.deliverySecretGet, { secretRef: event.data.secretRef });
  return { ...event.data, ...secret, token: secret.token!, outboxId: event.id };
}

/** The code of the newest SMS event for a phone (undefined when none comes). */
export async function codeOf(db: Database, nc: NatsConnection, phone: string, afterId = 0, timeoutMs = 10_000): Promise<string | undefined> {
  const event = await waitForEvent<SmsCodeEvent>(db, 'evt.identity.sms-code.requested', 'phone', phone, afterId, timeoutMs);
  if (!event) return undefined;
  return (await rpc(nc, Subjects.identity.deliverySecretGet, { secretRef: event.data.secretRef })).code;
}
