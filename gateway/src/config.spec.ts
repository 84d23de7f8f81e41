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
