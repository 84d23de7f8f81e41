import { parseDosage } from './dosage';
import { agorotToShekels, formatShekels } from './money';

/** A product's pack, as the catalogue gives it (`sizeQuantity` of `sizeUnit`). */
export interface PackSize {
  sizeQuantity: number | null;
  sizeUnit: string | null;
}

/** Prices per unit of a pack, in agorot (rounded to the agora); null where the pack does not say enough. */
export interface UnitPrices {
  perGram: number | null;
  per100mgThc: number | null;
}

/** Spellings of "gram" the catalogue uses or may use ('גרם' in the seed), trimmed and in lower case. */
export const GRAM_UNITS: readonly string[] = ['גרם', 'ג', "ג'", 'ג׳', 'גר', "גר'", 'גר׳', 'g', 'gr', 'gram', 'grams'];
const GRAMS = new Set(GRAM_UNITS);

/**
 * The pack's weight in grams, or null when it is not given in grams. A pack in millilitres (oils) is null on
 * purpose: an oil's T/C figures are a concentration whose basis (percent of weight or mg per ml) the catalogue
 * does not record, and an oil's density is not 1, so neither a per-gram nor a per-THC price would be honest.
 */
export function packGrams({ sizeQuantity, sizeUnit }: PackSize): number | null {
  if (sizeQuantity === null || !Number.isFinite(sizeQuantity) || sizeQuantity <= 0 || sizeUnit === null) return null;
  return GRAMS.has(sizeUnit.trim().toLowerCase()) ? sizeQuantity : null;
}

/**
 * The price of a gram and of 100 mg THC of a pack costing `price` agorot. The THC of a pack is
 * grams × 1000 × THC% ÷ 100 mg, from the T{n}/C{n} dosage; a dosage of T0 has no THC to price.
 */
export function unitPrices(price: number, size: PackSize, dosage: string | null): UnitPrices {
  const grams = packGrams(size);
  if (grams === null || !Number.isFinite(price) || price < 0) return { perGram: null, per100mgThc: null };
  const thc = dosage ? parseDosage(dosage)?.thc ?? 0 : 0;
  const thcMg = (grams * 1000 * thc) / 100;
  return {
    perGram: Math.round(price / grams),
    per100mgThc: thcMg > 0 ? Math.round((price / thcMg) * 100) : null,
  };
}

/** What the price order compares: the pack price in agorot and, when known, the price of a gram. */
export interface PriceOrderKey {
  price: number;
  perGram: number | null;
}

/**
 * The "price" sort where pack sizes differ: offers with a known price per gram first, the cheaper gram first;
 * then the others by their pack price (a pack price cannot be set against a gram's); ties by the pack price.
 */
export function comparePriceOrder(a: PriceOrderKey, b: PriceOrderKey): number {
  if (a.perGram !== null && b.perGram !== null) return a.perGram - b.perGram || a.price - b.price;
  if (a.perGram !== null) return -1;
  if (b.perGram !== null) return 1;
  return a.price - b.price;
}

/** '₪14.20 לגרם' (agorot in). */
export const formatPerGram = (agorot: number): string => `${formatShekels(agorotToShekels(agorot))} לגרם`;

/** '₪7.10 ל־100 מ״ג THC' (agorot in). */
export const formatPer100mgThc = (agorot: number): string => `${formatShekels(agorotToShekels(agorot))} ל־100 מ״ג THC`;
