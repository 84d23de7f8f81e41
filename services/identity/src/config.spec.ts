import { EnvError, loadEnv } from '@mc/kit';
import { hmacSecret, IdentityEnv, keyEncryptionKey } from './config';

const KEY = Buffer.alloc(32, 9).toString('base64');
const SECRET = 'x'.repeat(40);

describe('identity settings', () => {
  it('refuses to start in production (the default) without the key encryption key and the HMAC secret', () => {
    expect(() => loadEnv(IdentityEnv, {})).toThrow(EnvError);
    expect(() => loadEnv(IdentityEnv, { NODE_ENV: 'production' })).toThrow(/IDENTITY_KEY_ENCRYPTION_KEY[\s\S]*IDENTITY_HMAC_SECRET/);
    expect(() => loadEnv(IdentityEnv, { APP_ENV: 'production', IDENTITY_HMAC_SECRET: SECRET })).toThrow(/IDENTITY_KEY_ENCRYPTION_KEY/);
    expect(() => loadEnv(IdentityEnv, { APP_ENV: 'production', IDENTITY_KEY_ENCRYPTION_KEY: KEY })).toThrow(/IDENTITY_HMAC_SECRET/);
    const env = loadEnv(IdentityEnv, { APP_ENV: 'production', IDENTITY_KEY_ENCRYPTION_KEY: KEY, IDENTITY_HMAC_SECRET: SECRET });
    expect(keyEncryptionKey(env)).toEqual(Buffer.alloc(32, 9));
    expect(hmacSecret(env)).toBe(SECRET);
  });

  it('uses local defaults in development and tests only, and refuses a bad key anywhere', () => {
    const dev = loadEnv(IdentityEnv, { APP_ENV: 'development' });
    expect(keyEncryptionKey(dev)).toHaveLength(32);
    expect(hmacSecret(dev).length).toBeGreaterThanOrEqual(32);
    expect(() => loadEnv(IdentityEnv, { APP_ENV: 'test', IDENTITY_KEY_ENCRYPTION_KEY: 'short' })).toThrow(/IDENTITY_KEY_ENCRYPTION_KEY/);
    expect(() => loadEnv(IdentityEnv, { APP_ENV: 'test', IDENTITY_HMAC_SECRET: 'short' })).toThrow(/IDENTITY_HMAC_SECRET/);
  });
});
