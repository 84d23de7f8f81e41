import { IsString, MaxLength } from 'class-validator';
import { Messages } from '../messages';
import { Filled, MatchesIfFilled } from '../forms/decorators';
import type { DiscountAmountType } from './discounts';

/** Spec 5: English letters, digits or underscore only. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_]+$/;
export const COUPON_CODE_MAX_LENGTH = 40;
/** Coupons one checkout may carry (one per pharmacy in practice). */
export const MAX_COUPONS = 10;

/** `POST /api/checkout/coupon` and `order.checkout.coupon`. */
export class CouponDto {
  @Filled(Messages.couponRequired)
  @MatchesIfFilled(COUPON_CODE_PATTERN, Messages.couponPattern)
  @MaxLength(COUPON_CODE_MAX_LENGTH, { message: Messages.couponPattern })
  couponCode: string;
}

export const COUPON_STATUSES = ['VALID', 'ALREADY_USED', 'EXPIRED', 'NOT_FOUND', 'NOT_ALLOWED'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** Spec 8: what the coupon box says for each status (cleared after 10 s). */
export const COUPON_STATUS_MESSAGES: Record<CouponStatus, string> = {
  VALID: Messages.couponValid,
  ALREADY_USED: Messages.couponAlreadyUsed,
  EXPIRED: Messages.couponExpired,
  NOT_FOUND: Messages.couponNotFound,
  NOT_ALLOWED: Messages.couponNewCustomersOnly,
};

/** The coupon box's message timer (spec 9). */
export const COUPON_MESSAGE_MS = 10_000;

/** Spec 3's coupon: validationStatus, and for a known coupon its pharmacy and discount (amount in shekels, or percent). */
export interface CouponValidation {
  validationStatus: CouponStatus;
  message: string;
  pharm?: { slug: string; name: string };
  pharmDiscount?: { code: string; name: string; amountType: DiscountAmountType; amount: number };
}

/** Whether `code` can be a coupon's code at all (pattern and length). */
export const isCouponCode = (code: string): boolean => COUPON_CODE_PATTERN.test(code) && code.length <= COUPON_CODE_MAX_LENGTH;

/** The spec 5 rules the web checks before asking: the code's pattern and not already applied (case-insensitive). */
export function couponInputError(code: string, applied: readonly string[]): string | null {
  const trimmed = code.trim();
  if (!trimmed) return Messages.couponRequired;
  if (!isCouponCode(trimmed)) return Messages.couponPattern;
  if (applied.some((c) => c.toUpperCase() === trimmed.toUpperCase())) return Messages.couponAlreadyApplied;
  return null;
}

/** `pharm.coupon.get`: a published coupon by code (any case), for order to judge (`CouponRecord`, or 404). */
export class CouponGetRequest {
  @IsString()
  @MaxLength(COUPON_CODE_MAX_LENGTH)
  code: string;
}

/** A coupon as pharm keeps it (amount: percent, or agorot). Order decides the status from it and its own orders. */
export interface CouponRecord {
  pharmSlug: string;
  pharmName: string;
  code: string;
  name: string;
  amountType: DiscountAmountType;
  amount: number;
  newCustomersOnly: boolean;
  startsAt: string;
  endsAt: string;
}
