import { ErrorCodes, Events, Messages, SMS_CODE, Subjects, TOKEN_LIFETIME, TOKEN_VERSIONS_BUCKET, type Address, type AuthTokenResponse, type FavoriteSlugsResponse, type SigningKeysResponse, type UserProfile } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { useService, waitFor } from '@mc/kit/testing';
import { callAsGateway } from './as-gateway';
import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { businessMemberships, oneTimeTokens, phoneDigitsOf, users } from '../src/db/schema';
import { ManageUsers } from '../src/manage/users.service';
import { identityService } from '../src/service';
import { codeOf, lastOutboxId, linkOf } from './delivered';

describe('accounts with a password', () => {
  const service = useService(identityService);
  const db = () => service.app().get<Database>(DATABASE);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);
  const email = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.il`;
  const signUp = (address: string, password = 'a good secret') =>
    call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email: address, password, agreeTOU: true });

  /** The newest link e-mail event for an address after `afterId`, with the token identity keeps for it (what notifications will send). */
  const lastLink = (address: string, subject: string, afterId = 0) => linkOf(db(), service.nc(), subject, address, afterId);
  afterEach(() => service.clock().reset());

  it('refuses an activation link after 72 hours and a reset link after 2 hours (by the service clock)', async () => {
    const address = email('expiry');
    await signUp(address);
    const activation = await lastLink(address, Events.identity.activationRequested);
    service.clock().advance(TOKEN_LIFETIME.activationHours * 3600_000 + 1000);
    await expect(call(Subjects.identity.activate, { activationToken: activation.token }))
      .rejects.toMatchObject({ status: 400, code: ErrorCodes.tokenInvalid });
    await call(Subjects.identity.resendActivation, { email: address });
    const again = await lastLink(address, Events.identity.activationRequested, activation.outboxId);
    await expect(call(Subjects.identity.activate, { activationToken: again.token })).resolves.toHaveProperty('jwt');

    await call(Subjects.identity.forgotPassword, { email: address });
    const reset = await lastLink(address, Events.identity.passwordResetRequested);
    service.clock().advance(TOKEN_LIFETIME.resetHours * 3600_000 + 1000);
    await expect(call(Subjects.identity.resetPassword, { token: reset.token, newPassword: 'another secret', confirmPassword: 'another secret' })).rejects.toMatchObject({ status: 401 });
    await call(Subjects.identity.forgotPassword, { email: address });
    const fresh = await lastLink(address, Events.identity.passwordResetRequested, reset.outboxId);
    await expect(call(Subjects.identity.resetPassword, { token: fresh.token, newPassword: 'another secret', confirmPassword: 'another secret' })).resolves.toHaveProperty('jwt');
  });

  it('signs up a pending account that cannot sign in until the activation link is opened', async () => {
    const address = email('Dana');
    await signUp(address);
    const [user] = await db().select().from(users).where(eq(users.email, address.toLowerCase()));
    // No marketing without the patient's active consent (Communications Law §30A): none given, none recorded.
    expect(user).toMatchObject({ status: 'pending', role: 'user', subscribed: false, firstName: 'דנה' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(call(Subjects.identity.signIn, { email: address, password: 'a good secret' }))
      .rejects.toMatchObject({ status: 403, code: ErrorCodes.userPending, message: Messages.userPending });

    const link = await lastLink(address, Events.identity.activationRequested);
    const [stored] = await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored.tokenHash).not.toContain(link.token);
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.activate, { activationToken: link.token });
    expect(decodeJwt(jwt)).toMatchObject({ sub: String(user.id), typ: 'user', role: 'user', ver: 0 });
    await expect(call(Subjects.identity.activate, { activationToken: link.token }))
      .rejects.toMatchObject({ status: 400, message: Messages.activationUsed });
    await expect(call(Subjects.identity.activate, { activationToken: 'not-a-token' }))
      .rejects.toMatchObject({ status: 400, message: Messages.activationInvalid });

    const signedIn = await call<AuthTokenResponse>(Subjects.identity.signIn, { email: address.toUpperCase(), password: 'a good secret' });
    const profile = await call<UserProfile>(Subjects.identity.userGet, { token: signedIn.jwt });
    expect(profile).toMatchObject({ email: address.toLowerCase(), firstName: 'דנה', authMethod: 'password', lastSignedAt: expect.any(String) });
  });

  it("refuses a taken e-mail with the spec's message, and bad input with 400", async () => {
    const address = email('taken');
    await signUp(address);
    await expect(signUp(address.toUpperCase())).rejects.toMatchObject({ status: 400, message: Messages.emailTaken });
    await expect(signUp(email('short'), 'short')).rejects.toMatchObject({ status: 400, message: Messages.passwordTooShort });
    await expect(call(Subjects.identity.signUp, { firstName: 'Dana1', lastName: 'x', email: email('x'), password: '12345678', agreeTOU: true }))
      .rejects.toMatchObject({ status: 400, message: Messages.invalidName });
    await expect(call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email: email('y'), password: '12345678' }))
      .rejects.toMatchObject({ status: 400, message: Messages.agreeTerms });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const address = email('wrong');
    await signUp(address);
    await call(Subjects.identity.activate, { activationToken: (await lastLink(address, Events.identity.activationRequested)).token });
    for (const attempt of [{ email: address, password: 'not the secret' }, { email: email('nobody'), password: 'a good secret' }]) {
      await expect(call(Subjects.identity.signIn, attempt)).rejects.toMatchObject({ status: 401, message: Messages.wrongCredentials });
    }
    await db().update(users).set({ status: 'disabled' }).where(eq(users.email, address));
    await expect(call(Subjects.identity.signIn, { email: address, password: 'a good secret' }))
      .rejects.toMatchObject({ status: 403, message: Messages.userDisabled });
  });

  it('resets a forgotten password once, ends older sessions, and never tells whether an e-mail exists', async () => {
    const address = email('forgot');
    await signUp(address);
    await call(Subjects.identity.activate, { activationToken: (await lastLink(address, Events.identity.activationRequested)).token });
    const old = await call<AuthTokenResponse>(Subjects.identity.signIn, { email: address, password: 'a good secret' });

    const known = await call<{ message: string }>(Subjects.identity.forgotPassword, { email: address });
    const unknown = await call<{ message: string }>(Subjects.identity.forgotPassword, { email: email('ghost') });
    expect(known).toEqual(unknown);
    const first = await lastLink(address, Events.identity.passwordResetRequested);
    await call(Subjects.identity.forgotPassword, { email: address });
    const second = await lastLink(address, Events.identity.passwordResetRequested, first.outboxId);
    await expect(call(Subjects.identity.resetPassword, { token: first.token, newPassword: 'another secret', confirmPassword: 'another secret' }))
      .rejects.toMatchObject({ status: 401, message: Messages.linkInvalid });

    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.resetPassword, { token: second.token, newPassword: 'another secret', confirmPassword: 'another secret' });
    expect(decodeJwt(jwt).ver).toBe(1);
    await expect(call(Subjects.identity.resetPassword, { token: second.token, newPassword: 'third secret', confirmPassword: 'third secret' }))
      .rejects.toMatchObject({ status: 401, message: Messages.linkInvalid });
    await expect(call(Subjects.identity.refresh, { token: old.jwt })).rejects.toMatchObject({ status: 401 });
    await expect(call(Subjects.identity.signIn, { email: address, password: 'a good secret' })).rejects.toMatchObject({ status: 401 });
    const fresh = await call<AuthTokenResponse>(Subjects.identity.refresh, { token: jwt });
    expect(decodeJwt(fresh.jwt).sub).toBe(decodeJwt(jwt).sub);
  });

  it('publishes the public key that verifies its tokens, and refuses a forged one', async () => {
    const { keys } = await call<SigningKeysResponse>(Subjects.identity.keysGet, {});
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty('d');
    const address = email('keys');
    await signUp(address);
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.activate, { activationToken: (await lastLink(address, Events.identity.activationRequested)).token });
    expect(keys.map((k) => k.kid)).toContain(decodeProtectedHeader(jwt).kid);
    const [header, , signature] = jwt.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: '1', typ: 'user', role: 'admin', ver: 0, iss: 'medcanna-identity', exp: 4e9 })).toString('base64url')}.${signature}`;
    await expect(call(Subjects.identity.refresh, { token: forged })).rejects.toMatchObject({ status: 401 });
  });
});

