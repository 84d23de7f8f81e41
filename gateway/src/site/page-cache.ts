import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { PageCacheStats } from '@mc/contracts';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';

export interface WebPage {
  status: number;
  html: string;
}

/** Draws a page; undefined when it could not be drawn (such an answer is not kept). */
export type DrawPage = () => Promise<WebPage | undefined>;

/** At most this many pages, and this much memory (UTF-16: two bytes a character), are kept. */
const MAX_PAGES = 2000;
const MAX_BYTES = 64 * 1024 * 1024;
const LOG_EVERY_MS = 60_000;

type Counts = Pick<PageCacheStats, 'hits' | 'misses' | 'shared'>;

const hitRate = ({ hits, misses, shared }: Counts): number => {
  const total = hits + misses + shared;
  return total ? Math.round(((hits + shared) / total) * 1000) / 1000 : 0;
};

/**
 * Server-drawn pages kept for `ttlMs` by their key, which must name everything the page is drawn from (the render
 * is anonymous: its address and the web build). Concurrent requests of a page share one render; a page that could
 * not be drawn, or was drawn as the error page (status 5xx), is not kept. With `ttlMs` 0 every request draws its page. Logs the hit rate of each minute with traffic.
 */
export class PageCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly pages?: LRUCache<string, WebPage, DrawPage>;
  private readonly counts: Counts = { hits: 0, misses: 0, shared: 0 };
  private lastLogged: Counts = { ...this.counts };
  private logTimer?: NodeJS.Timeout;

  constructor(private readonly ttlMs: number, private readonly logger: Logger) {
    if (ttlMs > 0) {
      this.pages = new LRUCache<string, WebPage, DrawPage>({
        max: MAX_PAGES,
        maxSize: MAX_BYTES,
        sizeCalculation: (page, key) => (page.html.length + key.length) * 2,
        ttl: ttlMs,
        // A render pushed out by newer pages while it runs still answers the requests waiting for it.
        ignoreFetchAbort: true,
        fetchMethod: (_key, _stale, { context: draw }) => draw(),
      });
    }
  }

  async page(key: string, draw: DrawPage): Promise<WebPage | undefined> {
    if (!this.pages) {
      this.counts.misses++;
      return draw();
    }
    const status: LRUCache.Status<string, WebPage, DrawPage> = {};
    const fetched = this.pages.fetch(key, { context: draw, status });
    if (status.fetch === 'hit') this.counts.hits++;
    else if (status.fetch === 'inflight') this.counts.shared++;
    else this.counts.misses++;
    const page = await fetched;
    // An error page (the page's data failed to load) is sent, not kept: the next visitor gets another try.
    if (page && page.status >= 500 && this.pages.get(key) === page) this.pages.delete(key);
    return page;
  }

  stats(): PageCacheStats {
    this.pages?.purgeStale();
    return {
      ttlMs: this.ttlMs, ...this.counts, hitRate: hitRate(this.counts), entries: this.pages?.size ?? 0, bytes: this.pages?.calculatedSize ?? 0,
    };
  }

  onApplicationBootstrap(): void {
    this.logTimer = setInterval(() => this.logLastMinute(), LOG_EVERY_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.logTimer);
  }

  private logLastMinute(): void {
    const { hits, misses, shared } = this.counts;
    const minute = { hits: hits - this.lastLogged.hits, misses: misses - this.lastLogged.misses, shared: shared - this.lastLogged.shared };
    this.lastLogged = { ...this.counts };
    if (minute.hits + minute.misses + minute.shared === 0) return;
    this.logger.info({ pageCache: { ...minute, hitRate: hitRate(minute), entries: this.pages?.size ?? 0 } }, 'page cache: hit rate of the last minute');
  }
}
