import { Inject, Injectable } from '@nestjs/common';
import { ProductIndex } from './product-index';

/** Most answers kept; a product list page is about 25 kB, so this stays in the tens of megabytes. */
const MAX_ENTRIES = 1000;
/** An answer is recomputed at least this often (the default order fades freshness with time). */
const MAX_AGE_MS = 60_000;

interface Entry {
  version: number;
  at: number;
  value: Promise<unknown>;
}

/**
 * Answers of reads, kept while nothing has changed: the version is the product index's, which grows whenever the
 * schema's change feed brings a change (every catalog table an answer is drawn from has a trigger that notes its
 * changed rows, so no writer has to remember anything). An answer is as fresh as the index: this process's own
 * commits at once, another copy's after its notification. A read racing a change may store newer data under the
 * older version, which the next read simply recomputes. Concurrent misses of one key share one computation.
 */
@Injectable()
export class ReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(@Inject(ProductIndex) private readonly index: ProductIndex) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = await this.index.version();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && now - hit.at < MAX_AGE_MS) {
      // Re-inserted: the Map's order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = compute();
    this.entries.set(key, { version, at: now, value });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // A failed answer is not kept: the next read tries again.
    value.catch(() => { if (this.entries.get(key)?.value === value) this.entries.delete(key); });
    return value;
  }
}
