import { IsInt, Min } from 'class-validator';
import { EnvError, isDevelopment, loadEnv, ServiceEnv } from './env';

class TestEnv extends ServiceEnv {
  @IsInt() @Min(1)
  PORT = 3000;
  DATABASE_URL = 'postgres://x@127.0.0.1:5432/db';
}

describe('loadEnv', () => {
  it('uses the local default for every missing value', () => {
    const env = loadEnv(TestEnv, {});
    expect(env.PORT).toBe(3000);
    expect(env.NATS_URL).toBe('nats://127.0.0.1:4230');
  });

  it('converts and accepts good values', () => {
    expect(loadEnv(TestEnv, { PORT: '8081', LOG_LEVEL: 'debug' })).toMatchObject({ PORT: 8081, LOG_LEVEL: 'debug' });
  });

  it('refuses a bad value, naming it', () => {
    expect(() => loadEnv(TestEnv, { PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv(TestEnv, { NATS_URL: 'http://x' })).toThrow(/NATS_URL/);
    expect(() => loadEnv(TestEnv, { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('APP_ENV', () => {
  it('is production unless a development environment is named', () => {
    expect(loadEnv(TestEnv, {}).APP_ENV).toBe('production');
    expect(isDevelopment(loadEnv(TestEnv, {}))).toBe(false);
    expect(isDevelopment(loadEnv(TestEnv, { APP_ENV: 'development' }))).toBe(true);
    expect(isDevelopment(loadEnv(TestEnv, { APP_ENV: 'test' }))).toBe(true);
    expect(() => loadEnv(TestEnv, { APP_ENV: 'staging' })).toThrow(/APP_ENV/);
  });

  it('refuses to start a NODE_ENV=production process with development features switched on', () => {
    expect(() => loadEnv(TestEnv, { NODE_ENV: 'production', APP_ENV: 'development' })).toThrow(/refusing to start/);
    expect(() => loadEnv(TestEnv, { NODE_ENV: 'production', APP_ENV: 'test' })).toThrow(EnvError);
    expect(loadEnv(TestEnv, { NODE_ENV: 'production' }).APP_ENV).toBe('production');
  });
});
