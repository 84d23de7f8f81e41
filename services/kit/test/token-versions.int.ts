import { randomUUID } from 'node:crypto';
import type { KV, NatsConnection } from 'nats';
import { TokenVersions } from '../src/caller/token-versions';
import { connectNats, waitFor } from '../src/testing';

describe("the kit's token versions: identity's bucket watched into memory", () => {
  let nc: NatsConnection;
  // A bucket of this run (the kit watches `token_versions`; the same code, another name).
  const bucket = `token_versions_test_${randomUUID().slice(0, 8)}`;
  const user = 42;
  let kv: KV | undefined;
  const put = async (version: number) => {
    kv ??= await nc.jetstream().views.kv(bucket, { history: 1, ttl: 60_000 });
    await kv.put(String(user), String(version));
  };

  beforeAll(async () => {
    nc = await connectNats();
  });
  afterAll(async () => {
    await kv?.destroy();
    await nc.close();
  });

  it('starts before the bucket exists, and follows it within a second or so once it does', async () => {
    const versions = new TokenVersions(nc, undefined, { retryMs: 200, bucket }).start();
    try {
      await versions.ready;
      expect(versions.current(user)).toBeUndefined();
      await put(3);
      await waitFor('version 3', () => versions.current(user) === 3, { timeoutMs: 3000 });
      expect(versions.isStale(user, 2)).toBe(true);
      expect(versions.isStale(user, 3)).toBe(false);
      expect(versions.isStale(user + 1, 0)).toBe(false);
    } finally {
      await versions.stop();
    }
  });

  it('reads the current values at start, then every new one; a version never goes down', async () => {
    await put(5);
    const versions = new TokenVersions(nc, undefined, { bucket }).start();
    try {
      await versions.ready;
      expect(versions.current(user)).toBe(5);
      await put(6);
      await waitFor('version 6', () => versions.current(user) === 6, { timeoutMs: 3000 });
      await put(4);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(versions.current(user)).toBe(6);
    } finally {
      await versions.stop();
    }
  });
});
