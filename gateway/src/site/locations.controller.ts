import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Subjects, type Location } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';

@ApiTags('catalog')
@Controller('locations')
export class LocationsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: 'the locations tree: country, districts, cities (id, parentId, type, displayText)' })
  list(): Promise<{ locations: Location[] }> {
    return this.clients.get('shipping-quote').read(Subjects.shippingQuote.locationList, {});
  }
}
