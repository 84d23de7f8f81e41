import { Controller, Get, HttpException, Inject, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import {
  ErrorCodes, Messages, parseLocation, parsePharmListQuery, parsePharmProductId, parsePharmProductListQuery, Subjects,
  type PharmDetailResponse, type PharmListQuery, type PharmListResponse, type PharmProduct, type PharmProductDetailResponse,
  type PharmProductListResponse, type Slide,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { JsonBody } from '../clients/service-client';

type RawQuery = Record<string, unknown>;

/** The spec's 'כתובת לא תקינה' for a pharm product id that is not a number. */
function pharmProductIdOr400(raw: string): number {
  const id = parsePharmProductId(raw);
  if (id === undefined) throw new HttpException({ statusCode: 400, code: ErrorCodes.badRequest, message: Messages.invalidUrl }, 400);
  return id;
}

@ApiTags('pharmacies')
@Controller('pharms')
export class PharmsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: 'a page of pharmacies (open, openInSaturday, locationRadius, delivery, lat/lng + distance, firstPharmSlugs, hasPharmProducts) with the distances facet' })
  @ApiServiceUnavailableResponse({ description: 'the pharmacies service is down' })
  async list(@Query() query: RawQuery): Promise<JsonBody<PharmListResponse>> {
    const parsed: PharmListQuery = parsePharmListQuery(query);
    if (parsed.locationRadius !== undefined) parsed.area = await this.area(parsed.locationRadius);
    return this.clients.get('pharm').readAsJson(Subjects.pharm.pharmList, parsed);
  }

  @Get(':slug')
  @ApiOkResponse({ description: 'the pharmacy (distance from lat/lng, open now) and its current announcements' })
  @ApiNotFoundResponse({ description: 'unknown pharmacy' })
  get(@Param('slug') slug: string, @Query() query: RawQuery): Promise<JsonBody<PharmDetailResponse>> {
    return this.clients.get('pharm').readAsJson(Subjects.pharm.pharmGet, { slug, location: parseLocation(query) });
  }

  @Get(':slug/slides')
  @ApiOkResponse({ description: "the pharmacy's slides (placements 1 to 4) with their pharm products" })
  @ApiNotFoundResponse({ description: 'unknown pharmacy' })
  slides(@Param('slug') slug: string): Promise<JsonBody<{ slides: Slide[] }>> {
    return this.clients.get('pharm').readAsJson(Subjects.pharm.slideList, { slug });
  }

  @Get(':slug/products')
  @ApiOkResponse({ description: "a page of the pharmacy's products with filtersData; firstProduct shown first" })
  @ApiNotFoundResponse({ description: 'unknown pharmacy' })
  products(@Param('slug') slug: string, @Query() query: RawQuery): Promise<JsonBody<PharmProductListResponse>> {
    return this.clients.get('pharm').readAsJson(Subjects.pharm.pharmProductList, { ...parsePharmProductListQuery(query), slug });
  }

  @Get(':slug/products/:id')
  @ApiOkResponse({ description: "the pharm product, the pharmacy's variants of it, its shipments and tags" })
  @ApiBadRequestResponse({ description: "'כתובת לא תקינה' for a non-numeric id" })
  @ApiNotFoundResponse({ description: 'unknown pharmacy or pharm product' })
  product(@Param('slug') slug: string, @Param('id') rawId: string): Promise<JsonBody<PharmProductDetailResponse>> {
    const id = pharmProductIdOr400(rawId);
    return this.clients.pages.json(`pharm-product ${slug} ${id}`, async () => {
      const detail = await this.clients.get('pharm').send(Subjects.pharm.pharmProductGet, { slug, id });
      const { shipments } = await this.clients.get('shipping-quote').send(Subjects.shippingQuote.shipmentListByPharm, { pharmSlug: slug });
      return { ...detail, shipments };
    });
  }

  @Get(':slug/products/:id/related')
  @ApiOkResponse({ description: "similar products of the same pharmacy" })
  @ApiBadRequestResponse({ description: "'כתובת לא תקינה' for a non-numeric id" })
  @ApiNotFoundResponse({ description: 'unknown pharmacy or pharm product' })
  related(@Param('slug') slug: string, @Param('id') rawId: string): Promise<JsonBody<{ related: PharmProduct[] }>> {
    return this.clients.get('pharm').readAsJson(Subjects.pharm.pharmProductRelated, { slug, id: pharmProductIdOr400(rawId) });
  }

  /** A district or city of the locations tree as the pharmacies filter it; the country (or an unknown id) filters nothing. */
  private async area(id: number): Promise<PharmListQuery['area']> {
    const location = await this.clients.get('shipping-quote').read(Subjects.shippingQuote.locationGet, { id })
      .catch((err: { status?: number }) => { if (err.status === 404 || err.status === 400) return undefined; throw err; });
    return location && location.type !== 'country' ? { type: location.type, name: location.displayText } : undefined;
  }
}
