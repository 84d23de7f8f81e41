import { Subjects, type MailboxResponse } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, useService } from '@mc/kit/testing';
import { notificationsService } from '../src/service';
import { publishActivation, settledMessages } from './account-emails';

describe('account e-mails without an SMTP server: the local mailbox', () => {
  const service = useService(notificationsService);
  const db = () => service.app().get<Database>(DATABASE);

  it('keeps the activation e-mail with its link in the mailbox, once per event even when the event comes twice', async () => {
    const address = `mailbox-${Date.now()}@example.co.il`;
    const eventId = await publishActivation(service.nc(), address);
    await publishActivation(service.nc(), address, eventId);
    const rows = await settledMessages(db(), eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', transport: 'mailbox', recipient: address, attempts: 1 });
    const { messages } = await rpc<MailboxResponse>(service.nc(), Subjects.notifications.mailboxList, {});
    const mine = messages.find((m) => m.to === address)!;
    expect(mine.body).toContain(`/auth/verify-email?token=token-${eventId}`);
  });
});
