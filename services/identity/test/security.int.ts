import { Events, Messages, SMS_CODE, streamName, Subjects, type AuthTokenResponse, type SigningKeysResponse } from '@mc/contracts';
import { DATABASE, REDIS, SERVICE_ENV, type Database } from '@mc/kit';
import { useService } from '@mc/kit/testing';
import { callAsGateway } from './as-gateway';
import { desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type Redis from 'ioredis';
import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { createHash } from 'node:crypto';
import { hashToken, keyedHash } from '../src/auth/secrets';
import { hmacSecret, keyEncryptionKey, type IdentityEnv } from '../src/config';
import { outbox, signingKeys, users } from '../src/db/schema';
import { ALG, decryptPrivateKey, ISSUER, SigningKeys } from '../src/keys/signing-keys';
import { identityService } from '../src/service';
import { codeOf, lastOutboxId, linkOf, waitForEvent } from './delivered';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const randomPhone = () => `05${Math.floor(Math.random() * 10)}-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('identity keeps no secret in clear', () => {
  const service = useService(identityService);
  afterEach(() => service.clock().reset());
  const db = () => service.app().get<Database>(DATABASE);
  const redis = () => service.app().get<Redis>(REDIS);
  const env = () => service.app().get<IdentityEnv>(SERVICE_ENV);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);

  async function activeAccount(phone: string | null = null) {
    const email = `sec-${unique()}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    await db().update(users).set({ status: 'active', phone }).where(eq(users.email, email));
    return email;
  }

  /** The newest messages (up to `depth`) of identity's stream on `subjects`. */
  async function streamMessages(subjects: string[], depth = 300): Promise<{ subject: string; data: string }[]> {
    const jsm = await service.nc().jetstreamManager();
    const stream = streamName('identity');
    const { state } = await jsm.streams.info(stream);
    const found: { subject: string; data: string }[] = [];
    for (let seq = state.last_seq; seq > Math.max(0, state.last_seq - depth); seq--) {
      const message = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
      if (message && subjects.includes(message.subject)) found.push({ subject: message.subject, data: message.string() });
    }
    return found;
  }

  it('forgot-password and SMS events carry only a reference: no outbox row nor stream message holds the token or the code, and it is forgotten once delivered', async () => {
    const phone = randomPhone();
    const email = await activeAccount(phone);
    const before = await lastOutboxId(db());
    await call(Subjects.identity.forgotPassword, { email });
    await call(Subjects.identity.smsRequest, { phone });

    // What notifications does: reads the secret of each event, sends, then forgets it.
    const link = await linkOf(db(), service.nc(), Events.identity.passwordResetRequested, email, before);
    const smsEvent = (await waitForEvent<{ phone: string; secretRef: string }>(db(), Events.identity.smsCodeRequested, 'phone', phone, before))!;
    const code = (await codeOf(db(), service.nc(), phone, before))!;
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(code).toMatch(/^\d{6}$/);
    for (const secretRef of [link.secretRef, smsEvent.data.secretRef]) await call(Subjects.identity.deliverySecretForget, { secretRef });
    for (const secretRef of [link.secretRef, smsEvent.data.secretRef]) {
      await expect(call(Subjects.identity.deliverySecretGet, { secretRef })).rejects.toMatchObject({ status: 404 });
    }

    // The outbox: every row of this exchange is published and none holds the token, nor the code as a value.
    const deadline = Date.now() + 10_000;
    let rows = await db().select().from(outbox).where(sql`${outbox.id} > ${before}`);
    while (rows.some((r) => !r.sentAt) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await db().select().from(outbox).where(sql`${outbox.id} > ${before}`);
    }
    const mine = rows.filter((r) => JSON.stringify(r.envelope).includes(email) || JSON.stringify(r.envelope).includes(phone));
    expect(mine.map((r) => r.subject).sort()).toEqual(
      [Events.identity.passwordResetAsked, Events.identity.passwordResetRequested, Events.identity.smsCodeAsked, Events.identity.smsCodeRequested].sort(),
    );
    for (const row of mine) {
      expect(row.sentAt).not.toBeNull();
      expect(JSON.stringify(row.envelope)).not.toContain(link.token);
      expect(Object.values((row.envelope as { data: Record<string, unknown> }).data)).not.toContain(code);
      expect(Object.keys((row.envelope as { data: Record<string, unknown> }).data)).not.toEqual(expect.arrayContaining(['token']));
      expect(Object.keys((row.envelope as { data: Record<string, unknown> }).data)).not.toEqual(expect.arrayContaining(['code']));
    }

    // The stream: the published messages of these events hold neither.
    const published = await streamMessages([Events.identity.passwordResetRequested, Events.identity.smsCodeRequested]);
    const ours = published.filter((m) => mine.some((r) => m.data.includes(r.eventId)));
    expect(ours).toHaveLength(2);
    for (const message of ours) {
      expect(message.data).not.toContain(link.token);
      const data = (JSON.parse(message.data) as { data: Record<string, unknown> }).data;
      expect(Object.values(data)).not.toContain(code);
      expect(data).not.toHaveProperty('code');
      expect(data).not.toHaveProperty('token');
    }
  });

  it('stores SMS codes as an HMAC keyed by the server secret, not a plain SHA-256', async () => {
    const phone = randomPhone();
    await activeAccount(phone);
    await call(Subjects.identity.smsRequest, { phone });
    const code = (await codeOf(db(), service.nc(), phone))!;
    const digits = phone.replace(/\D/g, '');
    const stored = JSON.parse((await redis().get(`sms-code:${digits}`))!) as { hash: string };
    expect(stored.hash).not.toBe(hashToken(`${digits}:${code}`));
    expect(stored.hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(stored.hash).toBe(keyedHash(hmacSecret(env()), 'sms-code', `${digits}:${code}`));
    expect(stored.hash).not.toBe(keyedHash('another secret', 'sms-code', `${digits}:${code}`));
  });

  it('locks code sign-in for an hour after 5 wrong codes across codes, and limits codes per phone per day', async () => {
    const phone = randomPhone();
    const digits = phone.replace(/\D/g, '');
    await activeAccount(phone);
    await call(Subjects.identity.smsRequest, { phone });
    const first = (await codeOf(db(), service.nc(), phone))!;
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 3; i++) await expect(call(Subjects.identity.smsVerify, { phone, code: wrongFor(first) })).rejects.toMatchObject({ status: 400 });
    // A new code does not start the count again (30 s later, by the service clock).
    service.clock().advance(SMS_CODE.resendAfterSeconds * 1000);
    const before = await lastOutboxId(db());
    await call(Subjects.identity.smsRequest, { phone });
    const second = (await codeOf(db(), service.nc(), phone, before))!;
    await expect(call(Subjects.identity.smsVerify, { phone, code: wrongFor(second) })).rejects.toMatchObject({ status: 400, message: Messages.invalidSmsCode });
    await expect(call(Subjects.identity.smsVerify, { phone, code: wrongFor(second) })).rejects.toMatchObject({ status: 429, message: Messages.smsSignInLocked });
    await expect(call(Subjects.identity.smsVerify, { phone, code: second })).rejects.toMatchObject({ status: 429, message: Messages.smsSignInLocked });
    service.clock().advance(SMS_CODE.resendAfterSeconds * 1000);
    await expect(call(Subjects.identity.smsRequest, { phone })).rejects.toMatchObject({ status: 429, message: Messages.smsSignInLocked });
    expect(await redis().ttl(`sms-signin-lock:${digits}`)).toBeGreaterThan(SMS_CODE.lockSeconds - 60);

    const other = randomPhone();
    for (let i = 0; i < SMS_CODE.perPhonePerDay; i++) {
      service.clock().advance(SMS_CODE.resendAfterSeconds * 1000);
      expect(await call(Subjects.identity.smsRequest, { phone: other })).toEqual({ message: Messages.smsCodeSent });
    }
    service.clock().advance(SMS_CODE.resendAfterSeconds * 1000);
    await expect(call(Subjects.identity.smsRequest, { phone: other })).rejects.toMatchObject({ status: 429, message: Messages.smsDailyLimit });
  });

  it('answers forgot-password, resend-activation and SMS requests in the same time whether or not an account exists', async () => {
    const N = 25;
    const known: string[] = [];
    const phones: string[] = [];
    for (let i = 0; i < N; i++) {
      const phone = randomPhone();
      known.push(await activeAccount(phone));
      phones.push(phone);
    }
    await db().update(users).set({ status: 'pending' }).where(inArray(users.email, known.slice(0, 5)));
    const time = async (subject: string, data: unknown) => {
      const start = process.hrtime.bigint();
      await call(subject, data);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const cases: [string, (i: number) => unknown, (i: number) => unknown][] = [
      [Subjects.identity.forgotPassword, (i) => ({ email: known[i] }), () => ({ email: `ghost-${unique()}@example.co.il` })],
      [Subjects.identity.resendActivation, (i) => ({ email: known[i % 5] }), () => ({ email: `ghost-${unique()}@example.co.il` })],
      [Subjects.identity.smsRequest, (i) => ({ phone: phones[i] }), () => ({ phone: randomPhone() })],
    ];
    for (const [subject, registered, unknown] of cases) {
      const registeredMs: number[] = [];
      const unknownMs: number[] = [];
      for (let i = 0; i < N; i++) {
        registeredMs.push(await time(subject, registered(i)));
        unknownMs.push(await time(subject, unknown(i)));
      }
      const [r, u] = [median(registeredMs), median(unknownMs)];
      // Before, a registered address cost a transaction more (token, outbox) than an unknown one: about double.
      // The bound leaves room for a shared machine's noise (the work after answering runs beside the next call; a 3.1 ms
      // gap between 6 and 9 ms medians was seen on a busy CI machine) and still fails a doubling (6 against 12 ms).
      const same = Math.abs(r - u) < Math.max(5, 0.5 * Math.min(r, u));
      expect({ subject, registeredMs: r, unknownMs: u, same }).toEqual({ subject, registeredMs: r, unknownMs: u, same: true });
    }
  });
});

