import { IsBoolean, IsInt, IsISO8601, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from 'class-validator';
import { SLUG_PATTERN } from '../catalog/product';
import { INT4_MAX, IntInRange, ToOptionalNumber } from '../forms/decorators';
import { Messages } from '../messages';
import { BusinessRequest, BusinessSlug, NestedList } from '../business/common';
import { BusinessMessages } from '../business/messages';

const invalid = { message: Messages.badRequest };
const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };
export const MAX_OFFER_SHEKELS = 100_000;
export const MAX_STOCK_AMOUNT = 1_000_000;
// The expiry badge: `productExpiryBadge` (rules/expiry.ts).
/** Spec §9: a bumped product is highlighted this long in the list. */
export const BUMP_HIGHLIGHT_MS = 10_000;

/** Spec §3 Product, as the back office's picker and rows show it. */
export interface BusinessProductInfo {
  slug: string;
  name: string;
  shortName: string | null;
  imageUrl: string | null;
  /** The catalogue price in shekels (what a price of 0 means), null when the catalogue has none. */
  estimatedPrice: number | null;
  /** The licensed-data partner's id of the product, or null when the partner has none (its feed names products by it). */
  yarpaProductId: string | null;
  info: { hebName: string; engName: string; company: string | null; cannabisType: string | null; thccbdDosage: string | null };
}

/** Spec §3 PharmProduct in the back office; money in shekels. */
export interface BusinessPharmProduct {
  id: number;
  product: BusinessProductInfo;
  /** What the owner set: 0 means the catalogue price. */
  price: number;
  /** What patients pay now (the catalogue price when `price` is 0). */
  totalPrice: number;
  originalPrice: number | null;
  inStock: boolean;
  alwaysInStock: boolean;
  amount: number;
  /** yyyy-MM-dd, or null. */
  expiresAt: string | null;
  published: boolean;
  isNewByDefault: boolean;
  isPopularByDefault: boolean;
  /** Stock and price come from the partner feed: those fields are read-only here, and `confirmedAt` is the partner's last update. */
  isYarpaLocked: boolean;
  /** When the owner last bumped it to the top of the pharmacy's list (ISO), or null. */
  bumpedAt: string | null;
  /** When its price and stock were last confirmed (ISO): an edit, the confirm action, or the partner feed. */
  confirmedAt: string;
}

/**
 * A published offer of the dashboard's "waiting for a confirm" list: confirmed `OFFER_CONFIRM_DUE_WITHIN_HOURS` or less
 * before going stale, or stale already (`stale`, judged at the request's moment).
 */
export interface BusinessStaleProduct extends BusinessPharmProduct {
  /** Not confirmed within `OFFER_STALE_AFTER_HOURS`: patients see 'לא אושר לאחרונה' and never see it in stock. */
  stale: boolean;
}

/** `GET …/products?page&search` (`pharm.business.products`): grouped by T/C dosage on screen, ordered so groups are contiguous. */
export interface BusinessPharmProductsPage {
  pharmProducts: BusinessPharmProduct[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** `GET …/product-options?page&search` (`pharm.business.product-options`): catalogue products this pharmacy does not offer yet. */
export interface BusinessProductOptionsPage {
  products: BusinessProductInfo[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** The editable fields of an offer (spec §7 "Create pharm product"; defaults of §9 in `DEFAULT_PHARM_PRODUCT`). */
export class PharmProductFields {
  @IsBoolean(invalid)
  alwaysInStock: boolean;

  /** Units in stock; ignored (kept) while `alwaysInStock` is on. */
  @ValidateIf((o: PharmProductFields) => !o.alwaysInStock)
  // Decorators register from the bottom up and the first failed constraint's message is the one shown: the type check goes last.
  @ToOptionalNumber()
  @Max(MAX_STOCK_AMOUNT, invalid) @Min(0, { message: BusinessMessages.stockRequired }) @IsInt({ message: BusinessMessages.stockRequired })
  amount: number;

  /** Shekels; 0 means the catalogue price. */
  @ToOptionalNumber()
  @Max(MAX_OFFER_SHEKELS, { message: BusinessMessages.priceInvalid }) @Min(0, { message: BusinessMessages.priceInvalid }) @IsNumber(money, { message: BusinessMessages.priceRequired })
  price: number;

  /** yyyy-MM-dd or null. */
  @IsOptional() @IsISO8601({ strict: true }, invalid) @Matches(/^\d{4}-\d{2}-\d{2}$/, invalid)
  expiresAt: string | null;

  @IsBoolean(invalid)
  published: boolean;

  @IsBoolean(invalid)
  isNewByDefault: boolean;

  @IsBoolean(invalid)
  isPopularByDefault: boolean;
}

/** Spec §9's default product. */
export const DEFAULT_PHARM_PRODUCT: PharmProductFields = {
  alwaysInStock: true, amount: 0, price: 0, expiresAt: null, published: true, isNewByDefault: false, isPopularByDefault: false,
};

/** `POST …/products` (`pharm.business.product-create`): a catalogue product offered by the pharmacy. 409 when it already is. */
export class PharmProductCreateCommand extends PharmProductFields {
  @IsString(invalid) @MaxLength(200, invalid) @Matches(SLUG_PATTERN, invalid)
  productSlug: string;

  @BusinessSlug()
  businessId: string;
}

export class PharmProductEdit extends PharmProductFields {
  @IntInRange(1, INT4_MAX, Messages.badRequest)
  id: number;
}

/** `PATCH …/products` (`pharm.business.products-update`): a list of edits, all or none; answers the rows as stored. */
export class PharmProductsUpdateCommand extends BusinessRequest {
  @IsArray(invalid) @ArrayMinSize(1, invalid) @ArrayMaxSize(100, invalid)
  @ValidateNested({ each: true })
  @NestedList(PharmProductEdit)
  pharmProducts: PharmProductEdit[];
}
