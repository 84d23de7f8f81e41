import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CartAlternativesDto, CheckoutOffersRequest, ResolveCartDto, Subjects, type CartAlternatives, type CheckoutOffers, type ResolvedCart,
} from '@mc/contracts';
import { Caller } from '@mc/kit';
import { CartFillService } from './cart-fill.service';
import { CartOffersReader } from './cart-offers.reader';

/** A cart's lines and the pharmacy products that fill them: the cart page's lines, its alternatives, and checkout's offers. */
@Controller()
export class CartOffersHandlers {
  constructor(
    @Inject(CartOffersReader) private readonly reader: CartOffersReader,
    @Inject(CartFillService) private readonly fill: CartFillService,
  ) {}

  @MessagePattern(Subjects.pharm.cartResolve)
  resolve(@Payload() request: ResolveCartDto): Promise<ResolvedCart> {
    return this.reader.resolve(request.cartItems);
  }

  /** Works signed out (pickup prices); a signed-in caller's default address prices delivery. */
  @MessagePattern(Subjects.pharm.cartAlternatives)
  alternatives(@Caller() caller: Caller | null, @Payload() request: CartAlternativesDto): Promise<CartAlternatives> {
    return this.fill.alternatives(caller, request.cartItems, { location: request.location, sortBy: request.sortBy ?? 'price' });
  }

  /** Order's question for a quote or an order: the cart's offers as they can be ordered now, priced with discounts and coupons. */
  @MessagePattern(Subjects.pharm.checkoutOffers)
  offers(@Payload() request: CheckoutOffersRequest): Promise<CheckoutOffers> {
    return this.reader.offers(request);
  }
}
