import { Body, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiParam, ApiQuery,
} from '@nestjs/swagger';
import {
  DiscountFields, DiscountMessages, ErrorCodes, Subjects,
  type BusinessDiscount, type BusinessDiscountsPage, type DiscountProductOptionsPage, type ServiceError,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { couponsEnabled, GatewayEnv } from '../config';
import { RequestBody } from '../docs/request-bodies';
import { asNumber, asText } from '../http/query-values';
import { BackOfficeController } from './back-office';

const couponsOff = (): ServiceError => ({ status: 400, code: ErrorCodes.badRequest, message: DiscountMessages.couponsOff });

/**
 * A pharmacy's discounts and coupons in the back office (API.md "Back office"), kept by pharm, which checks the caller
 * against the business itself. While coupons are off (FEATURE_COUPONS) no coupon-type discount is created or changed.
 */
@BackOfficeController()
export class BusinessDiscountsController {
  private readonly coupons: boolean;

  constructor(
    @Inject(ServiceClients) private readonly clients: ServiceClients,
    @Inject(GatewayEnv) env: GatewayEnv,
  ) {
    this.coupons = couponsEnabled(env);
  }

  private fields(body: DiscountFields | undefined): DiscountFields {
    const fields = forwarded(body);
    if (!this.coupons && (fields as { type?: unknown }).type === 'coupon') throw couponsOff();
    return fields;
  }

  @Get('discounts')
  @ApiQuery({ name: 'page', required: false, description: 'from 1; 20 discounts a page, newest first' })
  @ApiOkResponse({ description: '{ discounts, total, perPage, currentPage }; amounts in percent or shekels' })
  @ApiBadRequestResponse({ description: 'a malformed page' })
  list(@Param('businessId') businessId: string, @Query('page') page: unknown): Promise<BusinessDiscountsPage> {
    return this.clients.get('pharm').send(Subjects.pharm.businessDiscounts, { businessId, page: asNumber(page) });
  }

  @Get('discount-product-options')
  @ApiQuery({ name: 'page', required: false, description: 'from 1; 30 offers a page' })
  @ApiQuery({ name: 'search', required: false, description: "a product's name" })
  @ApiOkResponse({ description: "{ pharmProducts: [{ id, name, originalPrice (shekels, before discounts) }], total, perPage, currentPage }: the pharmacy's offers" })
  @ApiBadRequestResponse({ description: 'a malformed page or search' })
  productOptions(@Param('businessId') businessId: string, @Query('page') page: unknown, @Query('search') search: unknown): Promise<DiscountProductOptionsPage> {
    return this.clients.get('pharm').send(Subjects.pharm.businessDiscountProductOptions, {
      businessId,
      page: asNumber(page),
      // Anything but one string (a repeated parameter) goes on as it came, for pharm's 400.
      search: asText(search),
    });
  }

  @Get('discounts/:code')
  @ApiParam({ name: 'code', description: "the discount's code (any case)" })
  @ApiOkResponse({ description: '{ discount }' })
  get(@Param('businessId') businessId: string, @Param('code') code: string): Promise<{ discount: BusinessDiscount }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessDiscountGet, { businessId, code });
  }

  @Post('discounts')
  @ApiCreatedResponse({ description: '{ discount }' })
  @ApiBadRequestResponse({ description: "a field against spec 5 (its Hebrew message), an offer of another pharmacy, or a coupon while coupons are off" })
  @ApiConflictResponse({ description: "the code is in use by any discount of any pharmacy, whatever its case ('קוד זה כבר קיים')" })
  @RequestBody(DiscountFields)
  create(@Param('businessId') businessId: string, @Body() body: DiscountFields | undefined): Promise<{ discount: BusinessDiscount }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessDiscountCreate, { ...this.fields(body), businessId });
  }

  @Patch('discounts/:code')
  @ApiParam({ name: 'code', description: "the discount's current code; the body's code may change it" })
  @ApiOkResponse({ description: '{ discount }' })
  @ApiBadRequestResponse({ description: "a field against spec 5 (its Hebrew message), an offer of another pharmacy, or a coupon while coupons are off" })
  @ApiConflictResponse({ description: "the new code is in use by another discount ('קוד זה כבר קיים')" })
  @RequestBody(DiscountFields)
  update(@Param('businessId') businessId: string, @Param('code') code: string, @Body() body: DiscountFields | undefined): Promise<{ discount: BusinessDiscount }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessDiscountUpdate, { ...this.fields(body), businessId, currentCode: code });
  }

  @Delete('discounts/:code')
  @ApiParam({ name: 'code', description: "the discount's code (any case)" })
  @ApiOkResponse({ description: '{ ok: true }' })
  remove(@Param('businessId') businessId: string, @Param('code') code: string): Promise<{ ok: true }> {
    return this.clients.get('pharm').send(Subjects.pharm.businessDiscountRemove, { businessId, code });
  }
}
