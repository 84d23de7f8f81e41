import { Body, Controller, Delete, Get, Inject, Logger, Put, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import {
  ADDRESS_SEARCH_MAX_LENGTH, parseLocation, PER_PAGE, PRESCRIPTION_PRODUCTS_SIZE, PrescriptionDto, Subjects,
  type GeoPoint, type ProductCard, type PrescriptionProductsResponse, type PrescriptionResponse,
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
  private readonly logger = new Logger('Prescription');

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
   * In-stock products of the caller's categories, each with the nearest pharmacy that has it in stock, the nearest
   * first: near `lat`/`lng` when the browser gave them, else near the caller's default address. The categories go
   * from identity to the catalogue here, not through the browser's URL.
   */
  @Get('products')
  @ApiOkResponse({ description: `up to ${PRESCRIPTION_PRODUCTS_SIZE} products, each with its nearest in-stock pharmacy (to lat/lng, else to the default address), nearest first; near: position | address | null` })
  async products(@Query() query: Record<string, unknown>): Promise<PrescriptionProductsResponse> {
    const { prescription } = await this.clients.get('identity').send(Subjects.identity.prescriptionGet, {});
    if (!prescription) return { products: [], near: null };
    const { products } = await this.clients.get('catalog').read(Subjects.catalog.productList, {
      page: 1, sortBy: 'popular', inStock: true, dosages: prescription.categories,
      types: [], cannabisTypes: [], companies: [], firstProductSlugs: [],
    });
    const position = parseLocation(query);
    const home = position ? undefined : await this.defaultAddressPoint();
    const location = position ?? home;
    const near = position ? 'position' : home ? 'address' : null;
    const chosen = products.slice(0, Math.min(PRESCRIPTION_PRODUCTS_SIZE, PER_PAGE.products));
    const withNearest = await Promise.all(chosen.map(async (product) => ({ product, nearest: await this.nearest(product, location) })));
    if (!location) return { products: withNearest, near };
    const far = (d: number | null | undefined) => d ?? Number.POSITIVE_INFINITY;
    return { products: withNearest.sort((a, b) => far(a.nearest?.distance) - far(b.nearest?.distance)), near };
  }

  /**
   * Where the caller's default address is (its street's position, or its city's centre), found by the address search;
   * none without a default address or when either service does not answer: the products then come without distances.
   */
  private async defaultAddressPoint(): Promise<GeoPoint | undefined> {
    try {
      const { addresses } = await this.clients.get('identity').send(Subjects.identity.addressList, {});
      const address = addresses.find((a) => a.isDefault);
      if (!address) return undefined;
      const text = address.address.slice(0, ADDRESS_SEARCH_MAX_LENGTH);
      const [found] = (await this.clients.get('shipping-quote').send(Subjects.shippingQuote.addressSearch, { text })).results;
      return found?.lat !== undefined && found.lng !== undefined ? { lat: found.lat, lng: found.lng } : undefined;
    } catch (err) {
      // The reason only: never the address.
      this.logger.warn(`no position for the default address: ${err instanceof Error ? err.message : typeof err}`);
      return undefined;
    }
  }

  /** The nearest pharmacy with the product in stock (the first in-stock offer when no position is known). */
  private async nearest(product: ProductCard, location: ReturnType<typeof parseLocation>): Promise<PrescriptionProductsResponse['products'][number]['nearest']> {
    const { offers } = await this.clients.get('pharm').read(Subjects.pharm.comparisonList, {
      slug: product.slug, location, isOpen: false, hasDelivery: false, isPromoted: false, sortBy: location ? 'nearby' : 'price',
    });
    // The comparison lists in-stock offers only, nearest (or cheapest) first.
    const [offer] = offers;
    return offer ? { pharmName: offer.pharm.name, pharmSlug: offer.pharm.slug, distance: offer.pharm.distance ?? null } : null;
  }
}
