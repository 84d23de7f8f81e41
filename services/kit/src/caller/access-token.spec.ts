import { generateKeyPairSync } from 'node:crypto';
import { signJwt } from '../testing/test-identity';
import { verifyAccessToken } from './access-token';

describe('verifying an access token as the gateway does', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keyFor = async (kid: string) => (kid === 'k1' ? publicKey : undefined);
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: '7', typ: 'user', role: 'business_owner', ver: 0, biz: ['pharm-a'], iss: 'medcanna-identity', iat: now, exp: now + 3600 };
  const verify = (token: string) => verifyAccessToken(token, keyFor, now);

  it("accepts identity's token and gives its claims", async () => {
    await expect(verify(signJwt(privateKey, 'k1', claims))).resolves.toMatchObject({ sub: '7', role: 'business_owner', biz: ['pharm-a'] });
  });

  it('refuses a token without exp, an expired one and one not yet valid', async () => {
    const { exp: _exp, ...noExp } = claims;
    await expect(verify(signJwt(privateKey, 'k1', noExp))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', { ...claims, exp: now - 60 }))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', { ...claims, nbf: now + 600 }))).resolves.toBeUndefined();
  });

  it('refuses a forged signature, an unknown kid, another algorithm, another issuer or type', async () => {
    await expect(verify(signJwt(other.privateKey, 'k1', claims))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k2', claims))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', claims, { alg: 'none' }))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', claims, { alg: 'HS256' }))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', { ...claims, iss: 'someone' }))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', { ...claims, typ: 'business' }))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', { ...claims, role: 'root' }))).resolves.toBeUndefined();
    await expect(verify(signJwt(privateKey, 'k1', { ...claims, biz: 'pharm-a' }))).resolves.toBeUndefined();
  });

  it('refuses a token whose claims were changed after signing, and what is no token at all', async () => {
    const [header, , signature] = signJwt(privateKey, 'k1', claims).split('.');
    const admin = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    await expect(verify(`${header}.${admin}.${signature}`)).resolves.toBeUndefined();
    await expect(verify('anonymous')).resolves.toBeUndefined();
    await expect(verify('a.b.c')).resolves.toBeUndefined();
  });
});
