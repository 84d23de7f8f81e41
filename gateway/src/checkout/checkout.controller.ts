import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiQuery, ApiTags,
  ApiTooManyRequestsResponse, ApiUnauthorizedResponse, ApiCreatedResponse,
} from '@nestjs/swagger';
import {
  CouponDto, CreateOrderDto, ErrorCodes, Messages, QuoteDto, Subjects,
  type CheckoutPublicKey, type CouponValidation, type OrdersBatch, type Quote, type ServiceError, type UserOrdersResponse,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded, type JsonBody } from '../clients/service-client';
import { couponsEnabled, GatewayEnv } from '../config';
import { RequestBody } from '../docs/request-bodies';
import { asNumber } from '../http/query-values';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';

/**
 * Coupon checks by one user: a person types a few codes; a script guessing codes is stopped after 30 a minute
 * (coupons must not be found by brute force). Over it the answer is 429 in Hebrew.
 */
const COUPON_LIMIT: RateLimitRule = { name: 'checkout-coupon', per: 'user', count: 30, windowSeconds: 60 };
/** Quotes by one user (the order page asks again on each change of pickup, address or coupons). */
const QUOTE_LIMIT: RateLimitRule = { name: 'checkout-quote', per: 'user', count: 120, windowSeconds: 60 };
/** Orders placed by one user: a person places one; identical ones are refused by order ('בוצעה הזמנה זהה') anyway. */
const ORDER_CREATE_LIMIT: RateLimitRule = { name: 'order-create', per: 'user', count: 10, windowSeconds: 60 };

/** How long the browser and proxies may keep the checkout public key (keys rotate with an overlap far longer than this). */
const PUBLIC_KEY_MAX_AGE_SECONDS = 300;

const notFound = (): ServiceError => ({ status: 404, code: ErrorCodes.notFound, message: Messages.pageNotFound });

/**
 * A quote asks cart, pharm and maybe shipping-quote (each within order's own 5 s); placing an order asks them and then
 * reserves the units in pharm before it commits. Cut short at the usual 1.5 s under load, the patient would be told an
 * order failed that is placed (make chaos saw it): the gateway waits for these two calls as long as order may take.
 */
const CHECKOUT_TIMEOUT_MS = 10_000;

/**
 * Checkout (coupons, quote, the ID number's public key) and orders, kept by the order service, which takes the
 * user from the verified caller only. Answers carrying personal data are `no-store` (a signed-in request always is).
 */
@ApiTags('checkout')
@Controller()
export class CheckoutController {
  private readonly coupons: boolean;

  constructor(
    @Inject(ServiceClients) private readonly clients: ServiceClients,
    @Inject(GatewayEnv) env: GatewayEnv,
  ) {
    this.coupons = couponsEnabled(env);
  }

  /** The codes as sent while coupons are on; none while they are off (FEATURE_COUPONS). */
  private withCoupons<T extends QuoteDto>(body: T): T {
    if (this.coupons) return body;
    const { couponCodes: _dropped, ...rest } = body;
    return rest as T;
  }

  @Post('checkout/coupon')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: '{ validationStatus: VALID | ALREADY_USED | EXPIRED | NOT_FOUND | NOT_ALLOWED, message (spec 8), pharm?, pharmDiscount? }' })
  @ApiBadRequestResponse({ description: "no code ('שדה חובה') or not English letters and digits ('יש להזין קוד קופון באותיות אנגליות ומספרים')" })
  @ApiNotFoundResponse({ description: 'coupons are switched off (FEATURE_COUPONS)' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 30 coupon checks a minute by one user' })
  @RateLimit(COUPON_LIMIT)
  @RequestBody(CouponDto)
  coupon(@Body() body: CouponDto | undefined): Promise<CouponValidation> {
    if (!this.coupons) throw notFound();
    return this.clients.get('order').send(Subjects.order.couponValidate, { couponCode: forwarded(body).couponCode });
  }

  @Post('checkout/quote')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: "spec 3's quote: pharmsCount, cart totals, shipping, totalPrice, couponCodes and pharmsQuotes (each with its shipping status)" })
  @ApiBadRequestResponse({ description: 'a malformed request, an empty cart, or an address that is not valid' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 120 quotes a minute by one user' })
  @RateLimit(QUOTE_LIMIT)
  @RequestBody(QuoteDto)
  quote(@Body() body: QuoteDto | undefined): Promise<JsonBody<Quote>> {
    const { couponCodes, selectedPickup, shippingAddress } = this.withCoupons(forwarded(body));
    return this.clients.get('order').relay(Subjects.order.quote, { couponCodes, selectedPickup, shippingAddress }, CHECKOUT_TIMEOUT_MS);
  }

  @Get('checkout/public-key')
  @Header('cache-control', `public, max-age=${PUBLIC_KEY_MAX_AGE_SECONDS}`)
  @ApiOkResponse({ description: "{ keyId, publicKey (SPKI, base64), algorithm: 'RSA-OAEP-256' }: the browser encrypts the ID number with it" })
  publicKey(): Promise<CheckoutPublicKey> {
    return this.clients.get('order').send(Subjects.order.publicKey, {});
  }

  @Post('orders')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiCreatedResponse({ description: '{ uid, createdAt, orders }: the batch, one order per pharmacy of the cart' })
  @ApiBadRequestResponse({ description: "a missing or malformed field with spec 5's message, removed products ('יש להסיר תחילה את המוצרים שנמחקו'), a shipping reject" })
  @ApiConflictResponse({ description: "the same cart, details and selections already placed and open ('בוצעה הזמנה זהה')" })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 10 orders a minute by one user' })
  @RateLimit(ORDER_CREATE_LIMIT)
  @RequestBody(CreateOrderDto)
  async create(@Body() body: CreateOrderDto | undefined): Promise<OrdersBatch> {
    const batch = await this.clients.get('order').send(Subjects.order.orderCreate, this.withCoupons(forwarded(body)), CHECKOUT_TIMEOUT_MS);
    // Issue 26: the phone given (valid: the order took it) fills an empty profile phone; the order stands either way.
    await this.clients.get('identity').send(Subjects.identity.phoneFill, { phone: body!.phone }).catch(() => undefined);
    return batch;
  }

  @Get('orders/batches/:uid')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiParam({ name: 'uid', description: "the batch's uid, as `POST /api/orders` answered it" })
  @ApiOkResponse({ description: '{ uid, createdAt, orders }' })
  @ApiNotFoundResponse({ description: "no such batch of the signed-in user's" })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  batch(@Param('uid') uid: string): Promise<JsonBody<OrdersBatch>> {
    return this.clients.get('order').relay(Subjects.order.batchGet, { uid });
  }

  @Get('user/orders')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiQuery({ name: 'search', required: false, description: "an order's number or a pharmacy's name" })
  @ApiQuery({ name: 'page', required: false, description: 'from 1; 20 orders a page, newest first' })
  @ApiQuery({ name: 'order', required: false, description: "one order's number: that order alone, when it is the signed-in user's (the links of the order e-mails and texts)" })
  @ApiOkResponse({ description: '{ orders, total, perPage, currentPage }' })
  @ApiBadRequestResponse({ description: 'a malformed page, search or order' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  userOrders(@Query('search') search: unknown, @Query('page') page: unknown, @Query('order') order: unknown): Promise<JsonBody<UserOrdersResponse>> {
    return this.clients.get('order').relay(Subjects.order.userOrders, {
      // Anything but one string (a repeated parameter) goes on as it came, for the service's 400.
      search: search === undefined || search === '' ? undefined : (search as string),
      page: asNumber(page),
      order: asNumber(order),
    });
  }
}
