import { Subjects } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { rpc, useService, useWorker, waitFor } from '@mc/kit/testing';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';
import { FakeIdentitySecrets, publishActivation, settledMessages } from './account-emails';

describe('account e-mails without an SMTP server: the local mailbox', () => {
  const service = useService(notificationsService);
  useWorker(notificationsService, 'sender', [SendingModule]);
  const db = () => service.app().get<Database>(DATABASE);
  const identity = new FakeIdentitySecrets();
  beforeAll(() => identity.start(service.nc()));
  afterAll(() => identity.stop());

  it('shows the activation e-mail with its link in the mailbox, once per event even when the event comes twice; the stored row keeps no link', async () => {
    const address = `mailbox-${Date.now()}@example.co.il`;
    const eventId = await publishActivation(service.nc(), identity, address);
    await publishActivation(service.nc(), identity, address, eventId);
    const rows = await settledMessages(db(), eventId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', transport: 'mailbox', recipient: address, template: 'activation', attempts: 1 });
    expect(JSON.stringify(rows[0])).not.toContain(`token-${eventId}`);
    expect(rows[0]).not.toHaveProperty('body');
    await identity.forgets(`ref-${eventId}`);
    // The mailbox keeps the message once its secret is forgotten.
    const mine = (await waitFor('the message in the mailbox', async () => (await rpc(service.nc(), Subjects.notifications.mailboxList, {})).messages.find((m) => m.to === address)))!;
    expect(mine.body).toContain(`/auth/verify-email?token=token-${eventId}`);
    expect(mine.body).toContain(`/unsubscribe?email=${encodeURIComponent(address)}&sig=sig-${eventId}`);
  });

  it('fails a message whose secret has expired at once (no retries), sending nothing', async () => {
    const address = `expired-${Date.now()}@example.co.il`;
    // Published with its token kept by no one: identity answers 404, as for an expired or forgotten secret.
    const eventId = await publishActivation(service.nc(), new FakeIdentitySecrets(), address);
    const [row] = await settledMessages(db(), eventId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    const { messages } = await rpc(service.nc(), Subjects.notifications.mailboxList, {});
    expect(messages.find((m) => m.to === address)).toBeUndefined();
  });
});
