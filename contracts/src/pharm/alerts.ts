import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { BusinessItemRequest } from '../business/common';
import { GetProductRequest } from '../catalog/requests';
import { SLUG_PATTERN } from '../catalog/product';
import { INT4_MAX, IntInRange } from '../forms/decorators';
import { Messages } from '../messages';
import { ALERT_KINDS, ALERT_RULES, AlertMessages, PRICE_HISTORY_PERIODS, type AlertKind, type PriceHistoryPeriod } from './alert-rules';

export * from './alert-rules';

/**
 * Price history and alerts (issue 31, API.md "Price history and alerts"). Pharm keeps every change of an offer's price
 * and stock (`offer_history`, written by a trigger in the writer's transaction) and each product's lowest in-stock
 * price per day (`price_days`); it holds the patients' alerts and matches each change against them.
 */

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** `GET /api/products/{slug}/price-history?days=30|90|365` (`pharm.price-history.get`). */
export class PriceHistoryRequest extends GetProductRequest {
  @Transform(toNumber)
  @IsIn(PRICE_HISTORY_PERIODS as unknown as number[], { message: AlertMessages.invalidPeriod })
  days: PriceHistoryPeriod;
}

/** A day of the chart: the lowest price of an in-stock offer of a live pharmacy at any time that day (Israel time). */
export interface PriceDay {
  day: string;
  /** Shekels. */
  lowest: number;
}

export interface PriceHistory {
  slug: string;
  days: PriceHistoryPeriod;
  /** Oldest first; days with no offer in stock are absent. */
  points: PriceDay[];
  /** The lowest in-stock price now (shekels); null when none is in stock. */
  current: number | null;
  /** The period's lowest, today's included; null when the period has no point. */
  periodLowest: number | null;
  /** Whether `current` is the period's lowest (the chart then says `AlertMessages.periodLowest(days)`). */
  isPeriodLowest: boolean;
}

/** `GET /api/business/{businessId}/products/{id}/history` (`pharm.business-product.history`). */
export class OfferHistoryRequest extends BusinessItemRequest {}

/** Who moved an offer: its pharmacy in the back office, the partner's feed, an order (or its cancellation), or the operator's tools. */
export const OFFER_CHANGE_SOURCES = ['back-office', 'feed', 'order', 'system'] as const;
export type OfferChangeSource = (typeof OFFER_CHANGE_SOURCES)[number];

export interface OfferHistoryEntry {
  at: string;
  /** Shekels. */
  price: number;
  inStock: boolean;
  amount: number | null;
  published: boolean;
  source: OfferChangeSource;
}

export interface OfferHistory {
  id: number;
  productSlug: string;
  /** Newest first, at most OFFER_HISTORY_LIMIT. */
  entries: OfferHistoryEntry[];
}

/**
 * `POST /api/user/alerts` (`pharm.alert.create`): the signed-in patient's alert on a product. `price`: when an in-stock
 * offer's price drops to `below` (shekels) or under, or on any drop of the lowest price when `below` is absent; `stock`:
 * when the product is back in stock. With `lat`, `lng` (or a saved address's `addressId`) and `radiusKm`, only
 * pharmacies within that distance count (the place is kept rounded to about 100 m). `sms`: a text too, to the account's phone.
 */
export class AlertCreateDto {
  @IsString({ message: Messages.badRequest }) @MaxLength(200, { message: Messages.badRequest }) @Matches(SLUG_PATTERN, { message: Messages.badRequest })
  productSlug: string;

  @IsIn(ALERT_KINDS as unknown as string[], { message: AlertMessages.invalidKind })
  kind: AlertKind;

  /** Shekels. */
  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 }, { message: AlertMessages.invalidBelow })
  @Min(1, { message: AlertMessages.invalidBelow }) @Max(100_000, { message: AlertMessages.invalidBelow })
  below?: number | null;

  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AlertMessages.invalidPlace }) @Min(29, { message: AlertMessages.invalidPlace }) @Max(34, { message: AlertMessages.invalidPlace })
  lat?: number | null;

  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AlertMessages.invalidPlace }) @Min(34, { message: AlertMessages.invalidPlace }) @Max(36, { message: AlertMessages.invalidPlace })
  lng?: number | null;

  @IsOptional() @IntInRange(1, ALERT_RULES.maxRadiusKm, AlertMessages.invalidRadius)
  radiusKm?: number | null;

  /** Near one of the caller's saved addresses instead of `lat`/`lng` (with `radiusKm`): its place from the gazetteer. */
  @IsOptional() @IntInRange(1, INT4_MAX, AlertMessages.invalidPlace)
  addressId?: number | null;

  @IsOptional() @IsBoolean({ message: Messages.badRequest })
  sms?: boolean;
}

/** `DELETE /api/user/alerts/{id}` (`pharm.alert.delete`). */
export class AlertDeleteRequest {
  @Transform(toNumber) @IntInRange(1, INT4_MAX, Messages.invalidUrl)
  id: number;
}

/** `POST /api/alerts/unsubscribe?token=…` (`pharm.alert.unsubscribe`): the signed link of an alert's message, no sign-in. */
export class AlertUnsubscribeDto {
  @IsString({ message: AlertMessages.invalidLink }) @MaxLength(200, { message: AlertMessages.invalidLink }) @Matches(/^\d+\.[A-Za-z0-9_-]{20,100}$/, { message: AlertMessages.invalidLink })
  token: string;
}

export interface PriceAlert {
  id: number;
  productSlug: string;
  productName: string;
  kind: AlertKind;
  /** Shekels. */
  below: number | null;
  /** Whether it counts only pharmacies near a place (the place itself is not sent back). */
  near: boolean;
  radiusKm: number | null;
  sms: boolean;
  createdAt: string;
  /** The product's lowest in-stock price now (shekels), anywhere; null when none is in stock. */
  lowestNow: number | null;
}

export interface PriceAlertsResponse {
  alerts: PriceAlert[];
}

/**
 * `evt.pharm.alert.due`: an alert's message is due now (its change happened in the day, or it was held since the night).
 * No contact data: notifications asks identity for the account's address and phone.
 */
export class AlertDueEvent {
  @IsInt() @Min(1) alertId: number;
  @IsInt() @Min(1) userId: number;
  @IsIn(ALERT_KINDS as unknown as string[]) kind: AlertKind;
  @IsString() @MaxLength(200) productSlug: string;
  @IsString() @MaxLength(300) productName: string;
  /** Agorot: the offer's price at the change. */
  @IsInt() @Min(0) price: number;
  @IsString() @MaxLength(300) pharmacyName: string;
  @IsString() @MaxLength(200) pharmacySlug: string;
  @IsBoolean() sms: boolean;
  @IsISO8601() changedAt: string;
}

/** `pharm.alert.notice` (notifications only): what a message of an alert needs when sent, its signed unsubscribe token. */
export class AlertNoticeRequest {
  @IsInt() @Min(1) alertId: number;
}

export interface AlertNotice {
  unsubscribeToken: string;
}
