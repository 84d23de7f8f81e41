import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LocationGetRequest, Subjects, type Location } from '@mc/contracts';
import { LocationsService } from './locations.service';

@Controller()
export class LocationsHandlers {
  constructor(@Inject(LocationsService) private readonly locations: LocationsService) {}

  @MessagePattern(Subjects.shippingQuote.locationList)
  async list(): Promise<{ locations: Location[] }> {
    return { locations: await this.locations.list() };
  }

  @MessagePattern(Subjects.shippingQuote.locationGet)
  get(@Payload() request: LocationGetRequest): Promise<Location> {
    return this.locations.get(request.id);
  }
}
