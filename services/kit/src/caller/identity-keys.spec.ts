import { generateKeyPairSync } from 'node:crypto';
import type { SigningKeysResponse } from '@mc/contracts';
import { IdentityKeys, KEYS_TTL_MS, UNKNOWN_KID_REFETCH_MS } from './identity-keys';

const jwk = (kid: string) => ({ ...(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' }) as { kty: string }), kid, alg: 'ES256' });

describe("the cache of identity's public keys", () => {
  let now: number;
  let published: SigningKeysResponse;
  let fetches: number;
  let keys: IdentityKeys;
  beforeEach(() => {
    now = 1_000_000;
    published = { keys: [jwk('k1')] };
    fetches = 0;
    keys = new IdentityKeys(async () => {
      fetches += 1;
      return published;
    }, () => now);
  });

  it('fetches once, then answers from the cache until the keys are 5 minutes old', async () => {
    expect(await keys.key('k1')).toBeDefined();
    now += KEYS_TTL_MS;
    expect(await keys.key('k1')).toBeDefined();
    expect(fetches).toBe(1);
    now += 1;
    await keys.key('k1');
    expect(fetches).toBe(2);
  });

  it('fetches again for an unknown kid (a new key), but at most every 5 seconds', async () => {
    await keys.key('k1');
    published = { keys: [jwk('k1'), jwk('k2')] };
    expect(await keys.key('k2')).toBeUndefined();
    expect(fetches).toBe(1);
    now += UNKNOWN_KID_REFETCH_MS + 1;
    expect(await keys.key('k2')).toBeDefined();
    expect(await keys.key('forged')).toBeUndefined();
    expect(fetches).toBe(2);
  });

  it('shares one fetch between concurrent misses, and keeps no failed fetch', async () => {
    await Promise.all([keys.key('k1'), keys.key('k1'), keys.key('k1')]);
    expect(fetches).toBe(1);
    const failing = new IdentityKeys(async () => {
      fetches += 1;
      if (fetches === 2) throw new Error('identity down');
      return published;
    }, () => now);
    await expect(failing.key('k1')).rejects.toThrow('identity down');
    expect((await failing.key('k1'))?.asymmetricKeyType).toBe('ec');
  });
});
