import { Transform } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBase64, IsBoolean, IsIn, IsInt, Max, IsOptional, IsString, IsUUID, Matches, MaxLength, Min, ValidateIf, ValidateNested,
} from 'class-validator';
import { Messages } from '../messages';
import { INT4_MAX, IntInRange, NoControlChars } from '../forms/decorators';
import { AddressField } from '../forms/address';
import { CheckoutField, NOTES_MAX_LENGTH, PharmNotesDto, PharmNotesList } from '../forms/checkout';
import { COUPON_CODE_MAX_LENGTH, COUPON_CODE_PATTERN, MAX_COUPONS } from '../pharm/coupon';
import type { DiscountTerms } from '../pharm/discounts';
import type { PharmShippingQuote } from '../shipping/quote';

const invalid = { message: Messages.badRequest };

/** Where the delivered pharmacies' orders go: a saved address (by id), or a new one typed at checkout. */
export class ShippingAddressDto {
  @IsOptional()
  @IntInRange(1, INT4_MAX, Messages.badRequest)
  addressId?: number;

  @ValidateIf((o: ShippingAddressDto) => o.addressId === undefined)
  @AddressField.address()
  address?: string;

  @ValidateIf((o: ShippingAddressDto) => o.addressId === undefined)
  @AddressField.houseNumber()
  houseNumber?: string;

  @AddressField.floor()
  floor?: number;

  @AddressField.apartment()
  apartment?: number;
}

/**
 * `POST /api/checkout/quote` (`order.checkout.quote`), spec 3's quote request: the signed-in user's server cart,
 * priced with these coupons, each pharmacy picked up (its slug in `selectedPickup`) or delivered to `shippingAddress`.
 */
export class QuoteDto {
  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(MAX_COUPONS, invalid)
  @IsString({ each: true, ...invalid })
  @MaxLength(COUPON_CODE_MAX_LENGTH, { each: true, ...invalid })
  couponCodes?: string[];

  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(100, invalid)
  @IsString({ each: true, ...invalid })
  @MaxLength(200, { each: true, ...invalid })
  selectedPickup?: string[];

  @IsOptional()
  @ValidateNested()
  @Transform(({ value }) => (value && typeof value === 'object' ? Object.assign(new ShippingAddressDto(), value) : value))
  shippingAddress?: ShippingAddressDto;
}

/** The RSA-OAEP ciphertext of `{"idNumber":"…"}`, made in the browser with the key `keyId` names. */
export class EncryptedPiiDto {
  @IsString(invalid) @MaxLength(100, invalid)
  keyId: string;

  @IsBase64(undefined, invalid) @MaxLength(2000, invalid)
  ciphertext: string;
}

/**
 * `POST /api/orders` (`order.order.create`): spec 3's order form as the server takes it. The ID number itself never
 * travels: only `encryptedPii` does (the web checks the number with `CheckoutDetailsDto` before encrypting it).
 */
export class CreateOrderDto extends QuoteDto {
  @CheckoutField.firstName() @MaxLength(100, { message: Messages.invalidName }) @NoControlChars(Messages.invalidName)
  firstName: string;

  @CheckoutField.lastName() @MaxLength(100, { message: Messages.invalidName }) @NoControlChars(Messages.invalidName)
  lastName: string;

  @CheckoutField.phone()
  phone: string;

  @CheckoutField.email() @MaxLength(254, { message: Messages.invalidEmail })
  email: string;

  @CheckoutField.agreeTOU()
  agreeTOU: boolean;

  @CheckoutField.agreeDisclaimer()
  agreeDisclaimer: boolean;

  /** Notes for every pharmacy's order of the batch (spec 3's order form), unless `pharmNotes` names the pharmacy. */
  @IsOptional()
  @MaxLength(NOTES_MAX_LENGTH, { message: Messages.notesTooLong })
  @NoControlChars(Messages.inputControlChars)
  notes?: string;

  /** Issue 26: one pharmacy's own notes, for its order alone (the web sends these). */
  @PharmNotesList()
  pharmNotes?: PharmNotesDto[];

  @ValidateNested()
  @Transform(({ value }) => (value && typeof value === 'object' ? Object.assign(new EncryptedPiiDto(), value) : value))
  encryptedPii: EncryptedPiiDto;
}

