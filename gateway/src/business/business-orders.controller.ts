import { Body, Get, Header, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiQuery,
} from '@nestjs/swagger';
import { OrderStatusUpdateCommand, Subjects, type BusinessOrdersPage, type OrderStatus } from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded, type JsonBody } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { asNumber, asText } from '../http/query-values';
import { BackOfficeController } from './back-office';

/**
 * The back office's orders (API.md "Back office"), kept by the order service: it checks the caller against the
 * business of the path (401, 403 for a user who manages no business, 404 for another business or one that is not a
 * pharmacy) and every order against that pharmacy. The gateway only forwards.
 */
@BackOfficeController('/orders')
export class BusinessOrdersController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, description: 'from 1; 20 orders a page (perPage), newest first' })
  @ApiQuery({ name: 'search', required: false, description: "an order's number, a phone (with or without dashes), an e-mail, or words of the customer's name" })
  @ApiOkResponse({ description: '{ orders, total, perPage, currentPage }: each order with its items, totals, discounts, shipping, address or pickup, notes, contact and hasIdNumber' })
  @ApiBadRequestResponse({ description: 'a malformed page or search' })
  @ApiNotFoundResponse({ description: "not a business of the caller's, or not a pharmacy ('העסק לא נמצא')" })
  list(@Param('businessId') businessId: string, @Query('page') page: unknown, @Query('search') search: unknown): Promise<JsonBody<BusinessOrdersPage>> {
    return this.clients.get('order').relay(Subjects.order.businessOrders, {
      businessId,
      page: asNumber(page) as number | undefined,
      search: asText(search),
    });
  }

  @Patch()
  @RequestBody(OrderStatusUpdateCommand, "{ orders: [{ orderId, status }] } (status: pending, complete or canceled; the business comes from the path); all or none")
  @ApiOkResponse({ description: '{ orders: [{ orderId, status }] }: each order as it is now' })
  @ApiBadRequestResponse({ description: 'a malformed list, or a status the pharmacy may not set (new, open, closed)' })
  @ApiNotFoundResponse({ description: "an order of another pharmacy ('ההזמנה לא נמצאה'), or not a business of the caller's" })
  @ApiConflictResponse({ description: "an order already complete, canceled or closed ('לא ניתן לשנות את סטטוס ההזמנה')" })
  updateStatuses(@Param('businessId') businessId: string, @Body() body: OrderStatusUpdateCommand | undefined): Promise<{ orders: { orderId: number; status: OrderStatus }[] }> {
    return this.clients.get('order').send(Subjects.order.businessStatusUpdate, { ...forwarded(body), businessId });
  }

  /** POST, never GET: nothing on the way may cache or prefetch it; each reading is recorded by the order service. */
  @Post(':orderId/id-number')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @ApiParam({ name: 'orderId', description: "the order's number" })
  @ApiOkResponse({ description: '{ idNumber }: decrypted for this reading only' })
  @ApiNotFoundResponse({ description: "an order of another pharmacy ('ההזמנה לא נמצאה'), or not a business of the caller's" })
  @ApiGoneResponse({ description: 'deleted after its retention (30 days after the order became final)' })
  idNumber(@Param('businessId') businessId: string, @Param('orderId') orderId: string): Promise<{ idNumber: string }> {
    return this.clients.get('order').send(Subjects.order.businessIdNumber, { businessId, orderId: asNumber(orderId) as number });
  }
}
