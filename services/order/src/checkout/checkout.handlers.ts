import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CouponDto, CreateOrderDto, QuoteDto, ResolveCartDto, Subjects,
  type CheckoutPublicKey, type CouponValidation, type OrdersBatch, type Quote,
} from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { PiiKeys } from '../pii/pii-keys.service';
import { CheckoutService } from './checkout.service';
import { OrderPlacement } from './order-placement';

/** Checkout: the cart priced and shipped, its coupons, the ID number's key, and the order placed; the user is always the verified caller. */
@Controller()
export class CheckoutHandlers {
  constructor(
    @Inject(CheckoutService) private readonly checkout: CheckoutService,
    @Inject(PiiKeys) private readonly keys: PiiKeys,
    @Inject(OrderPlacement) private readonly placement: OrderPlacement,
  ) {}

  @MessagePattern(Subjects.order.couponValidate)
  @RequireUser()
  coupon(@Caller() caller: Caller, @Payload() dto: CouponDto): Promise<CouponValidation> {
    return this.checkout.validateCoupon(caller, dto.couponCode.trim());
  }

  @MessagePattern(Subjects.order.quote)
  @RequireUser()
  async quote(@Caller() caller: Caller, @Payload() dto: QuoteDto): Promise<Quote> {
    return (await this.checkout.compute(caller, dto)).quote;
  }

  /** Public: the cart travels in the payload (nothing of anyone's is read), priced for pickup. */
  @MessagePattern(Subjects.order.cartQuote)
  cartQuote(@Payload() dto: ResolveCartDto): Promise<Quote> {
    return this.checkout.quoteItems(dto.cartItems);
  }

  @MessagePattern(Subjects.order.publicKey)
  publicKey(): CheckoutPublicKey {
    return this.keys.publicKey();
  }

  @MessagePattern(Subjects.order.orderCreate)
  @RequireUser()
  create(@Caller() caller: Caller, @Payload() dto: CreateOrderDto): Promise<OrdersBatch> {
    return this.placement.place(caller, dto);
  }
}