/** Spec 3's quote; money in shekels. `pharmsQuotes` follow the cart's pharmacies in the order they first appear. */
export interface Quote {
  pharmsCount: number;
  cart: { itemsCount: number; totalDiscounts: number; totalOriginalPrice: number };
  shipping: { price: number };
  totalPrice: number;
  /** Coupons that apply to this cart (codes as the pharmacy wrote them). */
  couponCodes: string[];
  pharmsQuotes: PharmQuote[];
}

export interface PharmQuote {
  pharmSlug: string;
  pharmName: string;
  pickup: boolean;
  itemsCount: number;
  /** Items after discounts plus shipping. */
  totalPrice: number;
  totalOriginalPrice: number;
  totalDiscounts: number;
  shipping: PharmShippingQuote;
}

/** back-office.md §4: the order's statuses and who moves them. */
export const ORDER_STATUSES = ['new', 'open', 'pending', 'complete', 'canceled', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The transitions the order aggregate allows; complete, canceled and closed are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['open', 'pending', 'complete', 'canceled', 'closed'],
  open: ['pending', 'complete', 'canceled', 'closed'],
  pending: ['complete', 'canceled', 'closed'],
  complete: [],
  canceled: [],
  closed: [],
};

/**
 * Days an order's ID number (kept only encrypted) stays after the order became final (complete, canceled or closed):
 * the order service's default `ID_NUMBER_RETENTION_DAYS`, and what the privacy policy tells patients.
 */
export const ID_NUMBER_RETENTION_DAYS = 30;

/** What a pharmacy may set in its order table. */
export const OWNER_SETTABLE_STATUSES: readonly OrderStatus[] = ['pending', 'complete', 'canceled'];
/** Statuses in which a patient may still attach documents (when none are attached yet). */
export const DOCUMENT_STATUSES: readonly OrderStatus[] = ['open', 'pending'];

export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** The patient's labels for the statuses (spec: shown through a label map only). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'חדשה',
  open: 'פתוחה',
  pending: 'ממתינה',
  complete: 'הושלמה',
  canceled: 'בוטלה',
  closed: 'סגורה',
};

/** What became of the documents a patient attached to an order. */
export type DocumentsState = 'none' | 'sending' | 'delivered' | 'failed';

/** Spec 3's order, as the patient sees it; money in shekels. */
export interface CustomerOrder {
  id: number;
  batchUid: string;
  createdAt: string;
  status: OrderStatus;
  pharm: { slug: string; name: string; phone: string | null; address: string | null; city: string | null };
  firstName: string;
  lastName: string;
  pickup: boolean;
  /** The delivery address (null for pickup). */
  address: { address: string; houseNumber: string; floor: number | null; apartment: number | null } | null;
  notes: string | null;
  productsCount: number;
  items: { pharmProductId: number; productSlug: string; name: string; amount: number; price: number; originalPrice: number }[];
  cartCostTotalPrice: number;
  cartCostDiscountsTotalAmount: number;
  shippingCostTotalPrice: number;
  totalPrice: number;
  discounts: { code: string; name: string }[];
  /** Whether documents were delivered to the pharmacy (spec's identification.*Document). */
  identification: { idDocument: boolean; licenseDocument: boolean; prescriptionDocument: boolean };
  documents: DocumentsState;
}

export interface OrdersBatch {
  uid: string;
  createdAt: string;
  orders: CustomerOrder[];
}

/** `GET /api/orders/batches/{uid}` (`order.batch.get`). */
export class BatchGetRequest {
  @IsUUID('4', invalid)
  uid: string;
}

/** `GET /api/user/orders?search&page&order` (`order.user.orders`); `order` narrows the list to that one order of the caller's. */
export class UserOrdersRequest {
  @IsOptional() @IsString(invalid) @MaxLength(100, invalid)
  search?: string;

  @IsOptional() @IntInRange(1, INT4_MAX, Messages.badRequest)
  order?: number;

  @IsOptional() @IsInt(invalid) @Min(1, invalid)
  page?: number;
}

export const USER_ORDERS_PER_PAGE = 20;

