import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Messages, SLUG_PATTERN, Subjects, type Shipment } from '@mc/contracts';
import { IsString, Matches, MaxLength } from 'class-validator';
import { ShipmentsService } from './shipments.service';

class ShipmentListRequest {
  @IsString({ message: Messages.pharmNotFound }) @MaxLength(200, { message: Messages.pharmNotFound }) @Matches(SLUG_PATTERN, { message: Messages.pharmNotFound })
  pharmSlug: string;
}

@Controller()
export class ShipmentsHandlers {
  constructor(@Inject(ShipmentsService) private readonly shipments: ShipmentsService) {}

  @MessagePattern(Subjects.shippingQuote.shipmentListByPharm)
  async listByPharm(@Payload() request: ShipmentListRequest): Promise<{ shipments: Shipment[] }> {
    return { shipments: await this.shipments.listByPharm(request.pharmSlug) };
  }
}
