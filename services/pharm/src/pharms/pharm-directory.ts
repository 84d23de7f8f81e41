import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@mc/kit';
import { directoryFingerprint, loadAllPharmRecords, loadProductTags, loadSelling } from './pharm-records';
import type { PharmRecord } from './pharm-view';

/** A consistent copy of the pharmacies and of what each sells. */
export class PharmSnapshot {
  readonly byId: Map<number, PharmRecord>;
  readonly bySlug: Map<string, PharmRecord>;
  private readonly sellersByTag = new Map<string, Set<number>>();

  constructor(
    readonly all: PharmRecord[],
    /** Product slugs each pharmacy sells now (published, in stock, still in the catalogue). */
    private readonly selling: Map<number, Set<string>>,
    private readonly productTags: Map<string, string[]>,
  ) {
    this.byId = new Map(all.map((r) => [r.id, r]));
    this.bySlug = new Map(all.map((r) => [r.slug, r]));
  }

  sellsSomething(pharmId: number): boolean {
    return (this.selling.get(pharmId)?.size ?? 0) > 0;
  }

  /** Pharmacies selling a product with the catalogue tag `tag` (worked out once per tag and snapshot). */
  sellersOf(tag: string): Set<number> {
    let sellers = this.sellersByTag.get(tag);
    if (!sellers) {
      const tagged = new Set([...this.productTags].filter(([, tags]) => tags.includes(tag)).map(([slug]) => slug));
      sellers = new Set([...this.selling].filter(([, slugs]) => [...tagged].some((slug) => slugs.has(slug))).map(([id]) => id));
      this.sellersByTag.set(tag, sellers);
    }
    return sellers;
  }
}

/** How long a copy serves reads before the database is asked whether it changed. */
export const DIRECTORY_TTL_MS = 1000;

/**
 * The pharmacies (a few hundred rows that change rarely) and what each sells, kept in memory: every
 * list, comparison and offer page needs their profile, hours and tags, and loading them per request was
 * most of the pharmacy list's time. Writes in this process invalidate it at once; another copy of the
 * service sees a change within DIRECTORY_TTL_MS (a cheap fingerprint query tells whether to reload).
 * Concurrent readers share one load.
 */
@Injectable()
export class PharmDirectory {
  private cached?: { checkedAt: number; fingerprint: string; snapshot: PharmSnapshot };
  private loading?: Promise<PharmSnapshot>;
  private generation = 0;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async snapshot(): Promise<PharmSnapshot> {
    if (this.cached && Date.now() - this.cached.checkedAt < DIRECTORY_TTL_MS) return this.cached.snapshot;
    this.loading ??= this.refresh();
    return this.loading;
  }

  async bySlug(slug: string): Promise<PharmRecord | undefined> {
    return (await this.snapshot()).bySlug.get(slug);
  }

  /** After a write: the next read loads afresh (a load already running may predate the write, so it is not reused). */
  invalidate(): void {
    this.generation++;
    this.cached = undefined;
    this.loading = undefined;
  }

  private async refresh(): Promise<PharmSnapshot> {
    const generation = this.generation;
    const started = Date.now();
    try {
      const fingerprint = await directoryFingerprint(this.db);
      let snapshot = this.cached?.fingerprint === fingerprint ? this.cached.snapshot : undefined;
      if (!snapshot) {
        const [all, selling, productTags] = await Promise.all([loadAllPharmRecords(this.db), loadSelling(this.db), loadProductTags(this.db)]);
        snapshot = new PharmSnapshot(all, selling, productTags);
      }
      if (generation === this.generation) this.cached = { checkedAt: started, fingerprint, snapshot };
      return snapshot;
    } finally {
      if (generation === this.generation) this.loading = undefined;
    }
  }
}
