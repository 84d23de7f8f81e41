import { randomInt } from 'node:crypto';
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_PATTERN, DISCOUNT_AMOUNT_TYPES, DISCOUNT_TYPES, type DiscountTerms } from '@mc/contracts';
import type { discounts } from '../db/schema';

export type DiscountRow = typeof discounts.$inferSelect;

/** A discount counts now when it is published and now is within its dates (both ends included). */
export function isDiscountActive(discount: Pick<DiscountRow, 'published' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  const at = now.getTime();
  return discount.published && discount.startsAt.getTime() <= at && at <= discount.endsAt.getTime();
}

/** The terms of a discount as the price rule takes them; `pharmProductIds` only for one limited to some offers. */
export function toTerms(discount: Pick<DiscountRow, 'code' | 'name' | 'type' | 'amountType' | 'amount' | 'allowMultiple'>, pharmProductIds: number[]): DiscountTerms {
  return {
    code: discount.code,
    name: discount.name,
    type: discount.type,
    amountType: discount.amountType,
    amount: discount.amount,
    allowMultiple: discount.type === 'all-products' && discount.allowMultiple,
    // An all-products discount covers every offer; any other covers its offers, a coupon without offers every offer.
    pharmProductIds: discount.type === 'all-products' || (discount.type === 'coupon' && !pharmProductIds.length) ? null : [...pharmProductIds].sort((a, b) => a - b),
  };
}

/** A discount as a writer receives it (the seed; the back office next): amount in percent or agorot. */
export interface DiscountInput {
  code: string;
  name: string;
  type: DiscountRow['type'];
  amountType: DiscountRow['amountType'];
  amount: number;
  published: boolean;
  allowMultiple: boolean;
  newCustomersOnly: boolean;
  startsAt: Date;
  endsAt: Date;
  /** The offers (by product slug, of the same pharmacy) it applies to. */
  productSlugs: string[];
}

/** The rules of back-office.md §5 a stored discount keeps (the database's checks say the same). */
export function discountInputError(input: DiscountInput): string | null {
  if (!COUPON_CODE_PATTERN.test(input.code) || input.code.length > COUPON_CODE_MAX_LENGTH) return 'bad code';
  if (!input.name.trim()) return 'name required';
  if (!DISCOUNT_TYPES.includes(input.type) || !DISCOUNT_AMOUNT_TYPES.includes(input.amountType)) return 'bad type';
  if (!Number.isInteger(input.amount) || input.amount < 1 || (input.amountType === 'percent' && input.amount > 100)) return 'bad amount';
  if (input.amountType === 'price' && input.type !== 'coupon') return 'a price amount is for coupons only';
  if ((input.type === 'specific-products' || input.amountType === 'price') && !input.productSlugs.length) return 'products required';
  if (input.type === 'all-products' && input.productSlugs.length) return 'an all-products discount names no products';
  if (input.allowMultiple && input.type !== 'all-products') return 'only all-products discounts stack';
  if (input.newCustomersOnly && input.type !== 'coupon') return 'new customers only is for coupons';
  if (Number.isNaN(input.startsAt.getTime()) || Number.isNaN(input.endsAt.getTime()) || input.startsAt > input.endsAt) return 'bad dates';
  return null;
}

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * back-office.md §9's new discount: all-products, 10 percent, published, from now to one month ahead, code 'EASY_'
 * and 8 random uppercase letters or digits (`pick(n)` draws 0…n−1; the crypto generator unless a test gives one).
 */
export function defaultDiscount(now: Date, pick: (n: number) => number = randomInt): DiscountInput {
  const endsAt = new Date(now);
  endsAt.setUTCMonth(endsAt.getUTCMonth() + 1);
  const code = `EASY_${Array.from({ length: 8 }, () => CODE_ALPHABET[pick(CODE_ALPHABET.length)]).join('')}`;
  return {
    code, name: '', type: 'all-products', amountType: 'percent', amount: 10, published: true, allowMultiple: false, newCustomersOnly: false,
    startsAt: new Date(now), endsAt, productSlugs: [],
  };
}
