import { Body, Controller, Delete, Get, Inject, Put, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import {
  parseLocation, PER_PAGE, PRESCRIPTION_PRODUCTS_SIZE, PrescriptionDto, Subjects,
  type Product, type PrescriptionProductsResponse, type PrescriptionResponse,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';

/**
 * "My prescription" of the signed-in user (medical data): identity keeps it and checks the caller from the token;
 * every answer here is personal (`no-store`, see security-headers), and the categories never travel in a URL.
 */
@ApiTags('user')
@Controller('user/prescription')
@UseGuards(AuthGuard('jwt'))
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'no valid token' })
export class PrescriptionController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: '{ prescription: { categories, monthlyGrams, updatedAt } | null }' })
  get(): Promise<PrescriptionResponse> {
    return this.clients.get('identity').send(Subjects.identity.prescriptionGet, {});
  }

  @Put()
  @ApiOkResponse({ description: 'the saved prescription (replaces the one before)' })
  @ApiBadRequestResponse({ description: 'categories outside the allowed set, none or more than 6, or monthly grams outside 1..300 (Hebrew message)' })
  @RequestBody(PrescriptionDto)
  save(@Body() body: PrescriptionDto | undefined): Promise<PrescriptionResponse> {
    const { categories, monthlyGrams } = forwarded(body);
    return this.clients.get('identity').send(Subjects.identity.prescriptionSave, { categories, monthlyGrams });
  }

  @Delete()
  @ApiOkResponse({ description: '{ prescription: null }: the prescription is deleted' })
  remove(): Promise<PrescriptionResponse> {
    return this.clients.get('identity').send(Subjects.identity.prescriptionRemove, {});
  }

  /**
   * In-stock products of the caller's categories; with `lat`/`lng`, each with the nearest pharmacy that has it in
   * stock, the nearest first. The categories go from identity to the catalogue here, not through the browser's URL.
   */
  @Get('products')
  @ApiOkResponse({ description: `up to ${PRESCRIPTION_PRODUCTS_SIZE} products, each with its nearest in-stock pharmacy (lat/lng given), nearest first` })
  async products(@Query() query: Record<string, unknown>): Promise<PrescriptionProductsResponse> {
    const { prescription } = await this.clients.get('identity').send(Subjects.identity.prescriptionGet, {});
    if (!prescription) return { products: [] };
    const { products } = await this.clients.get('catalog').read(Subjects.catalog.productList, {
      page: 1, sortBy: 'popular', inStock: true, dosages: prescription.categories,
      types: [], cannabisTypes: [], companies: [], firstProductSlugs: [],
    });
    const location = parseLocation(query);
    const chosen = products.slice(0, Math.min(PRESCRIPTION_PRODUCTS_SIZE, PER_PAGE.products));
    const withNearest = await Promise.all(chosen.map(async (product) => ({ product, nearest: await this.nearest(product, location) })));
    if (!location) return { products: withNearest };
    const far = (d: number | null | undefined) => d ?? Number.POSITIVE_INFINITY;
    return { products: withNearest.sort((a, b) => far(a.nearest?.distance) - far(b.nearest?.distance)) };
  }

  /** The nearest pharmacy with the product in stock (the first in-stock offer when no position is known). */
  private async nearest(product: Product, location: ReturnType<typeof parseLocation>): Promise<PrescriptionProductsResponse['products'][number]['nearest']> {
    const { offers } = await this.clients.get('pharm').read(Subjects.pharm.comparisonList, {
      slug: product.slug, location, isOpen: false, hasDelivery: false, isPromoted: false, sortBy: location ? 'nearby' : 'price',
    });
    // The comparison lists in-stock offers only, nearest (or cheapest) first.
    const [offer] = offers;
    return offer ? { pharmName: offer.pharm.name, pharmSlug: offer.pharm.slug, distance: offer.pharm.distance ?? null } : null;
  }
}
