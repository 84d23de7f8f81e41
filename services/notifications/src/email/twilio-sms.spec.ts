import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TWILIO_API_HOST, TwilioHttpClient, TwilioSms } from './twilio-sms';

interface Received { method?: string; path: string; authorization?: string; contentType?: string; form: URLSearchParams }

/** A stand-in for Twilio's Messages API on a local port: records each request, answers `reply`. */
function fakeTwilio(reply: (n: number) => { status: number; body: unknown }) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method, path: request.url ?? '', authorization: request.headers.authorization, contentType: request.headers['content-type'], form: new URLSearchParams(body) });
      const answer = reply(received.length);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  return {
    received,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
    const twilio = fakeTwilio((n) => ({ status: 201, body: { sid: `SM${n}`, status: 'queued' } }));
    const apiUrl = await twilio.start();
    try {
      const sid = await new TwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl }).send('+972527654321', 'הקוד שלך: 042318');
      expect(sid).toBe('SM1');
      expect(twilio.received).toHaveLength(1);
      const [request] = twilio.received;
      expect(request).toMatchObject({ method: 'POST', path: '/2010-04-01/Accounts/AC123/Messages.json', authorization: `Basic ${Buffer.from('AC123:secret').toString('base64')}` });
      expect(request.contentType).toContain('application/x-www-form-urlencoded');
      expect(Object.fromEntries(request.form)).toEqual({ To: '+972527654321', From: '+15005550006', Body: 'הקוד שלך: 042318' });
    } finally {
      await twilio.stop();
    }
  });

  it("throws Twilio's refusal, so the queue retries or gives up", async () => {
    const twilio = fakeTwilio(() => ({ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } }));
    const apiUrl = await twilio.start();
    try {
      await expect(new TwilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15005550006', apiUrl }).send('+9720', 'x')).rejects.toThrow(/not a valid phone number/);
    } finally {
      await twilio.stop();
    }
  });
});