describe('the signed-in user', () => {
  const service = useService(identityService);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);

  async function signedIn(): Promise<{ email: string; jwt: string }> {
    const email = `settings-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    const db = service.app().get<Database>(DATABASE);
    await db.update(users).set({ status: 'active' }).where(eq(users.email, email));
    return { email, ...(await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' })) };
  }

  it("saves the settings (never the e-mail), with the spec's messages for bad fields", async () => {
    const { email, jwt } = await signedIn();
    const saved = await call<UserProfile>(Subjects.identity.userUpdate, { token: jwt, firstName: ' נועה ', lastName: "או'בריאן", phone: '052-7654321', subscribed: false, email: 'other@example.com' });
    expect(saved).toMatchObject({ firstName: 'נועה', lastName: "או'בריאן", phone: '052-7654321', subscribed: false, email });
    await expect(call(Subjects.identity.userUpdate, { token: jwt, firstName: '', lastName: 'כהן' })).rejects.toMatchObject({ status: 400, message: Messages.required });
    await expect(call(Subjects.identity.userUpdate, { token: jwt, firstName: 'נועה', lastName: 'כהן', phone: '123' })).rejects.toMatchObject({ status: 400, message: Messages.invalidPhone });
    expect(await call<UserProfile>(Subjects.identity.userUpdate, { token: jwt, firstName: 'נועה', lastName: 'כהן', phone: '' })).toMatchObject({ phone: null });
  });

  it('changes the password only with the current one, ending other sessions but not this one', async () => {
    const { email, jwt } = await signedIn();
    const other = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' });
    await expect(call(Subjects.identity.passwordChange, { token: jwt, currentPassword: 'wrong one', newPassword: 'a new secret' }))
      .rejects.toMatchObject({ status: 400, message: Messages.wrongCurrentPassword });
    const changed = await call<AuthTokenResponse>(Subjects.identity.passwordChange, { token: jwt, currentPassword: 'a good secret', newPassword: 'a new secret' });
    await expect(call(Subjects.identity.userGet, { token: other.jwt })).rejects.toMatchObject({ status: 401 });
    await expect(call(Subjects.identity.userGet, { token: changed.jwt })).resolves.toMatchObject({ email });
    await expect(call(Subjects.identity.signIn, { email, password: 'a new secret' })).resolves.toHaveProperty('jwt');
  });

  it('unsubscribes with the signed link of an e-mail (alike when no one matches); unsigned, only the signed-in owner', async () => {
    const { email, jwt } = await signedIn();
    await call(Subjects.identity.userUpdate, { token: jwt, firstName: 'דנה', lastName: 'כהן', phone: '0521112233', subscribed: true });
    const db = service.app().get<Database>(DATABASE);
    const { unsubscribeSig } = await linkOf(db, service.nc(), Events.identity.activationRequested, email);
    expect(unsubscribeSig).toEqual(expect.any(String));

    // The attack: anyone unsubscribing any address. Unsigned and signed out, a forged or another address's signature: refused, nothing changes.
    await expect(call(Subjects.identity.unsubscribe, { email })).rejects.toMatchObject({ status: 401, message: Messages.unsubscribeSignInRequired });
    await expect(call(Subjects.identity.unsubscribe, { phone: '052-1112233' })).rejects.toMatchObject({ status: 401 });
    await expect(call(Subjects.identity.unsubscribe, { email, sig: 'forged' })).rejects.toMatchObject({ status: 403, message: Messages.unsubscribeFailed });
    await expect(call(Subjects.identity.unsubscribe, { email: `other-${email}`, sig: unsubscribeSig })).rejects.toMatchObject({ status: 403 });
    const other = await signedIn();
    await expect(call(Subjects.identity.unsubscribe, { email, token: other.jwt })).rejects.toMatchObject({ status: 403 });
    expect(await call<UserProfile>(Subjects.identity.userGet, { token: jwt })).toMatchObject({ subscribed: true });

    const answer = await call<{ message: string }>(Subjects.identity.unsubscribe, { email: email.toUpperCase(), sig: unsubscribeSig });
    expect(answer).toEqual({ message: Messages.unsubscribed });
    expect(await call<UserProfile>(Subjects.identity.userGet, { token: jwt })).toMatchObject({ subscribed: false });

    await call(Subjects.identity.userUpdate, { token: jwt, firstName: 'דנה', lastName: 'כהן', phone: '0521112233', subscribed: true });
    expect(await call(Subjects.identity.unsubscribe, { phone: '052-1112233', token: jwt })).toEqual(answer);
    expect(await call<UserProfile>(Subjects.identity.userGet, { token: jwt })).toMatchObject({ subscribed: false });
    await expect(call(Subjects.identity.unsubscribe, {})).rejects.toMatchObject({ status: 400 });
    await expect(call(Subjects.identity.unsubscribe, { email: 'not-an-email' })).rejects.toMatchObject({ status: 400, message: Messages.invalidEmail });
  });

  it("fills an empty profile phone from the checkout's phone, never over one, nor with a phone another account has", async () => {
    const digits = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const first = await signedIn();
    expect(await call(Subjects.identity.phoneFill, { token: first.jwt, phone: `${digits.slice(0, 3)}-${digits.slice(3)}` })).toEqual({ filled: true });
    expect(await call(Subjects.identity.phoneFill, { token: first.jwt, phone: '054-9998877' })).toEqual({ filled: false });
    expect(await call<UserProfile>(Subjects.identity.userGet, { token: first.jwt })).toMatchObject({ phone: `${digits.slice(0, 3)}-${digits.slice(3)}` });
    const second = await signedIn();
    // The same digits written otherwise: SMS sign-in must find one account by them.
    expect(await call(Subjects.identity.phoneFill, { token: second.jwt, phone: digits })).toEqual({ filled: false });
    expect(await call<UserProfile>(Subjects.identity.userGet, { token: second.jwt })).toMatchObject({ phone: null });
  });

  it("finds an account by its phone's digits through users_phone_digits_idx (SMS sign-in, the phone fill and unsubscribing ask it per request)", async () => {
    const db = service.app().get<Database>(DATABASE);
    const plan = await db.transaction(async (tx) => {
      // Seq scans priced out: the plan names the index only when the lookup's expression is the index's own.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const lookup = tx.select({ id: users.id }).from(users).where(eq(phoneDigitsOf(users.phone), '0523334455')).toSQL();
      const { rows } = await tx.execute(sql`EXPLAIN ${sql.raw(lookup.sql.replace('$1', "'0523334455'"))}`);
      return rows.map((r) => Object.values(r).join(' ')).join('\n');
    });
    expect(plan).toContain('users_phone_digits_idx');
  });
});

describe('favourites', () => {
  const service = useService(identityService);
  afterEach(() => service.clock().reset());
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);

  it('adds (once), lists newest first and removes a user’s favourite products; refuses a bad slug', async () => {
    const email = `fav-${Date.now()}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    await service.app().get<Database>(DATABASE).update(users).set({ status: 'active' }).where(eq(users.email, email));
    const { jwt: token } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' });
    await call(Subjects.identity.favoriteAdd, { token, productSlug: 'dr-green-t20-c4' });
    service.clock().advance(1000);
    await call(Subjects.identity.favoriteAdd, { token, productSlug: 'balance-t10-c10' });
    const twice = await call<FavoriteSlugsResponse>(Subjects.identity.favoriteAdd, { token, productSlug: 'dr-green-t20-c4' });
    expect(twice.productSlugs).toEqual(['balance-t10-c10', 'dr-green-t20-c4']);
    expect(await call(Subjects.identity.favoriteRemove, { token, productSlug: 'balance-t10-c10' })).toEqual({ productSlugs: ['dr-green-t20-c4'] });
    await expect(call(Subjects.identity.favoriteAdd, { token, productSlug: '../etc' })).rejects.toMatchObject({ status: 400 });
    await expect(call(Subjects.identity.favoritesList, { token: 'not-a-token' })).rejects.toMatchObject({ status: 401 });
  });
});

