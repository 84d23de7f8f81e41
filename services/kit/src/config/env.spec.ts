import { IsInt, Min } from 'class-validator';
import { EnvError, loadEnv, ServiceEnv } from './env';

class TestEnv extends ServiceEnv {
  @IsInt() @Min(1)
  PORT = 3000;
  DATABASE_URL = 'postgres://x@127.0.0.1:5432/db';
}

describe('loadEnv', () => {
  it('uses the local default for every missing value', () => {
    const env = loadEnv(TestEnv, {});
    expect(env.PORT).toBe(3000);
    expect(env.NATS_URL).toBe('nats://127.0.0.1:4222');
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
