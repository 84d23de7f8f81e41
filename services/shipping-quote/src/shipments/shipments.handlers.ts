import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BusinessItemRequest, BusinessPageRequest, ShipmentCreateCommand, ShipmentListRequest, Subjects, ShipmentUpdateCommand,
  type BusinessShipment, type BusinessShipmentsPage, type Shipment,
} from '@mc/contracts';
import { Caller, RequireBusiness } from '@mc/kit';
import { ShipmentsService } from './shipments.service';

const fieldsOf = ({ name, published, addresses, pricings }: ShipmentCreateCommand) => ({ name, published, addresses, pricings });

@Controller()
export class ShipmentsHandlers {
  constructor(@Inject(ShipmentsService) private readonly shipments: ShipmentsService) {}

  @MessagePattern(Subjects.shippingQuote.shipmentListByPharm)
  async listByPharm(@Payload() request: ShipmentListRequest): Promise<{ shipments: Shipment[] }> {
    return { shipments: await this.shipments.listByPharm(request.pharmSlug) };
  }

  // The back office: `@RequireBusiness()` admits the business's members and admins; `@Caller()` has the token verified.

  @MessagePattern(Subjects.shippingQuote.businessShipments)
  @RequireBusiness()
  page(@Payload() request: BusinessPageRequest, @Caller() _caller: Caller): Promise<BusinessShipmentsPage> {
    return this.shipments.page(request.businessId, request.page);
  }

  @MessagePattern(Subjects.shippingQuote.businessShipmentGet)
  @RequireBusiness()
  async get(@Payload() request: BusinessItemRequest, @Caller() _caller: Caller): Promise<{ shipment: BusinessShipment }> {
    return { shipment: await this.shipments.get(request.businessId, request.id) };
  }

  @MessagePattern(Subjects.shippingQuote.businessShipmentCreate)
  @RequireBusiness()
  async create(@Payload() command: ShipmentCreateCommand, @Caller() _caller: Caller): Promise<{ shipment: BusinessShipment }> {
    return { shipment: await this.shipments.create(command.businessId, fieldsOf(command)) };
  }

  @MessagePattern(Subjects.shippingQuote.businessShipmentUpdate)
  @RequireBusiness()
  async update(@Payload() command: ShipmentUpdateCommand, @Caller() _caller: Caller): Promise<{ shipment: BusinessShipment }> {
    return { shipment: await this.shipments.update(command.businessId, command.id, fieldsOf(command)) };
  }

  @MessagePattern(Subjects.shippingQuote.businessShipmentRemove)
  @RequireBusiness()
  async remove(@Payload() request: BusinessItemRequest, @Caller() _caller: Caller): Promise<{ ok: true }> {
    await this.shipments.remove(request.businessId, request.id);
    return { ok: true };
  }
}