describe('signing keys', () => {
  const service = useService(identityService);
  const db = () => service.app().get<Database>(DATABASE);
  const keys = () => service.app().get(SigningKeys);
  const env = () => service.app().get<IdentityEnv>(SERVICE_ENV);
  const call = <T>(subject: string, data: unknown) => callAsGateway<T>(service.nc(), subject, data);

  async function signedIn(): Promise<{ id: number; jwt: string }> {
    const email = `keys-${unique()}@example.co.il`;
    await call(Subjects.identity.signUp, { firstName: 'דנה', lastName: 'כהן', email, password: 'a good secret', agreeTOU: true });
    const [user] = await db().update(users).set({ status: 'active' }).where(eq(users.email, email)).returning();
    return { id: user.id, ...(await call<AuthTokenResponse>(Subjects.identity.signIn, { email, password: 'a good secret' })) };
  }

  it('stores private keys only encrypted, and encrypts a key stored in clear before', async () => {
    const rows = await db().select().from(signingKeys);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.privateJwk).toBeNull();
      expect(row.privateKeyEnc).toMatch(/^v1\./);
      const jwk = decryptPrivateKey(keyEncryptionKey(env()), row.kid, row.privateKeyEnc!);
      expect(row.privateKeyEnc).not.toContain(jwk.d);
      expect(() => decryptPrivateKey(Buffer.alloc(32, 7), row.kid, row.privateKeyEnc!)).toThrow(/does not decrypt/);
    }
    // A row from before encryption (an older key, in clear) is encrypted at the next start.
    const [newest] = await db().select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1);
    const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = `legacy-${unique()}`;
    const clear = await exportJWK(privateKey);
    await db().insert(signingKeys).values({ kid, publicJwk: await exportJWK(publicKey), privateJwk: clear, createdAt: new Date(newest.createdAt.getTime() - 60_000) });
    await keys().encryptClearKeys();
    const [migrated] = await db().select().from(signingKeys).where(eq(signingKeys.kid, kid));
    expect(migrated.privateJwk).toBeNull();
    expect(decryptPrivateKey(keyEncryptionKey(env()), kid, migrated.privateKeyEnc!)).toEqual(clear);
    expect(await db().select().from(signingKeys).where(isNull(signingKeys.privateKeyEnc))).toEqual([]);
    await db().delete(signingKeys).where(eq(signingKeys.kid, kid));
  });

  it('refuses a token signed with its own key but without an expiry', async () => {
    const { id, jwt } = await signedIn();
    const kid = decodeProtectedHeader(jwt).kid!;
    const [row] = await db().select().from(signingKeys).where(eq(signingKeys.kid, kid));
    const key = await importJWK(decryptPrivateKey(keyEncryptionKey(env()), kid, row.privateKeyEnc!) as JWK, ALG);
    const claims = { typ: 'user', role: 'user', ver: 0 };
    const noExp = await new SignJWT(claims).setProtectedHeader({ alg: ALG, kid }).setSubject(String(id)).setIssuer(ISSUER).setIssuedAt().sign(key);
    await expect(call(Subjects.identity.refresh, { token: noExp })).rejects.toMatchObject({ status: 401 });
    const withExp = await new SignJWT(claims).setProtectedHeader({ alg: ALG, kid }).setSubject(String(id)).setIssuer(ISSUER).setIssuedAt().setExpirationTime('5m').sign(key);
    await expect(call(Subjects.identity.refresh, { token: withExp })).resolves.toHaveProperty('jwt');
  });

  it('rotates: a new key signs after the rotation period, the old one verifies until its tokens expire, then is retired', async () => {
    const { jwt: old } = await signedIn();
    const oldKid = decodeProtectedHeader(old).kid!;
    const rotationAt = new Date(Date.now() + env().SIGNING_KEY_ROTATION_DAYS * 86_400_000 + 1000);
    try {
      expect(await keys().rotateIfDue(new Date())).toBe(false);
      expect(await keys().rotateIfDue(rotationAt)).toBe(true);
      await keys().load();
      const { jwt: fresh } = await call<AuthTokenResponse>(Subjects.identity.refresh, { token: old });
      const newKid = decodeProtectedHeader(fresh).kid!;
      expect(newKid).not.toBe(oldKid);
      expect(keys().currentKid).toBe(newKid);
      const published = (await call<SigningKeysResponse>(Subjects.identity.keysGet, {})).keys.map((k) => k.kid);
      expect(published).toEqual(expect.arrayContaining([oldKid, newKid]));
      await expect(call(Subjects.identity.userGet, { token: old })).resolves.toHaveProperty('email');

      // Once every token the old key signed has expired, it is no longer kept nor published.
      expect(await keys().rotateIfDue(new Date(rotationAt.getTime() + 3 * 3600_000))).toBe(false);
      await keys().load();
      expect((await call<SigningKeysResponse>(Subjects.identity.keysGet, {})).keys.map((k) => k.kid)).toEqual([newKid]);
      expect(await db().select().from(signingKeys).where(eq(signingKeys.kid, oldKid))).toEqual([]);
      await expect(call(Subjects.identity.userGet, { token: fresh })).resolves.toHaveProperty('email');
    } finally {
      // The new key was dated in the future for the test: date it now, so later runs rotate normally.
      await db().update(signingKeys).set({ createdAt: new Date() }).where(lt(sql`now()`, signingKeys.createdAt));
      await keys().load();
    }
  });
});
