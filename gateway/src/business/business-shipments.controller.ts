import { Body, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { ErrorCodes, isServiceError, Messages, ShipmentFields, Subjects, type BusinessShipment, type BusinessShipmentsPage } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { asNumber } from '../http/query-values';
import { BackOfficeController } from './back-office';

/**
 * The pharmacy's shipments (spec §2 shipment management), kept by shipping-quote, which checks the caller against
 * the business (members and admins; 404 for another business). Shipping-quote asks no other service (pharm asks it for
 * delivery prices), so whether the business is a pharmacy at all (404 otherwise, an admin's too) pharm answers here first.
 * Money in shekels.
 */
@BackOfficeController('/shipments')
export class BusinessShipmentsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  /** Shipping-quote's answer once pharm knows the business as a pharmacy; 404 'העסק לא נמצא' when it does not. */
  private async ofPharmacy<T>(businessId: string, call: () => Promise<T>): Promise<T> {
    try {
      await this.clients.get('pharm').read(Subjects.pharm.pharmGet, { slug: businessId, anyState: true });
    } catch (err) {
      if (isServiceError(err) && err.status === 404) throw { status: 404, code: ErrorCodes.notFound, message: Messages.businessNotFound };
      throw err;
    }
    return call();
  }

  @Get()
  @ApiQuery({ name: 'page', required: false, description: 'from 1; perPage is the server’s (20), newest first' })
  @ApiOkResponse({ description: '{ shipments, total, perPage, currentPage }' })
  @ApiBadRequestResponse({ description: 'a malformed page' })
  @ApiNotFoundResponse({ description: 'not a business of the caller’s, or not a pharmacy' })
  page(@Param('businessId') businessId: string, @Query('page') page: unknown): Promise<BusinessShipmentsPage> {
    return this.ofPharmacy(businessId, () => this.clients.get('shipping-quote').send(Subjects.shippingQuote.businessShipments, { businessId, page: asNumber(page) }));
  }

  @Get(':id')
  @ApiOkResponse({ description: '{ shipment: { id, name, published, addresses: [{ locationId, location }], pricings } }' })
  @ApiNotFoundResponse({ description: 'no such shipment of the pharmacy’s, or not a business of the caller’s' })
  get(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ shipment: BusinessShipment }> {
    return this.ofPharmacy(businessId, () => this.clients.get('shipping-quote').send(Subjects.shippingQuote.businessShipmentGet, { businessId, id: asNumber(id) as number }));
  }

  @Post()
  @ApiCreatedResponse({ description: '{ shipment }' })
  @ApiBadRequestResponse({ description: "spec §5: 'חובה להזין שם משלוח', 'שדה חובה' (no area, a pricing row incomplete), an unknown location" })
  @ApiNotFoundResponse({ description: 'not a business of the caller’s, or not a pharmacy' })
  @RequestBody(ShipmentFields)
  create(@Param('businessId') businessId: string, @Body() body: ShipmentFields | undefined): Promise<{ shipment: BusinessShipment }> {
    return this.ofPharmacy(businessId, () => this.clients.get('shipping-quote').send(Subjects.shippingQuote.businessShipmentCreate, { ...forwarded(body), businessId }));
  }

  @Patch(':id')
  @ApiOkResponse({ description: '{ shipment }: the whole shipment replaced' })
  @ApiBadRequestResponse({ description: 'as for POST' })
  @ApiNotFoundResponse({ description: 'no such shipment of the pharmacy’s, or not a business of the caller’s' })
  @RequestBody(ShipmentFields)
  update(@Param('businessId') businessId: string, @Param('id') id: string, @Body() body: ShipmentFields | undefined): Promise<{ shipment: BusinessShipment }> {
    return this.ofPharmacy(businessId, () => this.clients.get('shipping-quote').send(Subjects.shippingQuote.businessShipmentUpdate, { ...forwarded(body), businessId, id: asNumber(id) as number }));
  }

  @Delete(':id')
  @ApiOkResponse({ description: '{ ok: true }' })
  @ApiNotFoundResponse({ description: 'no such shipment of the pharmacy’s, or not a business of the caller’s' })
  remove(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ ok: true }> {
    return this.ofPharmacy(businessId, () => this.clients.get('shipping-quote').send(Subjects.shippingQuote.businessShipmentRemove, { businessId, id: asNumber(id) as number }));
  }
}
