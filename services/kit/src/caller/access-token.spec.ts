import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { signJwt } from '../testing/test-identity';
import { VerifiedTokens, verifyAccessToken } from './access-token';

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

describe('remembering verified tokens (VerifiedTokens)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: '7', typ: 'user', role: 'user', ver: 0, iss: 'medcanna-identity', iat: now, exp: now + 3600 };
  const keyFor = async (kid: string) => (kid === 'k1' ? publicKey : undefined);
  const counted = () => {
    const verifyToken = jest.fn(verifyAccessToken);
    return { verifyToken, tokens: new VerifiedTokens(verifyToken, 2) };
  };

  it('verifies a token once, then answers its claims from memory while its key is published', async () => {
    const { verifyToken, tokens } = counted();
    const token = signJwt(privateKey, 'k1', claims);
    const first = await tokens.verify(token, keyFor, now);
    expect(first).toMatchObject({ sub: '7' });
    expect(await tokens.verify(token, keyFor, now + 60)).toEqual(first);
    // Keys fetched again from identity are new objects with the same key material.
    expect(await tokens.verify(token, async () => createPublicKey({ key: publicKey.export({ format: 'jwk' }), format: 'jwk' }), now + 120)).toEqual(first);
    expect(verifyToken).toHaveBeenCalledTimes(1);
  });

  it('refuses a remembered token once it expires or its key is withdrawn, and never takes one token for another', async () => {
    const { tokens } = counted();
    const token = signJwt(privateKey, 'k1', claims);
    await expect(tokens.verify(token, keyFor, now)).resolves.toBeDefined();
    await expect(tokens.verify(token, keyFor, now + 3600 + 60)).resolves.toBeUndefined();
    await expect(tokens.verify(token, keyFor, now)).resolves.toBeDefined();
    await expect(tokens.verify(token, async () => undefined, now)).resolves.toBeUndefined();
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await expect(tokens.verify(token, async () => other.publicKey, now)).resolves.toBeUndefined();

    const [header, , signature] = token.split('.');
    const admin = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    await expect(tokens.verify(token, keyFor, now)).resolves.toBeDefined();
    await expect(tokens.verify(`${header}.${admin}.${signature}`, keyFor, now)).resolves.toBeUndefined();
  });

  it('remembers at most its limit, the oldest going first, and nothing it refused', async () => {
    const { verifyToken, tokens } = counted();
    const signed = [1, 2, 3].map((n) => signJwt(privateKey, 'k1', { ...claims, sub: String(n) }));
    for (const token of signed) await tokens.verify(token, keyFor, now);
    await tokens.verify(signJwt(privateKey, 'k1', { ...claims, exp: now - 600 }), keyFor, now);
    expect(tokens.size).toBe(2);
    await tokens.verify(signed[2], keyFor, now);
    expect(verifyToken).toHaveBeenCalledTimes(4);
    await tokens.verify(signed[0], keyFor, now);
    expect(verifyToken).toHaveBeenCalledTimes(5);
  });
});
