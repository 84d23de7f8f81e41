import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { GEO_SORTS, parsePharmProductListQuery, Subjects, type PharmProductListResponse } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { JsonBody } from '../clients/service-client';

@ApiTags('pharmacies')
@Controller('discounts')
export class DiscountsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: 'a page of discounted pharm products (badge above 1%), sortBy magic|price|popular|new|nearby' })
  list(@Query() query: Record<string, unknown>): Promise<JsonBody<PharmProductListResponse>> {
    return this.clients.get('pharm').readAsJson(Subjects.pharm.discountList, parsePharmProductListQuery(query, GEO_SORTS));
  }
}