describe('the address book', () => {
  const service = useService(identityService);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);
  type Book = { addresses: Address[] };

  async function tokenOfNewUser(): Promise<string> {
    const email = `addr-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    await service.app().get<Database>(DATABASE).update(users).set({ status: 'active' }).where(eq(users.email, email));
    return (await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' })).jwt;
  }

  it('keeps one default: the first address, or the one saved as default; removing it passes the default on', async () => {
    const token = await tokenOfNewUser();
    const first = await call<Book>(Subjects.identity.addressCreate, { token, address: 'הרצל 12, חיפה', houseNumber: '12' });
    expect(first.addresses).toEqual([{ id: expect.any(Number), address: 'הרצל 12, חיפה', houseNumber: '12', floor: null, apartment: null, isDefault: true }]);
    await call<Book>(Subjects.identity.addressCreate, { token, address: 'שדרות רוטשילד 7, תל אביב', houseNumber: '7', floor: '3', apartment: 9 });
    const third = await call<Book>(Subjects.identity.addressCreate, { token, address: 'יפו 1, ירושלים', houseNumber: '1', isDefault: true });
    expect(third.addresses.map((a) => [a.address, a.isDefault])).toEqual([['יפו 1, ירושלים', true], ['הרצל 12, חיפה', false], ['שדרות רוטשילד 7, תל אביב', false]]);
    expect(third.addresses[2]).toMatchObject({ floor: 3, apartment: 9 });
    const afterRemove = await call<Book>(Subjects.identity.addressRemove, { token, id: third.addresses[0].id });
    expect(afterRemove.addresses.filter((a) => a.isDefault)).toHaveLength(1);
    const updated = await call<Book>(Subjects.identity.addressUpdate, { token, id: afterRemove.addresses[1].id, address: 'הרצל 14, חיפה', houseNumber: '14', isDefault: true });
    expect(updated.addresses[0]).toMatchObject({ address: 'הרצל 14, חיפה', isDefault: true });
  });

  it("refuses an address without street and city with the spec's message, and another user's address with 404", async () => {
    const token = await tokenOfNewUser();
    await expect(call(Subjects.identity.addressCreate, { token, address: 'חיפה', houseNumber: '1' })).rejects.toMatchObject({ status: 400, message: Messages.invalidAddress });
    await expect(call(Subjects.identity.addressCreate, { token, address: 'הרצל 1, חיפה', houseNumber: '' })).rejects.toMatchObject({ status: 400, message: Messages.required });
    const { addresses } = await call<Book>(Subjects.identity.addressCreate, { token, address: 'הרצל 1, חיפה', houseNumber: '1' });
    const other = await tokenOfNewUser();
    await expect(call(Subjects.identity.addressRemove, { token: other, id: addresses[0].id })).rejects.toMatchObject({ status: 404 });
    await expect(call(Subjects.identity.addressUpdate, { token: other, id: addresses[0].id, address: 'הרצל 2, חיפה', houseNumber: '2' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('the stored geo-location', () => {
  const service = useService(identityService);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);

  it("keeps the browser's last position, and refuses what is not one", async () => {
    const email = `geo-${Date.now()}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    const db = service.app().get<Database>(DATABASE);
    await db.update(users).set({ status: 'active' }).where(eq(users.email, email));
    const { jwt: token } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' });
    expect(await call(Subjects.identity.userGeo, { token, lat: 32.0853, lng: 34.7818 })).toEqual({ ok: true });
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ geoLat: 32.0853, geoLng: 34.7818, geoAt: expect.any(Date) });
    for (const bad of [{ lat: 91, lng: 34 }, { lat: '32', lng: 34 }, { lat: 32 }]) {
      await expect(call(Subjects.identity.userGeo, { token, ...bad })).rejects.toMatchObject({ status: 400 });
    }
  });
});

