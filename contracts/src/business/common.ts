import { plainToInstance, Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SLUG_PATTERN } from '../catalog/product';
import { INT4_MAX, IntInRange, NoControlChars } from '../forms/decorators';
import { Messages } from '../messages';
import type { OpeningHours } from '../storefront/responses';

/** Rows per page of each back-office list (perPage is the server's; spec §2). */
export const BUSINESS_PAGE_SIZE = {
  orders: 20,
  products: 50,
  productOptions: 20,
  discountProductOptions: 30,
  discounts: 20,
  announcements: 20,
  shipments: 20,
} as const;

/** The dashboard's short lists (recent open orders, out-of-stock products, offers waiting for a confirm). */
export const DASHBOARD_LIST_SIZE = 10;
export const BUSINESS_SEARCH_MAX_LENGTH = 100;
export const BUSINESS_MAX_PAGE = 10_000;

const notFound = { message: Messages.businessNotFound };
const invalid = { message: Messages.badRequest };

const toPage = ({ value }: { value: unknown }) => (value === undefined || value === null || value === '' ? undefined : Number(value));

/** A business's id (its slug); anything else is a business that does not exist. */
export function BusinessSlug(): PropertyDecorator {
  return (target, key) => {
    IsString(notFound)(target, key);
    MaxLength(100, notFound)(target, key);
    Matches(SLUG_PATTERN, notFound)(target, key);
  };
}

/**
 * Every back-office request names its business (the pharmacy's slug, API.md "Back office"). The service's
 * `@RequireBusiness()` guard checks the caller against it; the payload's value is never trusted beyond that.
 */
export class BusinessRequest {
  @BusinessSlug()
  businessId: string;
}

/** A paged back-office list: `page` from 1 (default 1), an optional free-text `search`. */
export class BusinessPageRequest extends BusinessRequest {
  @IsOptional() @Transform(toPage) @IntInRange(1, BUSINESS_MAX_PAGE, Messages.badRequest)
  page?: number;

  @IsOptional() @IsString(invalid) @MaxLength(BUSINESS_SEARCH_MAX_LENGTH, invalid) @NoControlChars(Messages.badRequest)
  search?: string;
}

/** One row of a business's list by its numeric id (products, announcements, shipments, orders). */
export class BusinessItemRequest extends BusinessRequest {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IntInRange(1, INT4_MAX, Messages.invalidUrl)
  id: number;
}

/** The shared header card of every business page (spec §2). */
export interface BusinessCard {
  slug: string;
  name: string;
  address: string;
  city: string;
  logoUrl: string | null;
  phoneNumber: string | null;
  whatsappNumber: string | null;
  wazeAddress: string | null;
}

/** What the dashboard (profile screen) shows: `GET /api/business/{businessId}`, composed by the gateway. */
export interface BusinessInfo {
  business: BusinessCard;
  openingHours: OpeningHours;
  openOrders: import('../order/business-orders').BusinessOrderSummary[];
  stockoutProducts: import('../pharm/business-products').BusinessPharmProduct[];
  /** Published offers stale or due for a confirm within `OFFER_CONFIRM_DUE_WITHIN_HOURS`, the oldest confirmation first. */
  staleProducts: import('../pharm/business-products').BusinessStaleProduct[];
  stats: BusinessStats;
  /** The licensed-data partner's code of the pharmacy; null when its stock is not synced from the partner's feed. */
  partnerCode: string | null;
  /** When the partner's feed last changed this pharmacy (ISO), or null. */
  partnerFeedAt: string | null;
  /** The pharmacy's state on the marketplace (issue 30); the back office says so while patients do not see it. */
  state: import('../manage').PharmState;
}

/** Spec §3 Stats; prices in shekels. "today", 7 and 30 days end now, in Israel time days. */
export interface BusinessStats {
  ordersTotals: Record<'today' | 'week' | 'month' | 'all', { count: number; totalPrice: number }>;
  customersTotals: { totalCount: number };
  productsTotals: { totalCount: number };
}

/** `pharm.business.get`: pharm's part of the dashboard. */
export interface PharmBusinessInfo {
  business: BusinessCard;
  openingHours: OpeningHours;
  stockoutProducts: import('../pharm/business-products').BusinessPharmProduct[];
  staleProducts: import('../pharm/business-products').BusinessStaleProduct[];
  productsTotals: { totalCount: number };
  /** The licensed-data partner's code of the pharmacy; null when its stock is not synced from the partner's feed. */
  partnerCode: string | null;
  /** When the partner's feed last changed this pharmacy (ISO), or null. */
  partnerFeedAt: string | null;
  /** The pharmacy's state on the marketplace (issue 30): only a live one is shown to patients. */
  state: import('../manage').PharmState;
}

/** `order.business.stats`: order's part of the dashboard. */
export interface OrderBusinessStats {
  ordersTotals: BusinessStats['ordersTotals'];
  customersTotals: { totalCount: number };
  openOrders: import('../order/business-orders').BusinessOrderSummary[];
}

/**
 * A nested list's plain objects as instances of `Cls`, with `Cls`'s own transforms applied (a form's number field
 * arrives as text), for `@ValidateNested`. Not `@Type`: that needs reflect-metadata, which the web bundle does not
 * load. Anything not an object is left for validation to refuse.
 */
export const NestedList = (Cls: new () => object) =>
  Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? plainToInstance(Cls, v) : v)) : value);
