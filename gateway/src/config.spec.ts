import { EnvError, loadEnv } from '@mc/kit';
import { assertStartable, couponsEnabled, GatewayEnv } from './config';

describe("the gateway's checkout settings", () => {
  it('have coupons on outside production and off in production unless FEATURE_COUPONS says so', () => {
    expect(couponsEnabled(loadEnv(GatewayEnv, { APP_ENV: 'development' }))).toBe(true);
    expect(couponsEnabled(loadEnv(GatewayEnv, { APP_ENV: 'test' }))).toBe(true);
    expect(couponsEnabled(loadEnv(GatewayEnv, { APP_ENV: 'production' }))).toBe(false);
    expect(couponsEnabled(loadEnv(GatewayEnv, { APP_ENV: 'production', FEATURE_COUPONS: '1' }))).toBe(true);
    expect(couponsEnabled(loadEnv(GatewayEnv, { APP_ENV: 'test', FEATURE_COUPONS: '0' }))).toBe(false);
    expect(() => loadEnv(GatewayEnv, { FEATURE_COUPONS: 'yes' })).toThrow(EnvError);
  });

  it('refuse to start a production gateway without a documents transit key (a development one has a local key)', () => {
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'production' }))).toThrow(EnvError);
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'production', DOCUMENTS_TRANSIT_KEY: 'a1'.repeat(32) }))).not.toThrow();
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'test' }))).not.toThrow();
    expect(() => loadEnv(GatewayEnv, { DOCUMENTS_TRANSIT_KEY: 'not hex' })).toThrow(EnvError);
  });
});

describe("the gateway's page cache setting", () => {
  it('keeps server-drawn pages for a second by default, never with PAGE_CACHE_MS=0, and refuses a negative or long one', () => {
    expect(loadEnv(GatewayEnv, {}).PAGE_CACHE_MS).toBe(1000);
    expect(loadEnv(GatewayEnv, { PAGE_CACHE_MS: '0' }).PAGE_CACHE_MS).toBe(0);
    for (const bad of ['-1', '60000', 'soon']) expect(() => loadEnv(GatewayEnv, { PAGE_CACHE_MS: bad })).toThrow(EnvError);
  });
});

describe("the gateway's partner feed settings", () => {
  const key = { DOCUMENTS_TRANSIT_KEY: 'a1'.repeat(32) };
  const partners = JSON.stringify([{ id: 'yarpa', secret: 'a-partner-secret-of-some-length' }]);

  it('refuse a malformed partner list, and a production gateway with partners but no spool directory', () => {
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'test', FEED_PARTNERS: 'yarpa:secret' }))).toThrow(EnvError);
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'test', FEED_PARTNERS: JSON.stringify([{ id: 'yarpa', secret: 'short' }]) }))).toThrow(/at least 16/);
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'production', ...key, FEED_PARTNERS: partners }))).toThrow(/FEED_SPOOL_DIR/);
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'production', ...key, FEED_PARTNERS: partners, FEED_SPOOL_DIR: '/srv/feeds' }))).not.toThrow();
    // Without partners nothing can be pushed, so no spool is needed.
    expect(() => assertStartable(loadEnv(GatewayEnv, { APP_ENV: 'production', ...key }))).not.toThrow();
  });

  it('cap a feed at 256 MiB by default, and refuse a cap below 1 KiB or not a number', () => {
    expect(loadEnv(GatewayEnv, {}).FEED_MAX_BYTES).toBe(256 * 1024 * 1024);
    for (const bad of ['100', 'big', '-1']) expect(() => loadEnv(GatewayEnv, { FEED_MAX_BYTES: bad })).toThrow(EnvError);
  });
});