describe('sign-in by SMS code', () => {
  const service = useService(identityService);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);
  const randomPhone = () => `05${Math.floor(Math.random() * 10)}-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

  async function activeUserWithPhone(phone: string) {
    const email = `sms-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    await service.app().get<Database>(DATABASE).update(users).set({ status: 'active', phone }).where(eq(users.email, email));
  }
  const lastCode = (phone: string, afterId = 0, timeoutMs?: number) => codeOf(service.app().get<Database>(DATABASE), service.nc(), phone, afterId, timeoutMs);
  afterEach(() => service.clock().reset());

  it('takes a new request 30 s after the last, and refuses a code 5 minutes after it was sent (by the service clock)', async () => {
    const phone = randomPhone();
    await activeUserWithPhone(phone);
    await call(Subjects.identity.smsRequest, { phone });
    const first = (await lastCode(phone))!;
    service.clock().advance(SMS_CODE.resendAfterSeconds * 1000 - 1000);
    await expect(call(Subjects.identity.smsRequest, { phone })).rejects.toMatchObject({ status: 429, message: Messages.smsResendLocked });
    service.clock().advance(1000);
    const before = await lastOutboxId(service.app().get<Database>(DATABASE));
    expect(await call(Subjects.identity.smsRequest, { phone })).toEqual({ message: Messages.smsCodeSent });
    const second = (await lastCode(phone, before))!;
    expect(second).toMatch(/^\d{6}$/);
    service.clock().advance(SMS_CODE.lifetimeSeconds * 1000 - 1000);
    // The first code was replaced by the second; the second is still valid a second before it expires.
    const wrong = [first, '000000', '111111'].find((c) => c !== second)!;
    await expect(call(Subjects.identity.smsVerify, { phone, code: wrong })).rejects.toMatchObject({ status: 400, message: Messages.invalidSmsCode });
    service.clock().advance(1000);
    await expect(call(Subjects.identity.smsVerify, { phone, code: second })).rejects.toMatchObject({ status: 400, message: Messages.invalidSmsCode });
  });

  it('texts a 6-digit code to an account’s phone, signs in with it once, and locks a new request for 30 s', async () => {
    const phone = randomPhone();
    await activeUserWithPhone(phone);
    expect(await call(Subjects.identity.smsRequest, { phone })).toEqual({ message: Messages.smsCodeSent });
    const code = (await lastCode(phone))!;
    expect(code).toMatch(/^\d{6}$/);
    await expect(call(Subjects.identity.smsRequest, { phone })).rejects.toMatchObject({ status: 429, message: Messages.smsResendLocked });
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(call(Subjects.identity.smsVerify, { phone, code: wrong })).rejects.toMatchObject({ status: 400, message: Messages.invalidSmsCode });
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.smsVerify, { phone: phone.replace('-', ''), code });
    expect(decodeJwt(jwt).typ).toBe('user');
    await expect(call(Subjects.identity.smsVerify, { phone, code })).rejects.toMatchObject({ status: 400, message: Messages.invalidSmsCode });
  });

  it('answers alike for a phone without an account (and texts nothing), and stops a code after 5 wrong tries', async () => {
    const stranger = randomPhone();
    expect(await call(Subjects.identity.smsRequest, { phone: stranger })).toEqual({ message: Messages.smsCodeSent });
    expect(await lastCode(stranger, 0, 1500)).toBeUndefined();
    const phone = randomPhone();
    await activeUserWithPhone(phone);
    await call(Subjects.identity.smsRequest, { phone });
    const code = (await lastCode(phone))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await expect(call(Subjects.identity.smsVerify, { phone, code: wrong })).rejects.toMatchObject({ status: 400 });
    // The fifth wrong code locks the phone's code sign-in, even the right code.
    await expect(call(Subjects.identity.smsVerify, { phone, code: wrong })).rejects.toMatchObject({ status: 429, message: Messages.smsSignInLocked });
    await expect(call(Subjects.identity.smsVerify, { phone, code })).rejects.toMatchObject({ status: 429, message: Messages.smsSignInLocked });
    await expect(call(Subjects.identity.smsRequest, { phone: '123' })).rejects.toMatchObject({ status: 400, message: Messages.invalidPhone });
  });
});

