import { isSellingAt } from './offer';
import type { OfferState } from './offer-index';
import { listRanks, type PharmRecord } from '../common/pharm-view';

/** The pharmacies as the offer index holds them, and what each sells now (from its offers). */
export class PharmSnapshot {
  readonly all: PharmRecord[];
  readonly byId: Map<number, PharmRecord>;
  readonly bySlug: Map<string, PharmRecord>;
  /** Each pharmacy's place in the list's order after its per-request keys (`arrangePharms`). */
  readonly ranks: ReadonlyMap<PharmRecord, number>;
  private sellersByTag = new Map<string, Set<number>>();
  private sellersKey = '';

  constructor(private readonly state: OfferState) {
    this.all = [...state.pharms.values()].flatMap((entry) => (entry.record ? [entry.record] : [])).sort((a, b) => a.id - b.id);
    this.byId = new Map(this.all.map((r) => [r.id, r]));
    this.bySlug = new Map(this.all.map((r) => [r.slug, r]));
    this.ranks = listRanks(this.all);
  }

  /** Whether the pharmacy has a published offer, in stock at `nowMs`, of a product the catalogue still lists. */
  sellsSomething(pharmId: number, nowMs: number): boolean {
    const offers = this.state.pharms.get(pharmId)?.offers;
    if (!offers) return false;
    for (const offer of offers) if (isSellingAt(offer, nowMs)) return true;
    return false;
  }

  /**
   * Pharmacies selling a product with the catalogue tag `tag` at `nowMs`: worked out for every tag in one pass over the
   * products until the offers change or the minute turns (an offer goes stale with no change of its own). One pass
   * per tag asked read every product each time: 7% of pharm's CPU when visitors open many tags.
   */
  sellersOf(tag: string, nowMs: number): ReadonlySet<number> {
    const key = `${this.state.version}:${Math.floor(nowMs / 60_000)}`;
    if (this.sellersKey !== key) {
      this.sellersByTag = new Map();
      for (const product of this.state.products.values()) {
        if (!product.facts?.tags.length) continue;
        let sellers: number[] | undefined;
        for (const offer of product.offers) if (isSellingAt(offer, nowMs)) (sellers ??= []).push(offer.pharm.id);
        if (!sellers) continue;
        for (const { slug } of product.facts.tags) {
          let ofTag = this.sellersByTag.get(slug);
          if (!ofTag) this.sellersByTag.set(slug, (ofTag = new Set()));
          for (const id of sellers) ofTag.add(id);
        }
      }
      this.sellersKey = key;
    }
    return this.sellersByTag.get(tag) ?? NONE;
  }
}

const NONE: ReadonlySet<number> = new Set();