export interface UserOrdersResponse {
  orders: CustomerOrder[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** `GET /api/checkout/public-key` (`order.checkout.public-key`): the key the browser encrypts the ID number with. */
export interface CheckoutPublicKey {
  keyId: string;
  /** SPKI, base64 (Web Crypto `importKey('spki', …, { name: 'RSA-OAEP', hash: 'SHA-256' })`). */
  publicKey: string;
  algorithm: 'RSA-OAEP-256';
}

/** `pharm.checkout.offers`: the offers of a cart as they can be ordered now, with the coupons that apply. */
export class CheckoutOffersRequest {
  @IsArray(invalid)
  @ArrayMaxSize(100, invalid)
  @IsInt({ each: true, ...invalid }) @Min(1, { each: true, ...invalid }) @Max(INT4_MAX, { each: true, ...invalid })
  pharmProductIds: number[];

  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(MAX_COUPONS, invalid)
  @IsString({ each: true, ...invalid })
  @Matches(COUPON_CODE_PATTERN, { each: true, ...invalid })
  @MaxLength(COUPON_CODE_MAX_LENGTH, { each: true, ...invalid })
  couponCodes?: string[];
}

/** One offer at checkout (agorot); `price` is after the pharmacy's discounts and the coupons, `listPrice` before them. */
export interface CheckoutOffer {
  pharmProductId: number;
  pharmSlug: string;
  productSlug: string;
  productName: string;
  published: boolean;
  inStock: boolean;
  alwaysInStock: boolean;
  listPrice: number;
  price: number;
  discountCodes: string[];
}

export interface CheckoutPharm {
  slug: string;
  name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  /** Where the pharmacy receives its orders and documents. */
  orderEmail: string | null;
}

export interface CheckoutOffers {
  offers: CheckoutOffer[];
  pharms: CheckoutPharm[];
  /** Every discount and valid coupon taken into account (for the order's snapshot). */
  discounts: (DiscountTerms & { pharmSlug: string })[];
}

/** `order.documents.begin`: the caller's order (or all orders of a batch) about to get documents; refused unless allowed. */
export class DocumentsBeginCommand {
  @IsOptional() @IntInRange(1, INT4_MAX, Messages.badRequest)
  orderId?: number;

  @IsOptional() @IsUUID('4', invalid)
  batchUid?: string;
}

/** The orders the documents go to (marked 'sending'), with where each pharmacy receives them. */
export interface DocumentsDelivery {
  deliveryId: string;
  orders: { orderId: number; batchUid: string; pharmName: string }[];
}

/** `order.documents.finish` (notifications, once the e-mails are sent or failed for good). */
export class DocumentsFinishCommand {
  @IsUUID('4', invalid)
  deliveryId: string;

  @IsBoolean(invalid)
  delivered: boolean;
}

/** `order.documents.abandon` (the gateway, for the patient whose documents could not be handed to notifications). */
export class DocumentsAbandonCommand {
  @IsUUID('4', invalid)
  deliveryId: string;
}

/** `order.notice.get` (notifications): what to tell the pharmacies and the patient of a batch or one order. */
export class OrderNoticeRequest {
  @IsUUID('4', invalid)
  batchUid: string;

  @IsOptional() @IntInRange(1, INT4_MAX, Messages.badRequest)
  orderId?: number;
}

export interface OrderNotice {
  batchUid: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  orders: (CustomerOrder & { orderEmail: string | null })[];
}

/** One row of the status column. */
export class OrderStatusChange {
  @IntInRange(1, INT4_MAX, Messages.badRequest)
  orderId: number;

  @IsIn(ORDER_STATUSES as unknown as string[], invalid)
  status: OrderStatus;
}

/** The back office's status column (`order.business.status-update`): only OWNER_SETTABLE_STATUSES, through the aggregate. */
export class OrderStatusUpdateCommand {
  @IsString(invalid) @MaxLength(200, invalid)
  businessId: string;

  @IsArray(invalid) @ArrayMaxSize(100, invalid)
  @ValidateNested({ each: true })
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? Object.assign(new OrderStatusChange(), v) : v)) : value))
  orders: OrderStatusChange[];
}

/** `order.business.id-number`: the ID number of one of the business's orders, decrypted for a member (each reading recorded). */
export class OrderIdNumberRequest {
  @IsString(invalid) @MaxLength(200, invalid)
  businessId: string;

  @IntInRange(1, INT4_MAX, Messages.badRequest)
  orderId: number;
}
