import type { OfferRow } from './offer-view';

// An offer's own fields as writers give them, the rules they are stored by, and whether a row differs from them.

/** One offer as a writer receives it: money in agorot. */
export interface OfferInput {
  /** The id to give a new offer when it is free (the seed's stable ids); otherwise the next one. */
  id?: number;
  productSlug: string;
  price: number;
  /** Above `price` when discounted; anything else is stored as no discount. */
  originalPrice: number | null;
  inStock: boolean;
  amount: number | null;
  /** Orders never lower its amount. */
  alwaysInStock: boolean;
  published: boolean;
  expiresAt: Date | null;
  isPopular: boolean;
  isNew: boolean;
  isPromoted: boolean;
  /** Price and stock come from the partner feed (the back office may not change them). */
  isYarpaLocked: boolean;
}

export type OfferFields = Omit<OfferInput, 'id' | 'productSlug'>;

export const MAX_AGOROT = 10_000_000;

export const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export function fieldsOf(input: OfferFields): OfferFields {
  const originalPrice = input.originalPrice !== null && input.originalPrice > input.price ? input.originalPrice : null;
  return {
    price: input.price, originalPrice, inStock: input.inStock, amount: input.amount, alwaysInStock: input.alwaysInStock, published: input.published,
    expiresAt: input.expiresAt, isPopular: input.isPopular, isNew: input.isNew, isPromoted: input.isPromoted, isYarpaLocked: input.isYarpaLocked,
  };
}

export function differs(row: OfferRow, next: OfferFields): boolean {
  return row.price !== next.price || row.originalPrice !== next.originalPrice || row.inStock !== next.inStock
    || row.amount !== next.amount || row.alwaysInStock !== next.alwaysInStock || row.published !== next.published || !sameTime(row.expiresAt, next.expiresAt)
    || row.isPopular !== next.isPopular || row.isNew !== next.isNew || row.isPromoted !== next.isPromoted || row.isYarpaLocked !== next.isYarpaLocked;
}

export function assertValidOffer(input: OfferInput): void {
  const money = (v: number) => Number.isInteger(v) && v >= 0 && v <= MAX_AGOROT;
  if (!money(input.price) || (input.originalPrice !== null && !money(input.originalPrice))) {
    throw new Error(`offer of ${input.productSlug}: prices must be whole agorot between 0 and ${MAX_AGOROT}`);
  }
  if (input.amount !== null && (!Number.isInteger(input.amount) || input.amount < 0)) throw new Error(`offer of ${input.productSlug}: bad amount`);
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw new Error(`offer of ${input.productSlug}: bad expiry`);
}
