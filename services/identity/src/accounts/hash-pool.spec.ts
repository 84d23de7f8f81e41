import { loadEnv } from '@mc/kit';
import { IdentityEnv } from '../config';
import { HashPool } from './hash-pool';

describe('the password hashing pool', () => {
  it('runs at most HASH_CONCURRENCY hashes at once, queues up to HASH_QUEUE_LIMIT and refuses more at once with a Hebrew 503', async () => {
    const pool = new HashPool(loadEnv(IdentityEnv, { APP_ENV: 'test', HASH_CONCURRENCY: '1', HASH_QUEUE_LIMIT: '2' }));
    const running = [pool.hash('first secret'), pool.hash('second secret'), pool.hash('third secret')];
    expect(pool.load).toEqual({ active: 1, waiting: 2 });
    const started = Date.now();
    await expect(pool.hash('one too many')).rejects.toMatchObject({ error: { status: 503, message: 'המערכת עמוסה כרגע. אנא נסה שנית בעוד מספר רגעים.' } });
    expect(Date.now() - started).toBeLessThan(50);
    const hashes = await Promise.all(running);
    expect(hashes.every((h) => h.startsWith('$argon2id$'))).toBe(true);
    expect(pool.load).toEqual({ active: 0, waiting: 0 });
    await expect(pool.matches(hashes[0], 'first secret')).resolves.toBe(true);
    await expect(pool.matches(hashes[0], 'wrong')).resolves.toBe(false);
  });
});
