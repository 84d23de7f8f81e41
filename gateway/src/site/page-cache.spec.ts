import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { PageCache, type WebPage } from './page-cache';

/** A logger that keeps what it was given at info level. */
function recordingLogger() {
  const lines: unknown[] = [];
  return { lines, logger: { info: (fields: unknown) => lines.push(fields) } as unknown as Logger };
}

/** A render that counts its calls and answers `page` (or what `answer` makes of the call's number) after `ms`. */
function render(answer: (call: number) => WebPage | undefined, ms = 0) {
  const counter = { calls: 0 };
  const draw = async () => {
    const call = ++counter.calls;
    await sleep(ms);
    return answer(call);
  };
  return { counter, draw };
}

const page = (html: string): WebPage => ({ status: 200, html });

describe('PageCache', () => {
  it('sends a drawn page again for its TTL, then draws it anew', async () => {
    const cache = new PageCache(80, recordingLogger().logger);
    const { counter, draw } = render((call) => page(`<p>${call}</p>`));
    await expect(cache.page('1 /products/a', draw)).resolves.toEqual(page('<p>1</p>'));
    await expect(cache.page('1 /products/a', draw)).resolves.toEqual(page('<p>1</p>'));
    await sleep(100);
    await expect(cache.page('1 /products/a', draw)).resolves.toEqual(page('<p>2</p>'));
    expect(counter.calls).toBe(2);
    expect(cache.stats()).toMatchObject({ ttlMs: 80, hits: 1, misses: 2, shared: 0, hitRate: 0.333, entries: 1 });
  });

  it('keeps each key apart: another query string is another page', async () => {
    const cache = new PageCache(10_000, recordingLogger().logger);
    const { counter, draw } = render((call) => page(`<p>${call}</p>`));
    await cache.page('1 /pharms/x?sortBy=price', draw);
    await expect(cache.page('1 /pharms/x?sortBy=name', draw)).resolves.toEqual(page('<p>2</p>'));
    await expect(cache.page('1 /pharms/x?sortBy=price', draw)).resolves.toEqual(page('<p>1</p>'));
    expect(counter.calls).toBe(2);
  });

  it('shares one render among concurrent requests of a page', async () => {
    const cache = new PageCache(10_000, recordingLogger().logger);
    const { counter, draw } = render(() => page('<p>drawn</p>'), 30);
    const pages = await Promise.all(Array.from({ length: 5 }, () => cache.page('1 /', draw)));
    expect(pages).toEqual(Array(5).fill(page('<p>drawn</p>')));
    expect(counter.calls).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, shared: 4, hitRate: 0.8 });
  });

  it('keeps no page that could not be drawn: every waiting request gets none, and the next one draws again', async () => {
    const cache = new PageCache(10_000, recordingLogger().logger);
    const { counter, draw } = render((call) => (call === 1 ? undefined : page('<p>drawn</p>')), 20);
    await expect(Promise.all([cache.page('1 /', draw), cache.page('1 /', draw)])).resolves.toEqual([undefined, undefined]);
    expect(cache.stats().entries).toBe(0);
    await expect(cache.page('1 /', draw)).resolves.toEqual(page('<p>drawn</p>'));
    expect(counter.calls).toBe(2);
  });

  it("keeps no error page (the page's data failed to load): it is sent, and the next request draws again", async () => {
    const cache = new PageCache(10_000, recordingLogger().logger);
    const { counter, draw } = render((call) => (call === 1 ? { status: 503, html: '<p>back soon</p>' } : page('<p>drawn</p>')));
    await expect(cache.page('1 /', draw)).resolves.toEqual({ status: 503, html: '<p>back soon</p>' });
    expect(cache.stats().entries).toBe(0);
    await expect(cache.page('1 /', draw)).resolves.toEqual(page('<p>drawn</p>'));
    await expect(cache.page('1 /', draw)).resolves.toEqual(page('<p>drawn</p>'));
    expect(counter.calls).toBe(2);
  });

  it('drops the least recently used pages beyond its size in bytes', async () => {
    const cache = new PageCache(10_000, recordingLogger().logger);
    const big = 'x'.repeat(9 * 1024 * 1024); // 18 MB as UTF-16: three fit in 64 MB
    const { counter, draw } = render(() => page(big));
    for (const path of ['/a', '/b', '/c', '/d']) await cache.page(path, draw);
    expect(cache.stats()).toMatchObject({ entries: 3 });
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    await cache.page('/a', draw); // the oldest: dropped, drawn again
    expect(counter.calls).toBe(5);
    await cache.page('/d', draw);
    expect(counter.calls).toBe(5);
  });

  it('drops the least recently used pages beyond its count', async () => {
    const cache = new PageCache(10_000, recordingLogger().logger);
    const { counter, draw } = render(() => page('<p/>'));
    for (let i = 0; i <= 2000; i++) await cache.page(`/products/p${i}`, draw);
    expect(cache.stats().entries).toBe(2000);
    await cache.page('/products/p2000', draw);
    expect(counter.calls).toBe(2001);
    await cache.page('/products/p0', draw);
    expect(counter.calls).toBe(2002);
  });

  it('with a TTL of 0 keeps nothing and draws every request', async () => {
    const cache = new PageCache(0, recordingLogger().logger);
    const { counter, draw } = render(() => page('<p/>'), 10);
    await Promise.all([cache.page('/', draw), cache.page('/', draw)]);
    expect(counter.calls).toBe(2);
    expect(cache.stats()).toMatchObject({ ttlMs: 0, hits: 0, misses: 2, shared: 0, hitRate: 0, entries: 0 });
  });

  it('logs the hit rate of each minute with traffic, and nothing for a quiet minute', async () => {
    const { lines, logger } = recordingLogger();
    const cache = new PageCache(10_000, logger);
    jest.useFakeTimers();
    try {
      cache.onApplicationBootstrap();
      const draw = async () => page('<p/>');
      await cache.page('/', draw);
      await cache.page('/', draw);
      jest.advanceTimersByTime(60_000);
      expect(lines).toEqual([{ pageCache: { hits: 1, misses: 1, shared: 0, hitRate: 0.5, entries: 1 } }]);
      jest.advanceTimersByTime(60_000);
      expect(lines).toHaveLength(1);
    } finally {
      cache.onApplicationShutdown();
      jest.useRealTimers();
    }
  });
});
