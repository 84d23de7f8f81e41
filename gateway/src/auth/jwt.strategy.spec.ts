import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { IdentityKeys, TokenVersions } from '@mc/kit';
import { JwtStrategy, type SignedInUser } from './jwt.strategy';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ES256 JWT as identity signs one (kid k1), with the given claims. */
function jwt(key: KeyObject, claims: Record<string, unknown>): string {
  const input = `${b64({ alg: 'ES256', kid: 'k1', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** Runs the strategy on a request as passport does; resolves the user it accepts, or false. */
function authenticate(strategy: JwtStrategy, token: string, headers?: Record<string, string>): Promise<SignedInUser | false> {
  return new Promise((resolve, reject) => {
    const s = strategy as unknown as Record<string, unknown> & { authenticate: (req: unknown) => void };
    s.success = (user: SignedInUser) => resolve(user);
    s.fail = () => resolve(false);
    s.error = (err: unknown) => reject(err);
    s.authenticate({ headers: headers ?? { authorization: `Bearer ${token}` } });
  });
}

describe('bearer tokens at the gateway', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const strategy = new JwtStrategy({ key: async (kid: string) => (kid === 'k1' ? publicKey : undefined) } as unknown as IdentityKeys);
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: '7', typ: 'user', role: 'user', ver: 0, iss: 'medcanna-identity', iat: now };

  it("accepts identity's token with an expiry that has not passed", async () => {
    await expect(authenticate(strategy, jwt(privateKey, { ...claims, exp: now + 3600 }))).resolves.toMatchObject({ id: 7, role: 'user' });
  });

  it('refuses a correctly signed token without an expiry, and an expired one', async () => {
    await expect(authenticate(strategy, jwt(privateKey, claims))).resolves.toBe(false);
    await expect(authenticate(strategy, jwt(privateKey, { ...claims, exp: now - 60 }))).resolves.toBe(false);
  });

  it('takes the token from the HttpOnly session cookie when there is no bearer token (the bearer wins when both come)', async () => {
    const token = jwt(privateKey, { ...claims, exp: now + 3600 });
    await expect(authenticate(strategy, token, { cookie: `cart=1; token=${token}; other=x` })).resolves.toMatchObject({ id: 7, token });
    const other = jwt(privateKey, { ...claims, sub: '8', exp: now + 3600 });
    await expect(authenticate(strategy, token, { cookie: `token=${other}`, authorization: `Bearer ${token}` })).resolves.toMatchObject({ id: 7 });
    await expect(authenticate(strategy, token, { cookie: 'token=' })).resolves.toBe(false);
  });

  it("refuses a token older than its account's version (identity's token_versions bucket)", async () => {
    const versions = { isStale: (userId: number, ver: number) => userId === 7 && ver < 2 } as unknown as TokenVersions;
    const checked = new JwtStrategy({ key: async (kid: string) => (kid === 'k1' ? publicKey : undefined) } as unknown as IdentityKeys, versions);
    await expect(authenticate(checked, jwt(privateKey, { ...claims, ver: 1, exp: now + 3600 }))).resolves.toBe(false);
    await expect(authenticate(checked, jwt(privateKey, { ...claims, ver: 2, exp: now + 3600 }))).resolves.toMatchObject({ id: 7 });
  });

  it("refuses a token of another issuer, another key, an unknown key or another algorithm's header", async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    await expect(authenticate(strategy, jwt(privateKey, { ...claims, iss: 'someone-else', exp: now + 3600 }))).resolves.toBe(false);
    await expect(authenticate(strategy, jwt(other, { ...claims, exp: now + 3600 }))).resolves.toBe(false);
    const unknownKid = jwt(privateKey, { ...claims, exp: now + 3600 }).replace(/^[^.]+/, b64({ alg: 'ES256', kid: 'k2', typ: 'JWT' }));
    await expect(authenticate(strategy, unknownKid)).resolves.toBe(false);
    const none = `${b64({ alg: 'none', kid: 'k1' })}.${b64({ ...claims, exp: now + 3600 })}.`;
    await expect(authenticate(strategy, none)).resolves.toBe(false);
    await expect(authenticate(strategy, '', { authorization: 'Basic abc' })).resolves.toBe(false);
    await expect(authenticate(strategy, '', {})).resolves.toBe(false);
  });

  it('checks a remembered token against its key and its account version on every request', async () => {
    let published: KeyObject | undefined = publicKey;
    let staleBelow = 0;
    const versions = { isStale: (_userId: number, ver: number) => ver < staleBelow } as unknown as TokenVersions;
    const checked = new JwtStrategy({ key: async () => published } as unknown as IdentityKeys, versions);
    const token = jwt(privateKey, { ...claims, ver: 1, exp: now + 3600 });
    await expect(authenticate(checked, token)).resolves.toMatchObject({ id: 7 });
    await expect(authenticate(checked, token)).resolves.toMatchObject({ id: 7 });
    staleBelow = 2;
    await expect(authenticate(checked, token)).resolves.toBe(false);
    staleBelow = 0;
    published = undefined;
    await expect(authenticate(checked, token)).resolves.toBe(false);
  });
});
