import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import {
  parseComparisonQuery, parseNumber, parseProductListQuery, PRICE_HISTORY_PERIODS, RELATED_SIZE, Subjects,
  type ComparisonResponse, type PriceHistory, type PriceHistoryPeriod, type Product, type ProductDetailResponse, type ProductListResponse,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { JsonBody } from '../clients/service-client';

type RawQuery = Record<string, unknown>;

@ApiTags('catalog')
@Controller('products')
export class ProductsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: 'a page of products with filtersData (facets counted with every filter but their own)' })
  @ApiServiceUnavailableResponse({ description: 'the catalogue is down' })
  list(@Query() query: RawQuery): Promise<JsonBody<ProductListResponse>> {
    return this.clients.get('catalog').readAsJson(Subjects.catalog.productList, parseProductListQuery(query));
  }

  @Get(':slug')
  @ApiOkResponse({ description: 'the product and its tags' })
  @ApiNotFoundResponse({ description: "'המוצר לא נמצא'" })
  @ApiServiceUnavailableResponse({ description: 'the catalogue is down' })
  get(@Param('slug') slug: string): Promise<JsonBody<ProductDetailResponse>> {
    return this.clients.get('catalog').readAsJson(Subjects.catalog.productGet, { slug });
  }

  @Get(':slug/related')
  @ApiOkResponse({ description: 'up to `size` (default 3) similar products, in stock first' })
  @ApiNotFoundResponse({ description: 'unknown product' })
  related(@Param('slug') slug: string, @Query() query: RawQuery): Promise<JsonBody<{ related: Product[] }>> {
    const size = Math.trunc(parseNumber(query.size, 1, 12) ?? RELATED_SIZE);
    return this.clients.get('catalog').readAsJson(Subjects.catalog.productRelated, { slug, size });
  }

  @Get(':slug/pharm-products')
  @ApiOkResponse({
    description: "the product once, its offers across pharmacies (isOpen, hasDelivery, sortBy price|nearby with lat/lng) and each of their pharmacies once",
  })
  @ApiNotFoundResponse({ description: 'unknown product' })
  @ApiServiceUnavailableResponse({ description: 'the pharmacies service is down' })
  comparison(@Param('slug') slug: string, @Query() query: RawQuery): Promise<JsonBody<ComparisonResponse>> {
    return this.clients.get('pharm').readAsJson(Subjects.pharm.comparisonList, parseComparisonQuery(slug, query));
  }

  @Get(':slug/price-history')
  @ApiQuery({ name: 'days', enum: [...PRICE_HISTORY_PERIODS] })
  @ApiOkResponse({ description: "the product's lowest in-stock price per day (shekels) over the last 30, 90 or 365 days, the lowest now, and whether it is the period's lowest" })
  @ApiBadRequestResponse({ description: "'יש לבחור תקופה'" })
  @ApiNotFoundResponse({ description: "'המוצר לא נמצא'" })
  priceHistory(@Param('slug') slug: string, @Query() query: RawQuery): Promise<JsonBody<PriceHistory>> {
    return this.clients.get('pharm').readAsJson(Subjects.pharm.priceHistoryGet, { slug, days: query.days as PriceHistoryPeriod });
  }
}
