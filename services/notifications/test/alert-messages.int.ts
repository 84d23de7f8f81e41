import { Events, streamName, Subjects, type AlertDueEvent, type AlertNoticeRequest, type EventEnvelope, type UserContact, type UserContactRequest } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, useService, useWorker, waitFor } from '@mc/kit/testing';
import { like } from 'drizzle-orm';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { outgoingMessages } from '../src/db/schema';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';

const codec = JSONCodec();

/** Identity's contacts and pharm's notices as test doubles on the test NATS (404 for what they do not know). */
function answer(nc: NatsConnection, subject: string, handle: (data: never) => unknown): Subscription {
  const sub = nc.subscribe(subject);
  void (async () => {
    for await (const msg of sub) {
      const { id, data } = codec.decode(msg.data) as { id: string; data: never };
      const response = handle(data);
      msg.respond(codec.encode(response === undefined
        ? { id, err: { status: 404, code: 'NOT_FOUND', message: 'not found' }, isDisposed: true }
        : { id, response, isDisposed: true }));
    }
  })();
  return sub;
}

async function publishAlert(nc: NatsConnection, data: AlertDueEvent): Promise<string> {
  const eventId = randomUUID();
  const envelope: EventEnvelope<AlertDueEvent> = { eventId, type: Events.pharm.alertDue, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), data };
  await nc.jetstream().publish(Events.pharm.alertDue, JSON.stringify(envelope), { msgID: eventId, expect: { streamName: streamName('pharm') } });
  return eventId;
}

/**
 * Issue 31: a due alert becomes an e-mail (and a text when asked) to the account's address and phone, which identity
 * gives; the text names the product, the price and the pharmacy and carries the alert's signed unsubscribe link, asked
 * of pharm when sent. An account not active gets nothing; an alert removed before its message goes sends nothing.
 */
describe("the patients' alerts (notifications)", () => {
  const service = useService(notificationsService);
  useWorker(notificationsService, 'sender', [SendingModule]);
  const db = () => service.app().get<Database>(DATABASE);
  const tag = randomUUID().slice(0, 8);
  const contacts = new Map<number, UserContact>([
    [9_100_001, { email: `alert-${tag}@example.co.il`, phone: '052-7654321', firstName: 'מיכל', active: true }],
    [9_100_002, { email: `blocked-${tag}@example.co.il`, phone: null, firstName: 'רון', active: false }],
  ]);
  const alerts = new Set([71_001, 71_002]);
  const subs: Subscription[] = [];
  beforeAll(() => {
    subs.push(answer(service.nc(), Subjects.identity.userContact, ({ userId }: UserContactRequest) => contacts.get(userId)));
    subs.push(answer(service.nc(), Subjects.pharm.alertNotice, ({ alertId }: AlertNoticeRequest) => (alerts.has(alertId) ? { unsubscribeToken: `${alertId}.signed-${'x'.repeat(30)}` } : undefined)));
  });
  afterAll(() => subs.forEach((s) => s.unsubscribe()));
  const rowsOf = (eventId: string) => db().select().from(outgoingMessages).where(like(outgoingMessages.eventId, `${eventId}-%`));
  const due = (fields: Partial<AlertDueEvent>): AlertDueEvent => ({
    alertId: 71_001, userId: 9_100_001, kind: 'price', productSlug: 'og-kush-t22', productName: 'או-ג׳י קוש T22/C1', price: 17_990,
    pharmacyName: 'בית מרקחת הרצל', pharmacySlug: 'herzl', sms: true, changedAt: new Date().toISOString(), ...fields,
  });

  it('sends the e-mail and the text with the price, the pharmacy and the one-click unsubscribe link', async () => {
    const eventId = await publishAlert(service.nc(), due({}));
    const rows = await waitFor('the alert sent', () => rowsOf(eventId), { until: (r) => r.length === 2 && r.every((m) => m.status === 'sent'), timeoutMs: 20_000 });
    expect(rows!.map((r) => [r.channel, r.template, r.recipient]).sort()).toEqual([['email', 'alert', `alert-${tag}@example.co.il`], ['sms', 'alert-sms', '+972527654321']]);
    const messages = (await rpc(service.nc(), Subjects.notifications.mailboxList, {})).messages;
    const email = messages.find((m) => m.to === `alert-${tag}@example.co.il`)!;
    expect(email.subject).toBe('המחיר של או-ג׳י קוש T22/C1 ירד ל-₪179.90');
    for (const part of ['שלום מיכל', 'בית מרקחת הרצל', '/products/og-kush-t22', `/alerts/unsubscribe?token=${encodeURIComponent(`71001.signed-${'x'.repeat(30)}`)}`]) {
      expect(email.body).toContain(part);
    }
    expect(messages.find((m) => m.to === '+972527654321' && m.body.includes('og-kush-t22'))).toBeDefined();
    // The stored rows keep no link, token or text.
    expect(JSON.stringify(rows)).not.toContain('signed-');
  });

  it('sends nothing to an account that is not active, and nothing for an alert removed before its message went', async () => {
    const blocked = await publishAlert(service.nc(), due({ userId: 9_100_002, alertId: 71_002 }));
    const removed = await publishAlert(service.nc(), due({ alertId: 71_999, sms: false }));
    const failed = await waitFor('the removed alert’s message given up', () => rowsOf(removed), { until: (r) => r.length === 1 && r[0].status === 'failed', timeoutMs: 20_000 });
    expect(failed![0].sentAt).toBeNull();
    expect(await rowsOf(blocked)).toEqual([]);
  });
});
