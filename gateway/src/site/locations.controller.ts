import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Subjects, type Location } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { JsonBody } from '../clients/service-client';

@ApiTags('catalog')
@Controller('locations')
export class LocationsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: 'the locations tree: country, districts, cities (id, parentId, type, displayText)' })
  list(): Promise<JsonBody<{ locations: Location[] }>> {
    return this.clients.get('shipping-quote').readAsJson(Subjects.shippingQuote.locationList, {});
  }
}
