import { isSellingAt } from './offer';
import type { OfferState } from './offer-index';
import type { PharmRecord } from '../common/pharm-view';

/** The pharmacies as the offer index holds them, and what each sells now (from its offers). */
export class PharmSnapshot {
  readonly all: PharmRecord[];
  readonly byId: Map<number, PharmRecord>;
  readonly bySlug: Map<string, PharmRecord>;
  private sellersByTag = new Map<string, Set<number>>();
  private sellersKey = '';

  constructor(private readonly state: OfferState) {
    this.all = [...state.pharms.values()].flatMap((entry) => (entry.record ? [entry.record] : [])).sort((a, b) => a.id - b.id);
    this.byId = new Map(this.all.map((r) => [r.id, r]));
    this.bySlug = new Map(this.all.map((r) => [r.slug, r]));
  }

  /** Whether the pharmacy has a published offer, in stock at `nowMs`, of a product the catalogue still lists. */
  sellsSomething(pharmId: number, nowMs: number): boolean {
    const offers = this.state.pharms.get(pharmId)?.offers;
    if (!offers) return false;
    for (const offer of offers) if (isSellingAt(offer, nowMs)) return true;
    return false;
  }

  /**
   * Pharmacies selling a product with the catalogue tag `tag` at `nowMs`: worked out once per tag until the offers
   * change or the minute turns (an offer goes stale with no change of its own).
   */
  sellersOf(tag: string, nowMs: number): Set<number> {
    const key = `${this.state.version}:${Math.floor(nowMs / 60_000)}`;
    if (this.sellersKey !== key) {
      this.sellersByTag = new Map();
      this.sellersKey = key;
    }
    let sellers = this.sellersByTag.get(tag);
    if (!sellers) {
      sellers = new Set();
      for (const product of this.state.products.values()) {
        if (!product.facts?.tags.some((t) => t.slug === tag)) continue;
        for (const offer of product.offers) if (isSellingAt(offer, nowMs)) sellers.add(offer.pharm.id);
      }
      this.sellersByTag.set(tag, sellers);
    }
    return sellers;
  }
}
