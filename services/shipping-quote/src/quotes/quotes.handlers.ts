import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ShippingQuoteRequest, Subjects, type ShippingQuoteResponse } from '@mc/contracts';
import { QuotesService } from './quotes.service';

@Controller()
export class QuotesHandlers {
  constructor(@Inject(QuotesService) private readonly quotes: QuotesService) {}

  /** Shipping of each pharmacy of a cart to an address, in the request's order (`ShippingQuoteRequest` → `ShippingQuoteResponse`). */
  @MessagePattern(Subjects.shippingQuote.quote)
  quote(@Payload() request: ShippingQuoteRequest): Promise<ShippingQuoteResponse> {
    return this.quotes.quote(request);
  }
}
