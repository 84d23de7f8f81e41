import { loadEnv } from '@mc/kit';
import type Redis from 'ioredis';
import { NotificationsEnv } from '../config';
import { DevMailbox } from './dev-mailbox';

/** Just enough of ioredis for the mailbox: one list. */
function fakeRedis() {
  const lists = new Map<string, string[]>();
  const redis = {
    lists,
    multi() {
      const ops: (() => void)[] = [];
      const chain = {
        lpush: (key: string, value: string) => (ops.push(() => lists.set(key, [value, ...(lists.get(key) ?? [])])), chain),
        ltrim: (key: string, start: number, stop: number) => (ops.push(() => lists.set(key, (lists.get(key) ?? []).slice(start, stop + 1))), chain),
        expire: () => chain,
        exec: async () => ops.forEach((op) => op()),
      };
      return chain;
    },
    lrange: async (key: string, start: number, stop: number) => (lists.get(key) ?? []).slice(start, stop + 1),
  };
  return redis;
}

const mail = { id: 1, to: 'dana@example.co.il', subject: 's', body: 'https://x/reset-password?token=abc', status: 'sent', createdAt: new Date().toISOString() };
const production = { APP_ENV: 'production', SMTP_URL: 'smtp://x', TWILIO_ACCOUNT_SID: 'a', TWILIO_AUTH_TOKEN: 'b', TWILIO_FROM: 'c', DOCUMENTS_TRANSIT_KEY: 'a1'.repeat(32) };

describe('the development mailbox', () => {
  it('keeps rendered messages in a development environment', async () => {
    const redis = fakeRedis();
    const mailbox = new DevMailbox(redis as unknown as Redis, loadEnv(NotificationsEnv, { APP_ENV: 'development' }));
    await mailbox.keep(mail);
    expect(await mailbox.list()).toEqual([mail]);
  });

  it('keeps nothing anywhere in production', async () => {
    const redis = fakeRedis();
    const mailbox = new DevMailbox(redis as unknown as Redis, loadEnv(NotificationsEnv, production));
    await mailbox.keep(mail);
    expect(redis.lists.size).toBe(0);
    expect(mailbox.enabled).toBe(false);
    expect(await mailbox.list()).toEqual([]);
  });
});
