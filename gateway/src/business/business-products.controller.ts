import { Body, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import {
  PharmProductCreateCommand, PharmProductsUpdateCommand, Subjects,
  type BusinessPharmProduct, type BusinessPharmProductsPage, type BusinessProductOptionsPage, type OfferHistory,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { asNumber, asText } from '../http/query-values';
import { BackOfficeController } from './back-office';

/**
 * The back office's products (API.md "Back office"): the pharmacy's offers, the catalogue picker, create, edit (a list,
 * all or none), remove and bump. The gateway forwards `businessId` from the path; pharm checks the caller against it.
 */
@BackOfficeController()
export class BusinessProductsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('products')
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false, description: "the product's Hebrew or English name" })
  @ApiOkResponse({ description: '{ pharmProducts, total, perPage, currentPage }: ordered by T/C dosage group, then the last bumped, then name' })
  @ApiBadRequestResponse({ description: 'a page or search that is not valid' })
  list(@Param('businessId') businessId: string, @Query() query: Record<string, unknown>): Promise<BusinessPharmProductsPage> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProducts, { businessId, page: asNumber(query.page), search: asText(query.search) });
  }

  @Get('product-options')
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false })
  @ApiOkResponse({ description: '{ products, total, perPage, currentPage }: catalogue products this pharmacy does not offer yet' })
  @ApiBadRequestResponse({ description: 'a page or search that is not valid' })
  options(@Param('businessId') businessId: string, @Query() query: Record<string, unknown>): Promise<BusinessProductOptionsPage> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductOptions, { businessId, page: asNumber(query.page), search: asText(query.search) });
  }

  @Get('products/:id')
  @ApiOkResponse({ description: '{ pharmProduct }' })
  @ApiBadRequestResponse({ description: "an id that is not a number ('כתובת לא תקינה')" })
  get(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ pharmProduct: BusinessPharmProduct }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductGet, { businessId, id: asNumber(id) as number });
  }

  @Post('products')
  @ApiCreatedResponse({ description: '{ pharmProduct }: the new offer (price 0 = the catalogue price)' })
  @ApiBadRequestResponse({ description: "a field that is not valid, with spec 5's message ('חובה להזין מחיר', 'יש להזין מחיר תקין', 'חובה להזין כמות מלאי')" })
  @ApiConflictResponse({ description: "the pharmacy already offers the product ('המוצר כבר קיים בבית המרקחת')" })
  @RequestBody(PharmProductCreateCommand)
  create(@Param('businessId') businessId: string, @Body() body: PharmProductCreateCommand | undefined): Promise<{ pharmProduct: BusinessPharmProduct }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductCreate, { ...forwarded(body), businessId });
  }

  @Patch('products')
  @ApiOkResponse({ description: '{ pharmProducts }: the offers as stored, all or none' })
  @ApiBadRequestResponse({ description: "a field that is not valid (spec 5), or a partner-locked price or stock ('שדה זה מתעדכן אוטומטית ואינו ניתן לעריכה')" })
  @RequestBody(PharmProductsUpdateCommand)
  update(@Param('businessId') businessId: string, @Body() body: PharmProductsUpdateCommand | undefined): Promise<{ pharmProducts: BusinessPharmProduct[] }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductsUpdate, { ...forwarded(body), businessId });
  }

  @Delete('products/:id')
  @ApiOkResponse({ description: '{ ok: true }' })
  remove(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ ok: true }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductRemove, { businessId, id: asNumber(id) as number });
  }

  @Post('products/:id/bump')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ pharmProduct }: with its new bumpedAt' })
  bump(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ pharmProduct: BusinessPharmProduct }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductBump, { businessId, id: asNumber(id) as number });
  }

  @Post('products/:id/confirm')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ pharmProduct }: its price and stock confirmed as of now (confirmedAt)' })
  @ApiBadRequestResponse({ description: "a partner-locked offer: the feed confirms it ('שדה זה מתעדכן אוטומטית ואינו ניתן לעריכה')" })
  confirm(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ pharmProduct: BusinessPharmProduct }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductConfirm, { businessId, id: asNumber(id) as number });
  }

  @Get('products/:id/history')
  @ApiOkResponse({ description: "{ id, productSlug, entries }: the offer's changes of price, stock and publication in the last year, newest first (at most 200), each with its source (back-office, feed, order, system)" })
  history(@Param('businessId') businessId: string, @Param('id') id: string): Promise<OfferHistory> {
    return this.clients.get('pharm').send(Subjects.pharm.businessProductHistory, { businessId, id: asNumber(id) as number });
  }
}
