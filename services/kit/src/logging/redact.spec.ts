import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { createLogger, PinoNestLogger } from './logger';
import { redactText } from './redact';

/** A made-up patient; none of these may reach a log line. */
const patient = {
  email: 'dana.levi@example.co.il',
  phone: '052-7654321',
  phoneDigits: '0527654321',
  idNumber: '123456782',
  firstName: 'דנהלה',
  lastName: 'לויתנית',
  address: 'רחוב הרצל 17 רמת גן',
  resetToken: 'a3f9c2e1b7d84f60a3f9c2e1b7d84f60',
  password: 'Secret-Pass-99',
  jwt: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxNyJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ',
  smsCode: '493817',
  contactText: 'כאבי גב כרוניים מאז התאונה',
};

function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  return { logger: createLogger('test', 'trace', stream), output: () => lines.join('') };
}

/** Each datum as it could appear: raw, URL-encoded, and JSON-escaped. */
function leaks(output: string): string[] {
  const data = Object.entries(patient).filter(([key]) => key !== 'smsCode');
  return data.flatMap(([key, value]) =>
    [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)].filter((form) => output.includes(form)).map((form) => `${key}: ${form}`));
}

describe('the log redaction policy', () => {
  it('logs a patient through every path without any of their data', () => {
    const { logger, output } = capturedLogger();
    const p = patient;

    // Request lines: the address typed into the search and the reset link's token are in query strings.
    logger.info({ req: { method: 'GET', url: `/api/addresses/search?text=${encodeURIComponent(p.address)}`, ip: '203.0.113.7' } }, 'incoming request');
    logger.info({ req: { method: 'GET', url: `/reset-password?token=${p.resetToken}&email=${encodeURIComponent(p.email)}` } }, 'incoming request');
    logger.info(`Route GET:/reset-password?token=${p.resetToken} not found`);
    logger.warn({ err: new Error('render failed'), url: `https://shop.example/reset-password?token=${p.resetToken}` }, 'server render failed');

    // A failed insert: drizzle writes the parameters into its message; PostgreSQL's detail names the value.
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505', detail: `Key (email)=(${p.email}) already exists.`, table: 'users',
    });
    const params = [p.firstName, p.lastName, p.email, p.phone, p.idNumber, p.contactText];
    const failedQuery = new DrizzleQueryError('insert into "identity"."users" ("first_name", "last_name", "email", "phone", "id_number", "note") values ($1, $2, $3, $4, $5, $6)', params, pgError);
    logger.error({ err: failedQuery }, 'request failed');
    logger.error(failedQuery);
    logger.error({ err: Object.assign(new Error('query failed'), { parameters: params, query: 'insert …' }) }, 'request failed');
    logger.error({ error: Object.assign(new Error(`no account for ${p.email}`), { params }) });

    // Objects with personal fields, at the top and nested, and a child logger's bindings.
    logger.info({ user: { id: 17, email: p.email, phone: p.phone, idNumber: p.idNumber, firstName: p.firstName, lastName: p.lastName, address: p.address, password: p.password },  headers: { authorization: `Bearer ${p.jwt}`, cookie: `mc_flow=${p.resetToken}` } }, 'signed up');
    logger.info({ email: p.email, phone: p.phone, idNumber: p.idNumber, token: p.resetToken, jwt: p.jwt, password: p.password, code: p.smsCode }, 'sms sent');
    logger.child({ email: p.email, body: { message: p.contactText } }).info('contact kept');
    logger.info({ events: [{ payload: { email: p.email, token: p.resetToken } }] }, 'published');

    // Message strings, also interpolated, and an error logged on its own (its message becomes the line's).
    logger.warn(`sign-in failed for ${p.email} (${p.phone}, ${p.phoneDigits}), ID ${p.idNumber}, token ${p.jwt}`);
    logger.info('sms to %s for %s', p.phone, p.email);
    logger.error(new Error(`no account for ${p.email} / +972-52-765-4321`));

    // Nest's logger (framework lines, and `new Logger(…)` in the gateway and services).
    const nest = new PinoNestLogger(logger);
    nest.error({ outcome: 'error', err: new Error(`userinfo for ${p.email} failed`) }, 'could not start a Google sign-in', 'GoogleSignIn');
    nest.warn({ email: p.email }, 'GoogleSignIn');
    nest.log(`mail sent to ${p.email}`, 'Mailer');

    const text = output();
    expect(leaks(text)).toEqual([]);
    expect(text).not.toContain(p.smsCode);
    expect(text).not.toContain('765-4321');
    // What is needed to understand the line is kept.
    const lines = text.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(18);
    expect(lines[0].req).toEqual({ method: 'GET', url: '/api/addresses/search', remoteAddress: '203.0.113.7' });
    expect(lines[2].msg).toBe('Route GET:/reset-password?[redacted] not found');
    expect(lines[4].err).toMatchObject({ type: 'DrizzleQueryError', message: expect.stringContaining('insert into "identity"."users"'), cause: { code: '23505', table: 'users' } });
    expect(lines[4].err.message).toContain('params: [redacted]');
    expect(lines[4].err.cause.detail).toBe('Key (email)=([redacted]) already exists.');
    expect(lines[8].user.id).toBe(17);
    expect(lines[9].code).toBe('[redacted]');
    expect(lines[15]).toMatchObject({ context: 'GoogleSignIn', outcome: 'error', msg: 'could not start a Google sign-in' });
  });

  it("keeps an error's code, also in a framework error's answer", () => {
    const { logger, output } = capturedLogger();
    logger.error({ err: Object.assign(new Error('too many'), { response: { statusCode: 429, code: 'TOO_MANY_REQUESTS' } }), answer: { code: 'EMAIL_TAKEN' } }, 'request failed');
    const line = JSON.parse(output());
    expect(line.err.response.code).toBe('TOO_MANY_REQUESTS');
    expect(line.answer.code).toBe('EMAIL_TAKEN');
  });

  it('masks e-mails, phones, ID numbers, tokens and query strings in text, and leaves the rest', () => {
    expect(redactText('to a.b+c@mail.example.com and 03-6123456, 0521234567, +972 52 123 4567, ID 123456782'))
      .toBe('to [email] and [phone], [phone], [phone], ID [id-number]');
    expect(redactText('GET /api/addresses/search?text=%D7%94 200 in 12 ms, order 1234, at 2026-11-23T21:43:17Z, id 3f2a1b4c-1234-4cde-8f00-123456789abc'))
      .toBe('GET /api/addresses/search?[redacted] 200 in 12 ms, order 1234, at 2026-11-23T21:43:17Z, id 3f2a1b4c-1234-4cde-8f00-123456789abc');
  });
});
