import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNumber, Max, MaxLength, Min, ValidateBy, ValidateNested } from 'class-validator';
import { Filled, INT4_MAX, IntInRange, NoControlChars, ToOptionalNumber, Trim } from '../forms/decorators';
import { Messages } from '../messages';
import { BusinessSlug, NestedList } from '../business/common';
import { BusinessMessages } from '../business/messages';

const required = { message: BusinessMessages.required };
const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };
export const SHIPMENT_QUANTITY_TYPES = ['min-total-price', 'min-items-count'] as const;
export type ShipmentQuantityType = (typeof SHIPMENT_QUANTITY_TYPES)[number];
export const MAX_SHIPMENT_PRICINGS = 20;
export const MAX_SHIPMENT_ADDRESSES = 500;

/** Spec §3 Shipment pricing row: from `quantity` (shekels, or items for min-items-count) the delivery costs `amount` shekels (0 = free). */
export interface ShipmentPricing {
  quantityType: ShipmentQuantityType;
  quantity: number;
  amountType: 'fixed';
  amount: number;
}

/** Spec §5: the shipment form's default pricing, and a row added later elsewhere. Both readings are given. */
export const DEFAULT_SHIPMENT_PRICING: ShipmentPricing = { quantityType: 'min-total-price', quantity: 0, amountType: 'fixed', amount: 0 };
export const NEW_PRICING_ROW: ShipmentPricing = { quantityType: 'min-items-count', quantity: 0, amountType: 'fixed', amount: 0 };

/** Spec §3 Shipment in the back office. */
export interface BusinessShipment {
  id: number;
  name: string;
  published: boolean;
  addresses: { locationId: number; location: { id: number; displayText: string; type: 'country' | 'district' | 'city' } }[];
  pricings: ShipmentPricing[];
}

/** `GET …/shipments?page` (`shipping-quote.business.shipments`). */
export interface BusinessShipmentsPage {
  shipments: BusinessShipment[];
  total: number;
  perPage: number;
  currentPage: number;
}

export class ShipmentPricingInput {
  @IsIn(SHIPMENT_QUANTITY_TYPES as unknown as string[], required)
  quantityType: ShipmentQuantityType;

  @ToOptionalNumber() @IsNumber(money, required) @Min(0, required) @Max(1_000_000, required)
  quantity: number;

  @IsIn(['fixed'], required)
  amountType: 'fixed';

  @ToOptionalNumber() @IsNumber(money, required) @Min(0, required) @Max(100_000, required)
  amount: number;
}

export class ShipmentAddressInput {
  @IntInRange(1, INT4_MAX, BusinessMessages.required)
  locationId: number;
}

/** The shipment form and payload (spec §5). */
export class ShipmentFields {
  @Trim() @Filled(BusinessMessages.shipmentNameRequired) @MaxLength(100, { message: Messages.badRequest }) @NoControlChars(Messages.badRequest)
  name: string;

  @IsBoolean({ message: Messages.badRequest })
  published: boolean;

  @IsArray(required) @ArrayMaxSize(MAX_SHIPMENT_ADDRESSES, { message: Messages.badRequest })
  @ValidateBy({ name: 'notEmpty', validator: { validate: (v: unknown) => Array.isArray(v) && v.length > 0 } }, required)
  @ValidateNested({ each: true }) @NestedList(ShipmentAddressInput)
  addresses: ShipmentAddressInput[];

  @IsArray(required) @ArrayMaxSize(MAX_SHIPMENT_PRICINGS, { message: Messages.badRequest })
  @ValidateBy({ name: 'notEmpty', validator: { validate: (v: unknown) => Array.isArray(v) && v.length > 0 } }, required)
  @ValidateNested({ each: true }) @NestedList(ShipmentPricingInput)
  pricings: ShipmentPricingInput[];
}

/** `POST …/shipments` (`shipping-quote.business.shipment-create`); 404 for a business that is not a pharmacy. */
export class ShipmentCreateCommand extends ShipmentFields {
  @BusinessSlug()
  businessId: string;
}

/** `PATCH …/shipments/{id}` (`shipping-quote.business.shipment-update`): the whole shipment replaced. */
export class ShipmentUpdateCommand extends ShipmentCreateCommand {
  @IntInRange(1, INT4_MAX, Messages.invalidUrl)
  id: number;
}