describe('business memberships in access tokens', () => {
  const service = useService(identityService);
  const db = () => service.app().get<Database>(DATABASE);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);
  const lifetime = (jwt: string) => {
    const { exp, iat } = decodeJwt(jwt);
    return exp! - iat!;
  };
  afterEach(() => service.clock().reset());

  async function account(role: 'user' | 'business_owner') {
    const email = `biz-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    const [user] = await db().update(users).set({ status: 'active', role }).where(eq(users.email, email)).returning();
    return { id: user.id, email };
  }

  it("a removed membership stops working within 5 minutes: a manager's token lives 5 minutes and every refresh reads the memberships again", async () => {
    const { id, email } = await account('business_owner');
    const [kept, removed] = [`biz-kept-${id}`, `biz-removed-${id}`];
    await db().insert(businessMemberships).values([
      { userId: id, kind: 'pharmacy', slug: kept, name: 'בית מרקחת א' },
      { userId: id, kind: 'pharmacy', slug: removed, name: 'בית מרקחת ב' },
    ]);
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' });
    expect(decodeJwt(jwt).biz).toEqual([`pharmacy:${kept}`, `pharmacy:${removed}`]);
    expect(lifetime(jwt)).toBeLessThanOrEqual(300);
    const access = await call<AuthTokenResponse>(Subjects.identity.businessAccess, { token: jwt, businessId: removed });
    expect(lifetime(access.jwt)).toBeLessThanOrEqual(300);

    await db().delete(businessMemberships).where(and(eq(businessMemberships.userId, id), eq(businessMemberships.slug, removed)));
    const refreshed = await call<AuthTokenResponse>(Subjects.identity.refresh, { token: jwt });
    expect(decodeJwt(refreshed.jwt).biz).toEqual([`pharmacy:${kept}`]);
    await expect(call(Subjects.identity.businessAccess, { token: refreshed.jwt, businessId: removed })).rejects.toMatchObject({ status: 404 });
    // The token signed before the removal (still naming it) is refused once its 5 minutes are over.
    service.clock().advance(TOKEN_LIFETIME.membershipSeconds * 1000 + 1000);
    await expect(call(Subjects.identity.refresh, { token: jwt })).rejects.toMatchObject({ status: 401 });
  });

  it("a patient's token carries no memberships and lives an hour", async () => {
    const { email } = await account('user');
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' });
    expect(decodeJwt(jwt).biz).toBeUndefined();
    expect(lifetime(jwt)).toBe(TOKEN_LIFETIME.accessSeconds);
    service.clock().advance(TOKEN_LIFETIME.membershipSeconds * 1000 + 1000);
    await expect(call(Subjects.identity.refresh, { token: jwt })).resolves.toHaveProperty('jwt');
  });
});

describe('sessions end when they should', () => {
  const service = useService(identityService);
  const db = () => service.app().get<Database>(DATABASE);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);
  afterEach(() => service.clock().reset());

  async function signedIn(role: 'user' | 'business_owner' | 'admin' = 'user'): Promise<{ id: number; email: string; jwt: string }> {
    const email = `sessions-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    const [user] = await db().update(users).set({ status: 'active', role }).where(eq(users.email, email)).returning();
    return { id: user.id, email, ...(await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' })) };
  }

  /** The account's version in the `token_versions` bucket every process watches (undefined: none written). */
  const bucketVersion = async (userId: number) => {
    const kv = await service.nc().jetstream().views.kv(TOKEN_VERSIONS_BUCKET, { bindOnly: true });
    const entry = await kv.get(String(userId));
    return entry?.operation === 'PUT' ? Number(entry.string()) : undefined;
  };
  const dbVersion = async (userId: number) => (await db().select().from(users).where(eq(users.id, userId)))[0].tokenVersion;

  it('signs out every session of the account: its version grows, reaches the bucket, and older tokens are refused', async () => {
    const { id, jwt } = await signedIn();
    const other = (await call<AuthTokenResponse>(Subjects.identity.refresh, { token: jwt })).jwt;
    await expect(call(Subjects.identity.signOut, {})).rejects.toMatchObject({ status: 401 });
    await expect(call(Subjects.identity.signOut, { token: jwt })).resolves.toEqual({ ok: true });
    expect(await dbVersion(id)).toBe(1);
    await waitFor('the bucket to hold version 1', () => bucketVersion(id), { until: (v) => v === 1, timeoutMs: 5000 });
    for (const token of [jwt, other]) {
      await expect(call(Subjects.identity.refresh, { token })).rejects.toMatchObject({ status: 401 });
      await expect(call(Subjects.identity.userGet, { token })).rejects.toMatchObject({ status: 401 });
    }
    await expect(call(Subjects.identity.signOut, { token: jwt })).rejects.toMatchObject({ status: 401 });
  });

  it('writes the new version to the bucket after a password change and a reset, and ends the sessions of a disabled account', async () => {
    const { id, email, jwt } = await signedIn();
    const changed = await call<AuthTokenResponse>(Subjects.identity.passwordChange, { token: jwt, currentPassword: 'a good secret', newPassword: 'a new secret' });
    await waitFor('the bucket to hold version 1', () => bucketVersion(id), { until: (v) => v === 1, timeoutMs: 5000 });
    expect(decodeJwt(changed.jwt).ver).toBe(1);

    await call(Subjects.identity.forgotPassword, { email });
    const reset = await linkOf(db(), service.nc(), Events.identity.passwordResetRequested, email, 0);
    const afterReset = await call<AuthTokenResponse>(Subjects.identity.resetPassword, { token: reset.token, newPassword: 'third secret', confirmPassword: 'third secret' });
    await waitFor('the bucket to hold version 2', () => bucketVersion(id), { until: (v) => v === 2, timeoutMs: 5000 });

    const admin = { userId: 1, role: 'admin', businesses: [], token: '' } as const;
    await service.app().get(ManageUsers).block(admin, id);
    expect(await dbVersion(id)).toBe(3);
    await waitFor('the bucket to hold version 3', () => bucketVersion(id), { until: (v) => v === 3, timeoutMs: 5000 });
    await expect(call(Subjects.identity.refresh, { token: afterReset.jwt })).rejects.toMatchObject({ status: 401 });
    await expect(call(Subjects.identity.signIn, { email, password: 'third secret' })).rejects.toMatchObject({ status: 403, code: ErrorCodes.userDisabled });
  });

  it('keeps the session start through refreshes, and refuses to refresh past 30 days (by the service clock)', async () => {
    const { jwt } = await signedIn();
    const start = decodeJwt(jwt).auth_time as number;
    expect(start).toBe(Math.floor(service.clock().now().getTime() / 1000));
    // Refreshed every 59 minutes, as a tab left open would be, for 30 days.
    let token = jwt;
    const step = 59 * 60_000;
    while (service.clock().now().getTime() + step <= (start + TOKEN_LIFETIME.sessionSeconds) * 1000) {
      service.clock().advance(step);
      token = (await call<AuthTokenResponse>(Subjects.identity.refresh, { token })).jwt;
    }
    expect(decodeJwt(token).auth_time).toBe(start);
    service.clock().set((start + TOKEN_LIFETIME.sessionSeconds + 1) * 1000);
    await expect(call(Subjects.identity.refresh, { token })).rejects.toMatchObject({ status: 401, code: ErrorCodes.unauthorized });
    // A new sign-in starts a new session.
    const { jwt: again } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email: (await db().select().from(users).where(eq(users.id, Number(decodeJwt(token).sub))))[0].email, password: 'a good secret' });
    expect(decodeJwt(again).auth_time).toBe(start + TOKEN_LIFETIME.sessionSeconds + 1);
  }, 60_000);

  it('names each membership with its kind, so a pharmacy and a company sharing a slug are two memberships', async () => {
    const { id, email } = await signedIn('business_owner');
    const slug = `shared-${id}`;
    await db().insert(businessMemberships).values([{ userId: id, kind: 'company', slug, name: 'חברה' }]);
    const { jwt } = await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' });
    expect(decodeJwt(jwt).biz).toEqual([`company:${slug}`]);
    await db().insert(businessMemberships).values([{ userId: id, kind: 'pharmacy', slug, name: 'בית מרקחת' }]);
    const refreshed = (await call<AuthTokenResponse>(Subjects.identity.refresh, { token: jwt })).jwt;
    expect(decodeJwt(refreshed).biz).toEqual([`company:${slug}`, `pharmacy:${slug}`]);
    // Business access names the kind when asked for one.
    const access = async (businessId: string) => decodeJwt((await call<AuthTokenResponse>(Subjects.identity.businessAccess, { token: refreshed, businessId })).jwt).business;
    expect(await access(`pharmacy:${slug}`)).toEqual({ kind: 'pharmacy', slug });
    expect(await access(`company:${slug}`)).toEqual({ kind: 'company', slug });
  });

  it('gives an admin the access token of any cannabis company, but of no pharmacy it is not a member of; a patient none', async () => {
    const admin = await signedIn('admin');
    const access = (token: string, businessId: string) => call<AuthTokenResponse>(Subjects.identity.businessAccess, { token, businessId });
    const claims = decodeJwt((await access(admin.jwt, 'company:any-company')).jwt);
    expect(claims).toMatchObject({ typ: 'business', role: 'admin', sub: String(admin.id), business: { kind: 'company', slug: 'any-company' } });
    expect(claims.exp! - claims.iat!).toBe(TOKEN_LIFETIME.businessAccessSeconds);
    await expect(access(admin.jwt, 'pharmacy:any-pharmacy')).rejects.toMatchObject({ status: 404 });
    await expect(access(admin.jwt, 'any-company')).rejects.toMatchObject({ status: 404 });
    const owner = await signedIn('business_owner');
    await expect(access(owner.jwt, 'company:any-company')).rejects.toMatchObject({ status: 404 });
    const patient = await signedIn('user');
    await expect(access(patient.jwt, 'company:any-company')).rejects.toMatchObject({ status: 403 });
  });
});
