import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StockReleaseCommand, StockReserveCommand, Subjects } from '@mc/contracts';
import { StockReservations } from './stock-reservations';

/**
 * Order's stock subjects. They take no user caller: order makes them on the batch's behalf (the bus's permissions let
 * only order call them), and nothing in them names a user.
 */
@Controller()
export class StockHandlers {
  constructor(@Inject(StockReservations) private readonly reservations: StockReservations) {}

  @MessagePattern(Subjects.pharm.stockReserve)
  reserve(@Payload() command: StockReserveCommand): Promise<{ ok: true }> {
    return this.reservations.reserve(command);
  }

  @MessagePattern(Subjects.pharm.stockRelease)
  release(@Payload() command: StockReleaseCommand): Promise<{ ok: true }> {
    return this.reservations.release(command);
  }
}
