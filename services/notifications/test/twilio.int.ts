import { DATABASE, type Database } from '@mc/kit';
import { useService, useWorker } from '@mc/kit/testing';
import { startFakeTwilio, type FakeTwilio } from '../../../deploy/local/fake-twilio';
import { SendingModule } from '../src/sending.module';
import { notificationsService } from '../src/service';
import { FakeIdentitySecrets, publishSmsCode, settledMessages } from './account-emails';

// The local fake of Twilio's Messages API (the one `make dev` runs): the service speaks to it through the twilio package as it would to Twilio.
let twilio: FakeTwilio;

describe('sign-in codes over Twilio', () => {
  beforeAll(async () => {
    twilio = await startFakeTwilio({ accountSid: 'AC123', authToken: 'secret' });
    Object.assign(process.env, { TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+15005550006', TWILIO_API_URL: twilio.url });
  });
  const service = useService(notificationsService);
  useWorker(notificationsService, 'sender', [SendingModule]);
  const identity = new FakeIdentitySecrets();
  beforeAll(() => identity.start(service.nc()));
  afterAll(() => identity.stop());
  afterAll(async () => {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_URL']) delete process.env[name];
    await twilio.close();
  });

  it("texts the code to the phone's +972 form with the account's credentials, once per event", async () => {
    const eventId = await publishSmsCode(service.nc(), identity, '052-7654321', '042318');
    await publishSmsCode(service.nc(), identity, '052-7654321', '042318', eventId);
    const [row] = await settledMessages(service.app().get<Database>(DATABASE), eventId);
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', transport: 'twilio', recipient: '+972527654321' });
    const mine = twilio.received.filter((r) => r.form.get('To') === '+972527654321');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ method: 'POST', path: '/2010-04-01/Accounts/AC123/Messages.json' });
    expect(mine[0].contentType).toContain('application/x-www-form-urlencoded');
    expect(mine[0].authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(mine[0].form.get('From')).toBe('+15005550006');
    expect(mine[0].form.get('Body')).toContain('042318');
    expect(JSON.stringify(row)).not.toContain('042318');
    await identity.forgets(`ref-${eventId}`);
  });
});
