import { Body, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { AnnouncementFields, Subjects, type BusinessAnnouncement, type BusinessAnnouncementsPage } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { asNumber } from '../http/query-values';
import { BackOfficeController } from './back-office';

/**
 * A pharmacy's announcements (API.md "Back office"), kept by pharm: the gateway authenticates and forwards the
 * path's business and id; pharm checks the caller against the business (401, 403, 404) and validates the body.
 */
@BackOfficeController('/announcements')
export class BusinessAnnouncementsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, description: 'from 1 (default 1)' })
  @ApiOkResponse({ description: '{ announcements: [{ id, name, type, content, published, startDate, endDate }], total, perPage, currentPage }, newest first' })
  @ApiNotFoundResponse({ description: 'not a business of the caller (or, for an admin, not a pharmacy)' })
  list(@Param('businessId') businessId: string, @Query('page') page: string | undefined): Promise<BusinessAnnouncementsPage> {
    return this.clients.get('pharm').send(Subjects.pharm.businessAnnouncements, { businessId, page: page as unknown as number | undefined });
  }

  @Get(':id')
  @ApiOkResponse({ description: '{ announcement }' })
  @ApiBadRequestResponse({ description: "an id that is not a number ('כתובת לא תקינה')" })
  @ApiNotFoundResponse({ description: "not a business of the caller, or no such announcement of it ('ההכרזה לא נמצאה')" })
  get(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ announcement: BusinessAnnouncement }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessAnnouncementGet, { businessId, id: asNumber(id) as number });
  }

  @Post()
  @ApiCreatedResponse({ description: '{ announcement }; only an admin’s `type` counts, anyone else’s announcement is a BANNER' })
  @ApiBadRequestResponse({ description: "spec §5's messages: name, content (at most 90 characters), start and end dates, end before start" })
  @ApiNotFoundResponse({ description: 'not a business of the caller' })
  @RequestBody(AnnouncementFields)
  create(@Param('businessId') businessId: string, @Body() body: AnnouncementFields | undefined): Promise<{ announcement: BusinessAnnouncement }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessAnnouncementCreate, { ...forwarded(body), businessId });
  }

  @Patch(':id')
  @ApiOkResponse({ description: '{ announcement }; the type never changes (spec §6)' })
  @ApiBadRequestResponse({ description: "spec §5's messages, or an id that is not a number" })
  @ApiNotFoundResponse({ description: 'not a business of the caller, or no such announcement of it' })
  @RequestBody(AnnouncementFields)
  update(@Param('businessId') businessId: string, @Param('id') id: string, @Body() body: AnnouncementFields | undefined): Promise<{ announcement: BusinessAnnouncement }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessAnnouncementUpdate, { ...forwarded(body), businessId, id: asNumber(id) as number });
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ ok: true }' })
  @ApiBadRequestResponse({ description: 'an id that is not a number' })
  @ApiNotFoundResponse({ description: 'not a business of the caller, or no such announcement of it' })
  remove(@Param('businessId') businessId: string, @Param('id') id: string): Promise<{ ok: true }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessAnnouncementRemove, { businessId, id: asNumber(id) as number });
  }
}
