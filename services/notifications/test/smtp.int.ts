import { DATABASE, type Database } from '@mc/kit';
import { useService, useWorker } from '@mc/kit/testing';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';
import { FakeIdentitySecrets, publishActivation, settledMessages } from './account-emails';
import { listenForSmtp } from './smtp-listen';

const received: { to: string[]; raw: string }[] = [];
/** Recipients whose next message the server refuses once (other suites' events may be sent meanwhile). */
const refuseOnce = new Set<string>();

// A real SMTP server in the test process; the service sends to it as it would to the provider.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      const refused = session.envelope.rcptTo.find((r) => refuseOnce.delete(r.address));
      if (refused) {
        callback(new Error('451 try again later'));
        return;
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

describe('account e-mails over SMTP', () => {
  // Before the service starts: it reads SMTP_URL then.
  beforeAll(async () => {
    process.env.SMTP_URL = await listenForSmtp(smtp);
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));
  const service = useService(notificationsService);
  useWorker(notificationsService, 'sender', [SendingModule]);
  const identity = new FakeIdentitySecrets();
  beforeAll(() => identity.start(service.nc()));
  afterAll(() => identity.stop());
  afterAll(() => {
    delete process.env.SMTP_URL;
  });

  it('sends the activation e-mail in Hebrew with the link, retrying after the server refuses once', async () => {
    const address = `smtp-${Date.now()}@example.co.il`;
    refuseOnce.add(address);
    const eventId = await publishActivation(service.nc(), identity, address);
    const [row] = await settledMessages(service.app().get<Database>(DATABASE), eventId);
    expect(row).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 2 });
    const mail = received.find((m) => m.to.includes(address))!;
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe('אימות כתובת הדוא״ל שלך במדקאנה');
    expect(parsed.text).toContain(`/auth/verify-email?token=token-${eventId}`);
    expect(received.filter((m) => m.to.includes(address))).toHaveLength(1);
    // Sent: the token is forgotten by identity and the stored row never held it.
    await identity.forgets(`ref-${eventId}`);
    expect(JSON.stringify(row)).not.toContain(`token-${eventId}`);
  });
});
