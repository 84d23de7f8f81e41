import { Events, streamName, Subjects, type AccountLinkEvent, type DeliverySecret, type EventEnvelope, type SmsCodeEvent } from '@mc/contracts';
import type { Database } from '@mc/kit';
import { waitFor } from '@mc/kit/testing';
import { eq } from 'drizzle-orm';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { outgoingMessages } from '../src/db/schema';

const codec = JSONCodec();

/**
 * Identity's side of delivery secrets, as a test double on the test NATS: keeps the secrets the events below
 * refer to, answers `identity.delivery-secret.get` (404 once forgotten) and records what was forgotten.
 */
export class FakeIdentitySecrets {
  readonly secrets = new Map<string, DeliverySecret>();
  readonly forgotten = new Set<string>();
  private subs: Subscription[] = [];

  start(nc: NatsConnection): void {
    const answer = (subject: string, handle: (ref: string) => unknown) => {
      const sub = nc.subscribe(subject);
      this.subs.push(sub);
      void (async () => {
        for await (const msg of sub) {
          const { id, data } = codec.decode(msg.data) as { id: string; data: { secretRef: string } };
          const response = handle(data.secretRef);
          msg.respond(codec.encode(response === undefined
            ? { id, err: { status: 404, code: 'NOT_FOUND', message: 'gone' }, isDisposed: true }
            : { id, response, isDisposed: true }));
        }
      })();
    };
    answer(Subjects.identity.deliverySecretGet, (ref) => this.secrets.get(ref));
    answer(Subjects.identity.deliverySecretForget, (ref) => {
      this.secrets.delete(ref);
      this.forgotten.add(ref);
      return { ok: true };
    });
  }

  stop(): void {
    for (const sub of this.subs) sub.unsubscribe();
  }

  /** Resolves once notifications has asked to forget `ref` (it asks after marking its message sent). */
  forgets(ref: string): Promise<boolean> {
    return waitFor(`notifications to ask identity to forget ${ref}`, () => this.forgotten.has(ref));
  }
}

/** Publishes an activation event as identity's relay would (same envelope, message id = event id), its token kept by `secrets`. */
export async function publishActivation(nc: NatsConnection, secrets: FakeIdentitySecrets, email: string, eventId: string = randomUUID()): Promise<string> {
  const secretRef = `ref-${eventId}`;
  secrets.secrets.set(secretRef, { token: `token-${eventId}`, unsubscribeSig: `sig-${eventId}` });
  const envelope: EventEnvelope<AccountLinkEvent> = {
    eventId, type: Events.identity.activationRequested, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(),
    data: { userId: 1, email, firstName: 'דנה', secretRef, expiresAt: new Date(Date.now() + 3600_000).toISOString() },
  };
  await nc.jetstream().publish(Events.identity.activationRequested, JSON.stringify(envelope), { msgID: `${eventId}-${Math.random()}`, expect: { streamName: streamName('identity') } });
  return eventId;
}

/** Publishes an SMS-code event as identity's relay would, its code kept by `secrets`. */
export async function publishSmsCode(nc: NatsConnection, secrets: FakeIdentitySecrets, phone: string, code: string, eventId: string = randomUUID()): Promise<string> {
  const secretRef = `ref-${eventId}`;
  secrets.secrets.set(secretRef, { code });
  const envelope: EventEnvelope<SmsCodeEvent> = {
    eventId, type: Events.identity.smsCodeRequested, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data: { phone, secretRef },
  };
  await nc.jetstream().publish(Events.identity.smsCodeRequested, JSON.stringify(envelope), { msgID: eventId, expect: { streamName: streamName('identity') } });
  return eventId;
}

/** Waits until the message of an event is no longer queued, and answers its rows. */
export const settledMessages = (db: Database, eventId: string, timeoutMs = 15_000) =>
  waitFor(`the message of event ${eventId} to be sent or to fail`, () => db.select().from(outgoingMessages).where(eq(outgoingMessages.eventId, eventId)), {
    until: (rows) => rows.length > 0 && rows.every((r) => r.status !== 'queued'),
    timeoutMs,
    intervalMs: 100,
  });
