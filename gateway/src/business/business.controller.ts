import { Body, Get, Inject, Param, Patch, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import {
  BusinessUpdateCommand, OpeningHoursUpdateCommand, Subjects, type BusinessCard, type BusinessInfo, type OpeningHours,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { BackOfficeController } from './back-office';

/**
 * The back office's dashboard (API.md "Back office"): pharm's part (card, hours, out-of-stock offers, offers due for a
 * confirm, product count) and order's (figures, recent open orders) asked in parallel. Each service checks the caller
 * against `businessId`.
 */
@BackOfficeController()
@ApiServiceUnavailableResponse({ description: 'pharm or order cannot be reached' })
export class BusinessController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiOkResponse({ description: 'business (the header card), openingHours, stats (orders today / 7 / 30 days / all, customers, products), openOrders, stockoutProducts, staleProducts (published offers stale or due for a confirm within 24 hours, the oldest confirmation first), partnerCode and partnerFeedAt (the pharmacy code at the licensed-data partner and the last change by its feed, null when not partner-synced)' })
  async get(@Param('businessId') businessId: string): Promise<BusinessInfo> {
    const [pharm, orders] = await Promise.all([
      this.clients.get('pharm').send(Subjects.pharm.businessGet, { businessId }),
      this.clients.get('order').send(Subjects.order.businessStats, { businessId }),
    ]);
    return {
      business: pharm.business,
      openingHours: pharm.openingHours,
      openOrders: orders.openOrders,
      stockoutProducts: pharm.stockoutProducts,
      staleProducts: pharm.staleProducts,
      stats: { ordersTotals: orders.ordersTotals, customersTotals: orders.customersTotals, productsTotals: pharm.productsTotals },
      partnerCode: pharm.partnerCode,
      partnerFeedAt: pharm.partnerFeedAt,
      state: pharm.state,
    };
  }

  @Patch()
  @ApiOkResponse({ description: 'the header card as saved' })
  @ApiBadRequestResponse({ description: "name or phone missing ('שדה חובה'), a phone that is not valid" })
  @RequestBody(BusinessUpdateCommand, 'name, phoneNumber, whatsappNumber, wazeAddress (the address is read-only)')
  update(@Param('businessId') businessId: string, @Body() body: BusinessUpdateCommand | undefined): Promise<BusinessCard> {
    return this.clients.get('pharm').send(Subjects.pharm.businessUpdate, { ...forwarded(body), businessId });
  }

  @Put('opening-hours')
  @ApiOkResponse({ description: "{ openingHours }: the week as stored, '0' (Sunday) to '6', slots HH:mm (a slot closing before it opens passes midnight)" })
  @ApiBadRequestResponse({ description: "a slot without its times ('שדה חובה'), or a malformed list" })
  @RequestBody(OpeningHoursUpdateCommand, 'the whole week as a flat list of { dayOfWeek, opensAt, closesAt }; a day without slots is closed')
  hours(@Param('businessId') businessId: string, @Body() body: OpeningHoursUpdateCommand | undefined): Promise<{ openingHours: OpeningHours }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessHoursUpdate, { ...forwarded(body), businessId });
  }
}
