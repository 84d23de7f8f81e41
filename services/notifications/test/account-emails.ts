import { Events, streamName, type AccountLinkEvent, type EventEnvelope, type SmsCodeEvent } from '@mc/contracts';
import type { Database } from '@mc/kit';
import { eq } from 'drizzle-orm';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { outgoingMessages } from '../src/db/schema';

/** Publishes an activation event as identity's relay would (same envelope, message id = event id). */
export async function publishActivation(nc: NatsConnection, email: string, eventId: string = randomUUID()): Promise<string> {
  const envelope: EventEnvelope<AccountLinkEvent> = {
    eventId, type: Events.identity.activationRequested, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(),
    data: { userId: 1, email, firstName: 'דנה', token: `token-${eventId}`, expiresAt: new Date(Date.now() + 3600_000).toISOString() },
  };
  await nc.jetstream().publish(Events.identity.activationRequested, JSON.stringify(envelope), { msgID: `${eventId}-${Math.random()}`, expect: { streamName: streamName('identity') } });
  return eventId;
}

/** Publishes an SMS-code event as identity's relay would. */
export async function publishSmsCode(nc: NatsConnection, phone: string, code: string, eventId: string = randomUUID()): Promise<string> {
  const envelope: EventEnvelope<SmsCodeEvent> = {
    eventId, type: Events.identity.smsCodeRequested, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data: { phone, code },
  };
  await nc.jetstream().publish(Events.identity.smsCodeRequested, JSON.stringify(envelope), { msgID: eventId, expect: { streamName: streamName('identity') } });
  return eventId;
}

/** Waits until the message of an event is no longer queued, and answers its rows. */
export async function settledMessages(db: Database, eventId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await db.select().from(outgoingMessages).where(eq(outgoingMessages.eventId, eventId));
    if ((rows.length && rows.every((r) => r.status !== 'queued')) || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
