import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CheckoutOffersRequest, Subjects, type CheckoutOffers } from '@mc/contracts';
import { CheckoutReader } from './checkout.reader';

@Controller()
export class CheckoutHandlers {
  constructor(@Inject(CheckoutReader) private readonly reader: CheckoutReader) {}

  /** Order's question for a quote or an order: the cart's offers as they can be ordered now, priced with discounts and coupons. */
  @MessagePattern(Subjects.pharm.checkoutOffers)
  offers(@Payload() request: CheckoutOffersRequest): Promise<CheckoutOffers> {
    return this.reader.offers(request);
  }
}
