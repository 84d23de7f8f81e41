import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CartAlternativesDto, Subjects, type CartAlternatives } from '@mc/contracts';
import { Caller } from '@mc/kit';
import { CartFillService } from './cart-fill.service';

@Controller()
export class CartFillHandlers {
  constructor(@Inject(CartFillService) private readonly service: CartFillService) {}

  /** Works signed out (pickup prices); a signed-in caller's default address prices delivery. */
  @MessagePattern(Subjects.pharm.cartAlternatives)
  alternatives(@Caller() caller: Caller | null, @Payload() request: CartAlternativesDto): Promise<CartAlternatives> {
    return this.service.alternatives(caller, request.cartItems, { location: request.location, sortBy: request.sortBy ?? 'price' });
  }
}
