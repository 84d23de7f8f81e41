import { isSelling, type OfferState } from '../pharm-products/offer-index';
import type { PharmRecord } from './pharm-view';

/** The pharmacies as the offer index holds them, and what each sells now (from its offers). */
export class PharmSnapshot {
  readonly all: PharmRecord[];
  readonly byId: Map<number, PharmRecord>;
  readonly bySlug: Map<string, PharmRecord>;
  private sellersByTag = new Map<string, Set<number>>();
  private sellersVersion = -1;

  constructor(private readonly state: OfferState) {
    this.all = [...state.pharms.values()].flatMap((entry) => (entry.record ? [entry.record] : [])).sort((a, b) => a.id - b.id);
    this.byId = new Map(this.all.map((r) => [r.id, r]));
    this.bySlug = new Map(this.all.map((r) => [r.slug, r]));
  }

  /** Whether the pharmacy has a published, in-stock offer of a product the catalogue still lists. */
  sellsSomething(pharmId: number): boolean {
    const offers = this.state.pharms.get(pharmId)?.offers;
    if (!offers) return false;
    for (const offer of offers) if (isSelling(offer)) return true;
    return false;
  }

  /** Pharmacies selling a product with the catalogue tag `tag` (worked out once per tag until the offers change). */
  sellersOf(tag: string): Set<number> {
    if (this.sellersVersion !== this.state.version) {
      this.sellersByTag = new Map();
      this.sellersVersion = this.state.version;
    }
    let sellers = this.sellersByTag.get(tag);
    if (!sellers) {
      sellers = new Set();
      for (const product of this.state.products.values()) {
        if (!product.facts?.tags.some((t) => t.slug === tag)) continue;
        for (const offer of product.offers) if (isSelling(offer)) sellers.add(offer.pharm.id);
      }
      this.sellersByTag.set(tag, sellers);
    }
    return sellers;
  }
}
