import { randomUUID } from 'node:crypto';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, useService, useWorker, waitFor } from '@mc/kit/testing';
import { Subjects } from '@mc/contracts';
import { eq } from 'drizzle-orm';
import { outgoingMessages } from '../src/db/schema';
import { MailSender } from '../src/email/mail-sender';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';

/**
 * Issue 32, nothing lost: a message stored as queued whose job Redis lost (restarted without its data) is found by the
 * sender and queued again, once; a message whose job Redis still has is left alone.
 */
describe('messages lost by Redis', () => {
  const service = useService(notificationsService);
  const sender = useWorker(notificationsService, 'sender', [SendingModule]);

  it('are queued again and sent once', async () => {
    const db = service.app().get<Database>(DATABASE);
    const to = `lost-${randomUUID()}@example.co.il`;
    const [row] = await db.insert(outgoingMessages).values({
      eventId: randomUUID(), channel: 'email', template: 'invitation', recipient: to, subject: 'הזמנה לנהל את בית המרקחת',
      params: { kind: 'pharm', businessName: 'בית מרקחת שאבד' }, createdAt: new Date(Date.now() - 120_000),
    }).returning();
    const mail = sender.app().get(MailSender);
    expect(await mail.requeueLost()).toBeGreaterThanOrEqual(1);
    await waitFor('the lost message sent', async () => (await db.select().from(outgoingMessages).where(eq(outgoingMessages.id, row.id)))[0].status, { until: (s) => s === 'sent', timeoutMs: 10_000 });
    const { messages } = await rpc(service.nc(), Subjects.notifications.mailboxList, {});
    expect(messages.filter((m) => m.to === to)).toHaveLength(1);
    // Sent: not queued again.
    expect(await mail.requeueLost()).toBe(0);
  });
});
