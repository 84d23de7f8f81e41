import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Subjects, type ProductDetailResponse } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';

@ApiTags('catalog')
@Controller('products')
export class ProductsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get(':slug')
  @ApiOkResponse({ description: 'the product and its tags' })
  @ApiNotFoundResponse({ description: "'המוצר לא נמצא'" })
  @ApiServiceUnavailableResponse({ description: 'the catalogue is down' })
  get(@Param('slug') slug: string): Promise<ProductDetailResponse> {
    return this.clients.get('catalog').send(Subjects.catalog.productGet, { slug });
  }
}
