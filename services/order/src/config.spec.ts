import { randomBytes } from 'node:crypto';
import { loadEnv } from '@mc/kit';
import { OrderEnv, piiMasterKey } from './config';
import { openAtRest, sealAtRest } from './pii/pii-keys.service';

const KEY = randomBytes(32).toString('base64');

describe("the order service's settings", () => {
  it('requires PII_MASTER_KEY in production, and only there', () => {
    expect(() => loadEnv(OrderEnv, {})).toThrow(/PII_MASTER_KEY/);
    expect(() => loadEnv(OrderEnv, { APP_ENV: 'production', PII_MASTER_KEY: 'short' })).toThrow(/PII_MASTER_KEY/);
    expect(piiMasterKey(loadEnv(OrderEnv, { APP_ENV: 'production', PII_MASTER_KEY: KEY }))).toEqual(Buffer.from(KEY, 'base64'));
    for (const APP_ENV of ['development', 'test']) expect(piiMasterKey(loadEnv(OrderEnv, { APP_ENV })).length).toBe(32);
    expect(() => loadEnv(OrderEnv, { APP_ENV: 'test', PII_MASTER_KEY: 'short' })).toThrow(/PII_MASTER_KEY/);
  });

  it('keeps the retention of ID numbers at 30 days by default', () => {
    expect(loadEnv(OrderEnv, { APP_ENV: 'test' }).ID_NUMBER_RETENTION_DAYS).toBe(30);
  });
});

describe('private keys at rest', () => {
  it('open only with the key that sealed them, and never read as the plaintext', () => {
    const key = randomBytes(32);
    const sealed = sealAtRest(key, Buffer.from('-----BEGIN PRIVATE KEY-----'));
    expect(Buffer.from(sealed, 'base64').toString()).not.toContain('PRIVATE KEY');
    expect(openAtRest(key, sealed).toString()).toBe('-----BEGIN PRIVATE KEY-----');
    expect(() => openAtRest(randomBytes(32), sealed)).toThrow();
  });
});
