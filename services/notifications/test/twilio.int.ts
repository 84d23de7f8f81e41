import { DATABASE, type Database } from '@mc/kit';
import { useService } from '@mc/kit/testing';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notificationsService } from '../src/service';
import { FakeIdentitySecrets, publishSmsCode, settledMessages } from './account-emails';

const received: { path: string; authorization?: string; form: URLSearchParams }[] = [];

// A fake of Twilio's Messages API in the test process: the service speaks to it as it would to Twilio.
const twilio = createServer((request: IncomingMessage, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ path: request.url ?? '', authorization: request.headers.authorization, form: new URLSearchParams(body) });
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }));
  });
});

describe('sign-in codes over Twilio', () => {
  beforeAll(async () => {
    await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`,
    });
  });
  const service = useService(notificationsService);
  const identity = new FakeIdentitySecrets();
  beforeAll(() => identity.start(service.nc()));
  afterAll(() => identity.stop());
  afterAll(async () => {
    for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'TWILIO_API_URL']) delete process.env[name];
    await new Promise<void>((resolve) => twilio.close(() => resolve()));
  });

  it("texts the code to the phone's +972 form with the account's credentials, once per event", async () => {
    const eventId = await publishSmsCode(service.nc(), identity, '052-7654321', '042318');
    await publishSmsCode(service.nc(), identity, '052-7654321', '042318', eventId);
    const [row] = await settledMessages(service.app().get<Database>(DATABASE), eventId);
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', transport: 'twilio', recipient: '+972527654321' });
    const mine = received.filter((r) => r.form.get('To') === '+972527654321');
    expect(mine).toHaveLength(1);
    expect(mine[0].path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(mine[0].authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(mine[0].form.get('From')).toBe('+15005550006');
    expect(mine[0].form.get('Body')).toContain('042318');
    expect(JSON.stringify(row)).not.toContain('042318');
    expect(identity.forgotten).toContain(`ref-${eventId}`);
  });
});
