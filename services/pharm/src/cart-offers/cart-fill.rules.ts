import { CART_MAX_PER_PRODUCT, type CookieCartItem } from '@mc/contracts';
import { isSellingAt, type Offer, type PharmEntry, type ProductEntry } from '../offers/offer';
import type { OfferState } from '../offers/offer-index';

/** A cart line and what fills it: its own product, or (with a family and a T/C dosage) any product of both. */
interface Wanted {
  item: CookieCartItem;
  product: ProductEntry;
  family: string | null;
  dosage: string | null;
}

/** One pharmacy's offer for each line of the cart, in the cart's order. */
export interface Filling {
  pharm: PharmEntry;
  /** By line: the offer, whether it is the line's own product, and its unit price (agorot; the list price here). */
  picks: { item: CookieCartItem; offer: Offer; sameProduct: boolean; unitPrice: number }[];
  /** Agorot: the lines at their unit prices. */
  itemsTotal: number;
  itemsCount: number;
  /** Every line is already this pharmacy's own offer. */
  isCurrent: boolean;
}

/** Which of two offers fills a line better: its own product first, then the lower price, then the older offer. */
function better(a: { offer: Offer; sameProduct: boolean }, b: { offer: Offer; sameProduct: boolean }): boolean {
  if (a.sameProduct !== b.sameProduct) return a.sameProduct;
  if (a.offer.price !== b.offer.price) return a.offer.price < b.offer.price;
  return a.offer.id < b.offer.id;
}

/**
 * The pharmacies that sell (published, in stock at `nowMs`) every line of the cart: the line's product itself, or a product of
 * the same family at the same T/C dosage. A line whose offer the index no longer knows (or whose product is gone)
 * cannot be matched, so no pharmacy fills that cart. A pharmacy whose one offer fills two lines for more than 10 units
 * together would break the cart's limit, so it does not fill the cart. Unordered.
 */
export function fillings(state: OfferState, items: readonly CookieCartItem[], nowMs: number): Filling[] {
  if (!items.length) return [];
  const wanted: Wanted[] = [];
  for (const item of items) {
    const product = state.offers.get(item.pharmProductId)?.product;
    const facts = product?.facts;
    if (!product || !facts || facts.deleted) return [];
    wanted.push({ item, product, family: facts.family, dosage: facts.dosage });
  }

  // Per pharmacy, per line, the best offer so far: one pass over the catalogue's products.
  const best = new Map<PharmEntry, ({ offer: Offer; sameProduct: boolean } | undefined)[]>();
  for (const product of state.products.values()) {
    const facts = product.facts;
    if (!facts || facts.deleted) continue;
    const lines: { index: number; sameProduct: boolean }[] = [];
    wanted.forEach((w, index) => {
      if (w.product === product) lines.push({ index, sameProduct: true });
      else if (w.family !== null && w.dosage !== null && facts.family === w.family && facts.dosage === w.dosage) lines.push({ index, sameProduct: false });
    });
    if (!lines.length) continue;
    for (const offer of product.offers) {
      if (!isSellingAt(offer, nowMs)) continue;
      let picks = best.get(offer.pharm);
      if (!picks) best.set(offer.pharm, (picks = new Array(wanted.length).fill(undefined)));
      for (const { index, sameProduct } of lines) {
        const candidate = { offer, sameProduct };
        const current = picks[index];
        if (!current || better(candidate, current)) picks[index] = candidate;
      }
    }
  }

  const answer: Filling[] = [];
  for (const [pharm, picks] of best) {
    if (picks.some((p) => !p)) continue;
    const perOffer = new Map<number, number>();
    picks.forEach((p, i) => perOffer.set(p!.offer.id, (perOffer.get(p!.offer.id) ?? 0) + wanted[i].item.amount));
    if ([...perOffer.values()].some((amount) => amount > CART_MAX_PER_PRODUCT)) continue;
    const full = picks.map((p, i) => ({ item: wanted[i].item, offer: p!.offer, sameProduct: p!.sameProduct, unitPrice: p!.offer.price }));
    answer.push({
      pharm,
      picks: full,
      itemsTotal: linesTotal(full),
      itemsCount: full.reduce((sum, p) => sum + p.item.amount, 0),
      isCurrent: full.every((p) => p.offer.id === p.item.pharmProductId),
    });
  }
  return answer;
}

/** What the lines come to at their unit prices (agorot). */
export const linesTotal = (picks: Filling['picks']): number => picks.reduce((sum, p) => sum + p.unitPrice * p.item.amount, 0);
