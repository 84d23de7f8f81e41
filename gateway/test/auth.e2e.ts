import { Messages } from '@mc/contracts';
import { api, fromMailbox } from './http';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** The newest link to `path` e-mailed to `email`, read from the local mailbox page as a person would. */
async function mailedLink(email: string, path: string): Promise<string> {
  const token = await fromMailbox(`an e-mail to ${email} with ${path}`, (a) => (a.includes(email) && a.includes(path) ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined));
  return decodeURIComponent(token);
}

describe('accounts through the gateway', () => {
  const email = `e2e-${Date.now()}@example.co.il`;
  const password = 'a good secret';

  it('signs up, activates from the mailed link, signs in and reads the account; refresh gives a new token', async () => {
    const signUp = await api('/api/auth/signup', json({ firstName: 'דנה', lastName: 'כהן', email, password, agreeTOU: true, subscribe: false }));
    expect(signUp.status).toBe(200);
    const pending = await api('/api/auth/signin', json({ email, password }));
    expect(pending).toMatchObject({ status: 403, body: { message: Messages.userPending } });

    const activated = await api('/api/auth/activate', json({ activationToken: await mailedLink(email, '/auth/verify-email') }));
    expect(activated.status).toBe(200);
    const { jwt } = (await api('/api/auth/signin', json({ email, password }))).body;
    const me = await api('/api/user', { headers: bearer(jwt) });
    expect(me).toMatchObject({ status: 200, body: { user: { email, firstName: 'דנה', subscribed: false, authMethod: 'password' } } });
    const refreshed = await api('/api/auth/refresh', { method: 'POST', headers: bearer(jwt) });
    expect(refreshed.body.jwt).toEqual(expect.any(String));
    // Access tokens are short-lived (the web refreshes them hourly, before they expire).
    const claims = JSON.parse(Buffer.from(refreshed.body.jwt.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(3600);
  });

  it("answers the spec's messages: a taken e-mail, wrong credentials, an invalid reset link; 401 without a valid token", async () => {
    expect(await api('/api/auth/signup', json({ firstName: 'דנה', lastName: 'כהן', email, password, agreeTOU: true })))
      .toMatchObject({ status: 400, body: { message: Messages.emailTaken } });
    expect(await api('/api/auth/signin', json({ email, password: 'wrong password' })))
      .toMatchObject({ status: 401, body: { message: Messages.wrongCredentials } });
    expect(await api('/api/auth/reset-password', json({ token: 'nope', newPassword: 'another secret', confirmPassword: 'another secret' })))
      .toMatchObject({ status: 401, body: { message: Messages.linkInvalid } });
    expect(await api('/api/auth/reset-password', json({ token: 'nope', newPassword: 'another secret', confirmPassword: 'a different one' })))
      .toMatchObject({ status: 400, body: { message: Messages.passwordsMismatch } });
    expect(await api('/api/auth/signin', json({ email: 'not-an-email', password: 'x' })))
      .toMatchObject({ status: 400, body: { message: Messages.invalidEmail } });
    expect(await api('/api/user')).toMatchObject({ status: 401, body: { message: Messages.signInRequired } });
    expect((await api('/api/user', { headers: bearer('a.b.c') })).status).toBe(401);
  });

  it('resets a forgotten password from the mailed link; the old token stops working', async () => {
    const { jwt: old } = (await api('/api/auth/signin', json({ email, password }))).body;
    const forgot = await api('/api/auth/forgot-password', json({ email }));
    expect(forgot.body).toEqual((await api('/api/auth/forgot-password', json({ email: `nobody-${email}` }))).body);
    const reset = await api('/api/auth/reset-password', json({ token: await mailedLink(email, '/reset-password'), newPassword: 'a newer secret', confirmPassword: 'a newer secret' }));
    expect(reset.status).toBe(200);
    expect((await api('/api/user', { headers: bearer(old) })).status).toBe(401);
    expect((await api('/api/user', { headers: bearer(reset.body.jwt) })).status).toBe(200);
  });

  it('limits sign-in attempts for one e-mail with a Hebrew 429', async () => {
    const target = `limited-${Date.now()}@example.co.il`;
    for (let i = 0; i < 10; i++) expect((await api('/api/auth/signin', json({ email: target, password: 'guess' }))).status).toBe(401);
    expect(await api('/api/auth/signin', json({ email: target, password: 'guess' }))).toMatchObject({ status: 429, body: { message: Messages.tooManyRequests } });
  });

  it("signs in the seed's pharmacy owner, who sees the pharmacy they run; a patient runs none", async () => {
    const owner = await api('/api/auth/signin', json({ email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' }));
    expect(owner.status).toBe(200);
    expect((await api('/api/user/businesses', { headers: bearer(owner.body.jwt) })).body)
      .toEqual({ businesses: [{ kind: 'pharmacy', slug: 'merkaz-tel-aviv', name: 'בית מרקחת מרכז העיר' }] });
    const patient = await api('/api/auth/signin', json({ email: 'patient@medcanna.local', password: 'demo-patient' }));
    expect((await api('/api/user/businesses', { headers: bearer(patient.body.jwt) })).body).toEqual({ businesses: [] });
  });

  it('gives a business access token to a member of that business only', async () => {
    const owner = (await api('/api/auth/signin', json({ email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' }))).body.jwt;
    const access = await api('/api/businesses/merkaz-tel-aviv/access', { method: 'POST', headers: bearer(owner) });
    expect(access.status).toBe(200);
    const claims = JSON.parse(Buffer.from(access.body.jwt.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ typ: 'business', role: 'business_owner', business: { kind: 'pharmacy', slug: 'merkaz-tel-aviv' } });
    // It names a membership: it lives 5 minutes, so a removed membership stops working within 5 minutes.
    expect(claims.exp - claims.iat).toBe(300);
    // Not a user token: the API refuses it where a signed-in user is needed.
    expect((await api('/api/user', { headers: bearer(access.body.jwt) })).status).toBe(401);

    expect(await api('/api/businesses/galil-fields/access', { method: 'POST', headers: bearer(owner) }))
      .toMatchObject({ status: 404, body: { message: Messages.businessNotFound } });
    expect(await api('/api/businesses/Not%20a%20slug/access', { method: 'POST', headers: bearer(owner) }))
      .toMatchObject({ status: 400, body: { message: Messages.businessNotFound } });
    const patient = (await api('/api/auth/signin', json({ email: 'patient@medcanna.local', password: 'demo-patient' }))).body.jwt;
    expect(await api('/api/businesses/merkaz-tel-aviv/access', { method: 'POST', headers: bearer(patient) }))
      .toMatchObject({ status: 403, body: { message: Messages.businessAccessDenied } });
    expect((await api('/api/businesses/merkaz-tel-aviv/access', { method: 'POST' })).status).toBe(401);
  });

  it('keeps favourite products with their catalogue data, refusing a product the catalogue does not list', async () => {
    const { jwt } = (await api('/api/auth/signin', json({ email: 'patient@medcanna.local', password: 'demo-patient' }))).body;
    const added = await api('/api/user/favorites', json({ productSlug: 'dr-green-t20-c4' }, bearer(jwt)));
    expect(added.status).toBe(200);
    expect(added.body.favorites).toEqual(expect.arrayContaining([expect.objectContaining({ productSlug: 'dr-green-t20-c4', product: expect.objectContaining({ name: expect.any(String) }) })]));
    expect((await api('/api/user/favorites', json({ productSlug: 'no-such-product' }, bearer(jwt)))).status).toBe(404);
    // Not a string (an object that cannot even be turned into one, a number, none): identity refuses it, never a 500.
    for (const productSlug of [{ toString: 1, valueOf: 'x' }, [null, {}], 42, undefined]) {
      expect((await api('/api/user/favorites', json({ productSlug }, bearer(jwt)))).status).toBe(400);
    }
    const removed = await api('/api/user/favorites/dr-green-t20-c4', { method: 'DELETE', headers: bearer(jwt) });
    expect(removed.body.favorites.map((f: { productSlug: string }) => f.productSlug)).not.toContain('dr-green-t20-c4');
    expect((await api('/api/user/favorites')).status).toBe(401);
  });

  it('signs in with a code texted to the phone (read from the local mailbox), refusing a wrong one', async () => {
    const phone = '052-1234567'; // the seed's patient
    const asked = await api('/api/auth/sms/request', json({ phone }));
    expect(asked).toMatchObject({ status: 200, body: { message: Messages.smsCodeSent } });
    expect((await api('/api/auth/sms/request', json({ phone }))).status).toBe(429);
    const code = await fromMailbox('the text with the code', (a) => (a.includes('+972521234567') ? a.match(/קוד הכניסה שלך למדקאנה: (\d{6})/)?.[1] : undefined), 10_000);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await api('/api/auth/sms/verify', json({ phone, code: wrong }))).toMatchObject({ status: 400, body: { message: Messages.invalidSmsCode } });
    const signedIn = await api('/api/auth/sms/verify', json({ phone, code }));
    expect(signedIn.status).toBe(200);
    expect((await api('/api/user', { headers: bearer(signedIn.body.jwt) })).body.user.email).toBe('patient@medcanna.local');
  });

  it('unsubscribes an address only with the signed link e-mailed to it, or for its signed-in owner', async () => {
    // Its own client address (a trusted proxy's header), so the e-mail limits of other tests are not shared.
    const from = { 'x-forwarded-for': '10.77.0.1' };
    const target = `unsub-${Date.now()}@example.co.il`;
    expect((await api('/api/auth/signup', json({ firstName: 'דנה', lastName: 'כהן', email: target, password, agreeTOU: true, subscribe: true }, from))).status).toBe(200);
    const sig = await fromMailbox(`an e-mail to ${target} with an unsubscribe link`, (a) => (a.includes(target) && a.includes('/unsubscribe?') ? a.match(/sig=([^"&<\s]+)/)?.[1] : undefined));
    expect(sig).toEqual(expect.any(String));

    // The attack: anyone unsubscribing anyone. Unsigned and signed out, or with a made-up signature: refused.
    expect(await api('/api/auth/unsubscribe', json({ email: target }, from))).toMatchObject({ status: 401, body: { message: Messages.unsubscribeSignInRequired } });
    expect((await api('/api/auth/unsubscribe', json({ email: target, sig: 'A'.repeat(43) }, from))).status).toBe(403);
    const patient = (await api('/api/auth/signin', json({ email: 'patient@medcanna.local', password: 'demo-patient' }, from))).body.jwt;
    expect((await api('/api/auth/unsubscribe', json({ email: target }, { ...from, ...bearer(patient) }))).status).toBe(403);

    expect(await api('/api/auth/unsubscribe', json({ email: target, sig: decodeURIComponent(sig!) }, from)))
      .toMatchObject({ status: 200, body: { message: Messages.unsubscribed } });
    await api('/api/auth/activate', json({ activationToken: await mailedLink(target, '/auth/verify-email') }, from));
    const { jwt } = (await api('/api/auth/signin', json({ email: target, password }, from))).body;
    expect((await api('/api/user', { headers: bearer(jwt) })).body.user.subscribed).toBe(false);
    expect(await api('/api/auth/unsubscribe', json({ email: target }, { ...from, ...bearer(jwt) }))).toMatchObject({ status: 200 });
  });

  it('signs up under load slowly rather than failing: password hashing waits its turn within its own timeout', async () => {
    const burst = 60;
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => api('/api/auth/signup', json(
      { firstName: 'דנה', lastName: 'כהן', email: `burst-${Date.now()}-${i}@example.co.il`, password, agreeTOU: true },
      { 'x-forwarded-for': `10.78.${Math.floor(i / 200)}.${i % 200 + 1}` },
    ))));
    expect(answers.map((a) => a.status)).toEqual(Array(burst).fill(200));
  });
});
