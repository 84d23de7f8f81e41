import { startFakeTwilio } from '../../../../deploy/local/fake-twilio';
import { TWILIO_API_HOST, TwilioHttpClient, TwilioSms } from './twilio-sms';

describe('TwilioHttpClient', () => {
  it("sends Twilio's REST paths to the configured origin, query included", () => {
    const client = new TwilioHttpClient('http://127.0.0.1:4010');
    expect(client.rebase(`${TWILIO_API_HOST}/2010-04-01/Accounts/AC1/Messages.json?PageSize=1`)).toBe('http://127.0.0.1:4010/2010-04-01/Accounts/AC1/Messages.json?PageSize=1');
    expect(new TwilioHttpClient(TWILIO_API_HOST).rebase(`${TWILIO_API_HOST}/2010-04-01/Accounts/AC1/Messages.json`)).toBe(`${TWILIO_API_HOST}/2010-04-01/Accounts/AC1/Messages.json`);
  });

  it('refuses a request to any other host (it carries the account credentials)', () => {
    const client = new TwilioHttpClient('http://127.0.0.1:4010');
    expect(() => client.rebase('https://evil.example/2010-04-01/Accounts/AC1/Messages.json')).toThrow(/unexpected request host/);
    expect(() => client.rebase('http://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json')).toThrow(/unexpected request host/);
  });
});

describe('TwilioSms', () => {
  it("posts the text through the twilio package: the account's Messages path, basic auth, To/From/Body form", async () => {
    const twilio = await startFakeTwilio({ accountSid: 'AC123', authToken: 'secret' });
    try {
      const sid = await new TwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl: twilio.url }).send('+972527654321', 'הקוד שלך: 042318');
      expect(sid).toMatch(/^SM\d{32}$/);
      expect(twilio.received).toHaveLength(1);
      const [request] = twilio.received;
      expect(request).toMatchObject({ method: 'POST', path: '/2010-04-01/Accounts/AC123/Messages.json', authorization: `Basic ${Buffer.from('AC123:secret').toString('base64')}` });
      expect(request.contentType).toContain('application/x-www-form-urlencoded');
      expect(Object.fromEntries(request.form)).toEqual({ To: '+972527654321', From: '+15005550006', Body: 'הקוד שלך: 042318' });
    } finally {
      await twilio.close();
    }
  });

  it("throws Twilio's refusal (here of a wrong token), so the queue retries or gives up", async () => {
    const twilio = await startFakeTwilio({ accountSid: 'AC123', authToken: 'secret' });
    try {
      await expect(new TwilioSms({ accountSid: 'AC123', authToken: 'wrong', from: '+15005550006', apiUrl: twilio.url }).send('+972527654321', 'x')).rejects.toThrow(/Authentication Error/);
      expect(twilio.received).toHaveLength(1);
    } finally {
      await twilio.close();
    }
  });
});
