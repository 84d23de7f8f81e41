import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ShipmentListRequest, Subjects, type Shipment } from '@mc/contracts';
import { ShipmentsService } from './shipments.service';

@Controller()
export class ShipmentsHandlers {
  constructor(@Inject(ShipmentsService) private readonly shipments: ShipmentsService) {}

  @MessagePattern(Subjects.shippingQuote.shipmentListByPharm)
  async listByPharm(@Payload() request: ShipmentListRequest): Promise<{ shipments: Shipment[] }> {
    return { shipments: await this.shipments.listByPharm(request.pharmSlug) };
  }
}
