import type { Type } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { CheckoutController } from './checkout.controller';
import { DocumentsController } from './documents.controller';

/** Checkout and orders (coupons, quote, public key, orders, documents) and the first-party analytics counter. */
export const checkoutControllers: Type<unknown>[] = [CheckoutController, DocumentsController, AnalyticsController];
export { registerDocumentUploads } from './documents';
