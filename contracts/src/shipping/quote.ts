import { IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { Transform } from 'class-transformer';

/** Spec 4: a pharmacy's shipping is matched, or rejected with one of these codes. */
export const SHIPPING_REJECT_CODES = ['ShipmentNoMatch', 'ShippingMinPricing', 'AddressNotFound', 'Error'] as const;
export type ShippingRejectCode = (typeof SHIPPING_REJECT_CODES)[number];

export type QuantityType = 'min-total-price' | 'min-items-count';

/** Grams in a counted item: min-items-count quantities are shown ×10 g (spec 9). */
export const GRAMS_PER_ITEM = 10;

/** The smallest pricing row of a pharmacy's shipment for the address (quantity: shekels, or items). */
export interface MinPricing {
  quantityType: QuantityType;
  quantity: number;
}

/** One pharmacy's shipping in a quote (spec 3; `price` in shekels, 0 shown as free). */
export interface PharmShippingQuote {
  status: 'matched' | 'rejected';
  price: number;
  rejectCode?: ShippingRejectCode;
  rejectPayload?: { pharmName: string; minPricing?: MinPricing };
}

class ShippingQuotePharm {
  @IsString() @MaxLength(200)
  pharmSlug: string;

  @IsBoolean()
  pickup: boolean;

  /** The pharmacy's cart after discounts, agorot. */
  @IsInt() @Min(0)
  totalPrice: number;

  @IsInt() @Min(0)
  itemsCount: number;
}

class ShippingQuoteAddress {
  /** 'street, city' as the address search gives it. */
  @IsString() @MaxLength(200)
  address: string;

  @IsString() @MaxLength(20)
  houseNumber: string;
}

const toInstances = <T extends object>(cls: new () => T) => ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? Object.assign(new cls(), v) : v)) : value;

/** `shipping-quote.quote.get`: order asks, for each pharmacy of a cart, what delivering it to `address` costs. */
export class ShippingQuoteRequest {
  @IsArray()
  @ValidateNested({ each: true })
  @Transform(toInstances(ShippingQuotePharm))
  pharms: ShippingQuotePharm[];

  /** Absent when every pharmacy is picked up from. */
  @IsOptional()
  @ValidateNested()
  @Transform(({ value }) => (value && typeof value === 'object' ? Object.assign(new ShippingQuoteAddress(), value) : value))
  address?: ShippingQuoteAddress;
}

/** Per pharmacy, in the request's order; money in agorot, min-total-price quantities too. */
export interface ShippingQuoteResponse {
  quotes: {
    pharmSlug: string;
    status: 'matched' | 'rejected';
    price: number;
    rejectCode?: ShippingRejectCode;
    minPricing?: MinPricing;
    /** The matched shipment, kept on the order. */
    shipmentId?: number;
  }[];
}
