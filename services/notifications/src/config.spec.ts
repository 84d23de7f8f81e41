import { EnvError, loadEnv } from '@mc/kit';
import { NotificationsEnv } from './config';

const production = { APP_ENV: 'production', SMTP_URL: 'smtp://x', TWILIO_ACCOUNT_SID: 'a', TWILIO_AUTH_TOKEN: 'b', TWILIO_FROM: 'c', DOCUMENTS_TRANSIT_KEY: 'a1'.repeat(32) };

describe("notifications' Twilio origin", () => {
  it("is Twilio's own by default", () => {
    expect(loadEnv(NotificationsEnv, production).TWILIO_API_URL).toBe('https://api.twilio.com');
  });

  it('may be a local http fake in development and tests', () => {
    expect(loadEnv(NotificationsEnv, { APP_ENV: 'test', TWILIO_API_URL: 'http://127.0.0.1:4010' }).TWILIO_API_URL).toBe('http://127.0.0.1:4010');
    expect(loadEnv(NotificationsEnv, { APP_ENV: 'development', TWILIO_API_URL: 'http://localhost:4010' }).TWILIO_API_URL).toBe('http://localhost:4010');
  });

  it('must be https outside development (the auth token goes with every request)', () => {
    expect(() => loadEnv(NotificationsEnv, { ...production, TWILIO_API_URL: 'http://twilio-proxy.internal' })).toThrow(EnvError);
    expect(loadEnv(NotificationsEnv, { ...production, TWILIO_API_URL: 'https://twilio-proxy.internal' }).TWILIO_API_URL).toBe('https://twilio-proxy.internal');
  });

  it('is an origin, without a path', () => {
    expect(() => loadEnv(NotificationsEnv, { APP_ENV: 'test', TWILIO_API_URL: 'http://127.0.0.1:4010/x' })).toThrow(EnvError);
    expect(() => loadEnv(NotificationsEnv, { APP_ENV: 'test', TWILIO_API_URL: 'ftp://127.0.0.1' })).toThrow(EnvError);
  });
});

describe("notifications' documents transit key", () => {
  it('is required outside development, and must be 64 hex digits', () => {
    expect(() => loadEnv(NotificationsEnv, { ...production, DOCUMENTS_TRANSIT_KEY: '' })).toThrow(EnvError);
    expect(() => loadEnv(NotificationsEnv, { ...production, DOCUMENTS_TRANSIT_KEY: 'a1'.repeat(16) })).toThrow(EnvError);
    expect(loadEnv(NotificationsEnv, production).DOCUMENTS_TRANSIT_KEY).toBe('a1'.repeat(32));
  });

  it('may be left out in development and tests (a fixed local key)', () => {
    expect(loadEnv(NotificationsEnv, { APP_ENV: 'test' }).DOCUMENTS_TRANSIT_KEY).toBe('');
  });
});
