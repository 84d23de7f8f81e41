import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_PATTERN } from './coupon';
import { DISCOUNT_AMOUNT_TYPES, DISCOUNT_TYPES, type DiscountAmountType, type DiscountType } from './discounts';
import { Filled, INT4_MAX, MatchesIfFilled, NoControlChars, ToOptionalNumber, Trim } from '../forms/decorators';
import { Messages } from '../messages';
import { BusinessRequest, BusinessSlug } from '../business/common';
import { BusinessMessages } from '../business/messages';

const invalid = { message: Messages.badRequest };
/** Spec §9: the smallest discount amount. */
export const MIN_DISCOUNT_AMOUNT = 1;
export const MAX_DISCOUNT_PRODUCTS = 500;
/** The largest fixed discount or price, in shekels (a price is an offer's; above it no amount makes sense). */
export const MAX_DISCOUNT_SHEKELS = 100_000;

/** The discounts' own answers beyond spec §5 (each page keeps its words beside it). */
export const DiscountMessages = {
  notFound: 'ההנחה לא נמצאה',
  /** An offer id that is not one of this pharmacy's offers. */
  productNotOffered: 'המוצר לא נמצא בבית המרקחת',
  /** A coupon-type discount created or changed while coupons are switched off (FEATURE_COUPONS). */
  couponsOff: 'קופונים אינם זמינים כעת',
  /** Percent discounts are whole percents (the stored amount and the price rule count whole percents). */
  wholePercent: 'יש להזין אחוז שלם',
} as const;

/** Spec §3 Discount in the back office; amounts in percent or shekels, dates ISO. */
export interface BusinessDiscount {
  code: string;
  name: string;
  type: DiscountType;
  amount: number;
  amountType: DiscountAmountType;
  published: boolean;
  allowMultiple: boolean;
  newCustomersOnly: boolean;
  startDate: string;
  endDate: string;
  pharmProducts: DiscountProductOption[];
}

/** An offer of the pharmacy as the discount's product picker shows it (spec: id plus originalPrice). */
export interface DiscountProductOption {
  id: number;
  name: string;
  /** The offer's price before any discount, shekels. */
  originalPrice: number;
}

/** `GET …/discounts?page` (`pharm.business.discounts`). */
export interface BusinessDiscountsPage {
  discounts: BusinessDiscount[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** `GET …/discount-product-options?page&search` (`pharm.business.discount-product-options`). */
export interface DiscountProductOptionsPage {
  pharmProducts: DiscountProductOption[];
  total: number;
  perPage: number;
  currentPage: number;
}

// Spec §4's validity badge: `discountValidityBadge` (rules/expiry.ts).

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Spec §9: 'EASY_' plus 8 random uppercase letters and digits. `random` returns [0, 1). */
export function defaultDiscountCode(random: () => number = Math.random): string {
  let code = 'EASY_';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
  return code;
}

const needsProducts = (o: DiscountFields) => o.type === 'specific-products' || o.amountType === 'price';

/** A rule on the value and its whole form (class-validator's `ValidateIf` would switch off every check of the property). */
function Rule(validate: (value: unknown, form: DiscountFields) => boolean, message: string): PropertyDecorator {
  return ValidateBy({ name: 'discountRule', validator: { validate: (value, args) => validate(value, args?.object as DiscountFields) } }, { message });
}

const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/**
 * The discount form and payload (spec §5), shared by the web form and pharm. Amounts in percent or shekels.
 * `allowMultiple` counts for all-products only and `newCustomersOnly` for coupons only: pharm stores false otherwise.
 * Every code (it names the discount in URLs) has a coupon code's shape.
 */
export class DiscountFields {
  @Trim() @Filled(BusinessMessages.discountNameRequired) @MaxLength(100, invalid) @NoControlChars(Messages.badRequest)
  name: string;

  @Trim()
  @Rule((v, o) => o?.type === 'coupon' || (typeof v === 'string' && v.trim() !== ''), BusinessMessages.required)
  @Rule((v, o) => o?.type !== 'coupon' || (typeof v === 'string' && v.trim() !== ''), BusinessMessages.couponCodeRequired)
  @MatchesIfFilled(COUPON_CODE_PATTERN, BusinessMessages.couponCodeInvalid)
  @MaxLength(COUPON_CODE_MAX_LENGTH, invalid)
  code: string;

  @IsIn(DISCOUNT_TYPES as unknown as string[], invalid)
  type: DiscountType;

  /** `price` only for coupons (spec §5). */
  @IsIn(DISCOUNT_AMOUNT_TYPES as unknown as string[], invalid)
  @Rule((v, o) => v !== 'price' || o?.type === 'coupon', Messages.badRequest)
  amountType: DiscountAmountType;

  @ToOptionalNumber()
  @Rule((v, o) => o?.amountType === 'price' || (v !== undefined && v !== null), BusinessMessages.discountAmountRequired)
  @Rule((v, o) => o?.amountType !== 'price' || (v !== undefined && v !== null), BusinessMessages.discountPriceRequired)
  @Rule((v) => v === undefined || v === null || (isAmount(v) && v >= MIN_DISCOUNT_AMOUNT), BusinessMessages.amountTooSmall)
  @Rule((v) => !isAmount(v) || twoDecimals(v), Messages.badRequest)
  @Rule((v, o) => !isAmount(v) || o?.amountType !== 'percent' || v <= 100, Messages.badRequest)
  @Rule((v, o) => !isAmount(v) || o?.amountType !== 'percent' || Number.isInteger(v), DiscountMessages.wholePercent)
  @Rule((v, o) => !isAmount(v) || o?.amountType === 'percent' || v <= MAX_DISCOUNT_SHEKELS, Messages.badRequest)
  amount: number;

  @IsBoolean(invalid)
  published: boolean;

  @IsBoolean(invalid)
  allowMultiple: boolean;

  @IsBoolean(invalid)
  newCustomersOnly: boolean;

  @IsISO8601({ strict: true }, { message: BusinessMessages.startDateRequired })
  startDate: string;

  @IsISO8601({ strict: true }, { message: BusinessMessages.endDateRequired })
  @Rule((v, o) => typeof v !== 'string' || typeof o?.startDate !== 'string' || !(Date.parse(v) < Date.parse(o.startDate)), BusinessMessages.endBeforeStart)
  endDate: string;

  /** Offer ids; required (at least one) for specific-products and for price-type amounts. */
  @Rule((v, o) => !needsProducts(o) || (Array.isArray(v) && v.length > 0), BusinessMessages.required)
  @IsArray(invalid) @ArrayMaxSize(MAX_DISCOUNT_PRODUCTS, invalid)
  @IsInt({ each: true, ...invalid }) @Min(1, { each: true, ...invalid }) @Max(INT4_MAX, { each: true, ...invalid })
  pharmProductIds: number[];
}

/** `POST …/discounts` (`pharm.business.discount-create`); 409 `codeTaken` when the code is in use anywhere. */
export class DiscountCreateCommand extends DiscountFields {
  @BusinessSlug()
  businessId: string;
}

/** `PATCH …/discounts/{code}` (`pharm.business.discount-update`): `currentCode` names it; the body may change the code too. */
export class DiscountUpdateCommand extends DiscountCreateCommand {
  @IsString(invalid) @MaxLength(COUPON_CODE_MAX_LENGTH, invalid)
  currentCode: string;
}

/** `GET|DELETE …/discounts/{code}` (`pharm.business.discount-get|remove`). */
export class DiscountCodeRequest extends BusinessRequest {
  @IsString(invalid) @MaxLength(COUPON_CODE_MAX_LENGTH, invalid)
  code: string;
}
