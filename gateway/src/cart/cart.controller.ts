import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  CartAlternativesDto, CartAmountDto, CartItemCommand, CartStoreCommand, ResolveCartDto, Subjects, type CartAlternatives, type Quote, type ResolvedCart, type ServerCart,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';
import { OptionalJwtGuard } from './optional-jwt.guard';

/**
 * Changes to one user's server cart: a person clicking (each click one call, the web's queue one at a time)
 * stays far below this; a script does not. Not a spec rule; over it the answer is 429 in Hebrew.
 */
const CART_WRITE_LIMIT: RateLimitRule = { name: 'cart-write', per: 'user', count: 120, windowSeconds: 60 };

/** A path's product id as a number for the cart service to validate (anything not a positive int4 is its 400). */
/**
 * The whole-cart search per client address: the cart page asks once per change of its products; a crawler asking
 * for every combination does not get far. Not a spec rule; over it the answer is 429 in Hebrew.
 */
const CART_ALTERNATIVES_LIMIT: RateLimitRule = { name: 'cart-alternatives', per: 'client', count: 300, windowSeconds: 60 };

const productId = (raw: string): number => (/^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN);

const CART_ANSWER = '{ items: [{ pharmProductId, amount }], updatedAt }: the cart as the server keeps it after the call (updatedAt null before the first change)';
const LIMIT_REFUSED = "more than 10 of one product ('ניתן להוסיף עד 10 פריטים מאותו מוצר'), more than 50 lines, or a malformed item";

/**
 * The cart routes. `resolve` and `alternatives` work signed out (pharm resolves a cart's lines with their offers, or
 * finds the pharmacies that fill all of it); the others are the signed-in user's server cart, kept by the cart
 * service, which takes the user from the verified caller only.
 */
@ApiTags('cart')
@Controller('cart')
export class CartController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Post('resolve')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ items: [{ pharmProductId, amount, pharmProduct | null }] }: each line with its offer as shown now' })
  @ApiBadRequestResponse({ description: "a malformed cart, one product twice, or more than 10 of one ('ניתן להוסיף עד 10 פריטים מאותו מוצר')" })
  @RequestBody(ResolveCartDto)
  resolve(@Body() body: ResolveCartDto | undefined): Promise<ResolvedCart> {
    return this.clients.get('pharm').send(Subjects.pharm.cartResolve, { cartItems: forwarded(body).cartItems });
  }

  @Post('quote')
  @HttpCode(200)
  @ApiOkResponse({
    description: 'the Quote of POST /api/checkout/quote for these items, every pharmacy picked up and no coupon: the cart page\'s totals '
      + '(after the pharmacies\' automatic discounts) for anyone, signed in or not',
  })
  @ApiBadRequestResponse({ description: "an empty or malformed cart, one product twice, or more than 10 of one ('ניתן להוסיף עד 10 פריטים מאותו מוצר')" })
  @RequestBody(ResolveCartDto)
  quote(@Body() body: ResolveCartDto | undefined): Promise<Quote> {
    return this.clients.get('order').send(Subjects.order.cartQuote, { cartItems: forwarded(body).cartItems });
  }

  @Post('alternatives')
  @HttpCode(200)
  @UseGuards(OptionalJwtGuard)
  @ApiBearerAuth()
  @ApiOkResponse({
    description: "{ shipTo: 'default-address' | 'pickup', options: [{ pharm, distanceKm, lines, itemsTotal, shipping { method, price }, total, isCurrent }] }: "
      + 'the pharmacies (at most 5, cheapest total first, or nearest first with sortBy nearby) with every line in stock, the same product '
      + "or its family at the same T/C dosage; delivery priced to a signed-in caller's default address where the pharmacy ships there, "
      + 'else pickup; distanceKm from the optional location { lat, lng }. Works signed out.',
  })
  @ApiBadRequestResponse({ description: "a malformed cart, one product twice, or more than 10 of one ('ניתן להוסיף עד 10 פריטים מאותו מוצר')" })
  @ApiUnauthorizedResponse({ description: 'a bearer token that is not valid (no token: priced for pickup)' })
  @ApiTooManyRequestsResponse({ description: 'more than 300 a minute from one client address' })
  @RateLimit(CART_ALTERNATIVES_LIMIT)
  @RequestBody(CartAlternativesDto)
  alternatives(@Body() body: CartAlternativesDto | undefined): Promise<CartAlternatives> {
    const { cartItems, location, sortBy } = forwarded(body);
    return this.clients.get('pharm').send(Subjects.pharm.cartAlternatives, { cartItems, location, sortBy });
  }

  @Get()
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: CART_ANSWER })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  get(): Promise<ServerCart> {
    return this.clients.get('cart').send(Subjects.cart.cartGet, {});
  }

  @Put()
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: `the whole list replaced by { cartItems }; ${CART_ANSWER}` })
  @ApiBadRequestResponse({ description: `${LIMIT_REFUSED}, or one product twice` })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 120 cart changes a minute by one user' })
  @RateLimit(CART_WRITE_LIMIT)
  @RequestBody(CartStoreCommand)
  store(@Body() body: CartStoreCommand | undefined): Promise<ServerCart> {
    return this.clients.get('cart').send(Subjects.cart.cartStore, { cartItems: forwarded(body).cartItems });
  }

  @Post('items')
  @HttpCode(200)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiOkResponse({ description: `amount added to the product's line (a new line at the end); ${CART_ANSWER}` })
  @ApiBadRequestResponse({ description: LIMIT_REFUSED })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 120 cart changes a minute by one user' })
  @RateLimit(CART_WRITE_LIMIT)
  @RequestBody(CartItemCommand)
  add(@Body() body: CartItemCommand | undefined): Promise<ServerCart> {
    const { pharmProductId, amount } = forwarded(body);
    return this.clients.get('cart').send(Subjects.cart.itemAdd, { pharmProductId, amount });
  }

  @Patch('items/:pharmProductId')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiParam({ name: 'pharmProductId', description: 'the offer (pharm product) id of a line in the cart' })
  @ApiOkResponse({ description: `the line's amount set; ${CART_ANSWER}` })
  @ApiBadRequestResponse({ description: LIMIT_REFUSED })
  @ApiNotFoundResponse({ description: 'the cart holds no such line' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 120 cart changes a minute by one user' })
  @RateLimit(CART_WRITE_LIMIT)
  @RequestBody(CartAmountDto)
  update(@Param('pharmProductId') pharmProductId: string, @Body() body: CartAmountDto | undefined): Promise<ServerCart> {
    return this.clients.get('cart').send(Subjects.cart.itemUpdate, { pharmProductId: productId(pharmProductId), amount: forwarded(body).amount });
  }

  @Delete('items/:pharmProductId')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiParam({ name: 'pharmProductId', description: 'the offer (pharm product) id of a line in the cart' })
  @ApiOkResponse({ description: `the line removed (removing one the cart does not hold changes nothing else); ${CART_ANSWER}` })
  @ApiBadRequestResponse({ description: 'not a product id' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 120 cart changes a minute by one user' })
  @RateLimit(CART_WRITE_LIMIT)
  remove(@Param('pharmProductId') pharmProductId: string): Promise<ServerCart> {
    return this.clients.get('cart').send(Subjects.cart.itemRemove, { pharmProductId: productId(pharmProductId) });
  }
}
