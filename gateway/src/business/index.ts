import type { Type } from '@nestjs/common';
import { BusinessAnnouncementsController } from './business-announcements.controller';
import { BusinessDiscountsController } from './business-discounts.controller';
import { BusinessOrdersController } from './business-orders.controller';
import { BusinessProductsController } from './business-products.controller';
import { BusinessShipmentsController } from './business-shipments.controller';
import { BusinessController } from './business.controller';

/**
 * The back office under /api/business/{businessId} (API.md "Back office"). The gateway only authenticates and
 * forwards: every service checks the caller against the business itself (`@RequireBusiness()`).
 */
export const businessControllers: Type<unknown>[] = [
  BusinessController, BusinessOrdersController, BusinessProductsController, BusinessDiscountsController, BusinessShipmentsController,
  BusinessAnnouncementsController,
];
