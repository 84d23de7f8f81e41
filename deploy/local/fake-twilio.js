// A local stand-in for Twilio's Messages API, for `make dev` and the tests: the notifications service's twilio
// client (TWILIO_API_URL) speaks to it as to Twilio. POST /2010-04-01/Accounts/{sid}/Messages.json with basic
// auth and a form body (To, From, Body) answers 201 with a message sid, as Twilio does; a wrong account or
// token answers 401, a missing field 400, anything else 404. Every request is kept in `received`.
const { createServer } = require('node:http');

const MESSAGES = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

/** Starts the fake on 127.0.0.1 (`port` 0: any free one); `onText` hears each accepted text. */
function startFakeTwilio({ accountSid, authToken, port = 0, onText = () => {} }) {
  const received = [];
  const answer = (response, status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(raw);
      const entry = { method: request.method, path: request.url || '', authorization: request.headers.authorization, contentType: request.headers['content-type'], form };
      received.push(entry);
      const match = MESSAGES.exec(entry.path);
      if (request.method !== 'POST' || !match) return answer(response, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (decodeURIComponent(match[1]) !== accountSid || entry.authorization !== expected) return answer(response, 401, { code: 20003, message: 'Authentication Error - invalid username', status: 401 });
      const [to, from, body] = ['To', 'From', 'Body'].map((name) => form.get(name));
      if (!to || !from || !body) return answer(response, 400, { code: 21604, message: "A 'To', 'From' and 'Body' are required.", status: 400 });
      const sid = `SM${String(received.length).padStart(32, '0')}`;
      onText({ sid, to, from, body });
      answer(response, 201, { sid, account_sid: accountSid, to, from, body, status: 'queued', num_segments: '1', date_created: new Date().toUTCString() });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${server.address().port}`,
      received,
      close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
    }));
  });
}

module.exports = { startFakeTwilio };
