import { randomBytes } from 'node:crypto';
import { decryptPrivateKey, encryptPrivateKey } from './signing-keys';

const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'the-private-part' };

describe('private signing keys at rest', () => {
  it('are sealed with AES-256-GCM: the text holds no part of the key, and opens only with the same key and kid', () => {
    const key = randomBytes(32);
    const sealed = encryptPrivateKey(key, 'kid-1', jwk);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('the-private-part');
    expect(encryptPrivateKey(key, 'kid-1', jwk)).not.toBe(sealed);
    expect(decryptPrivateKey(key, 'kid-1', sealed)).toEqual(jwk);
    expect(() => decryptPrivateKey(randomBytes(32), 'kid-1', sealed)).toThrow(/does not decrypt/);
    expect(() => decryptPrivateKey(key, 'kid-2', sealed)).toThrow(/does not decrypt/);
    const [v, iv, tag, data] = sealed.split('.');
    const bytes = Buffer.from(data, 'base64url');
    bytes[0] ^= 1;
    const tampered = [v, iv, tag, bytes.toString('base64url')].join('.');
    expect(() => decryptPrivateKey(key, 'kid-1', tampered)).toThrow(/does not decrypt/);
  });
});
