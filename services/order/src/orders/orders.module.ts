import { Module } from '@nestjs/common';
import { CheckoutService } from '../checkout/checkout.service';
import { PiiKeys } from '../checkout/pii-keys.service';
import { OrdersOpenConsumer } from '../events/orders-open.consumer';
import { BusinessOrdersService } from './business-orders.service';
import { BusinessStatsHandlers } from './business-stats.handlers';
import { BusinessStatsService } from './business-stats.service';
import { DocumentsService } from './documents.service';
import { OrderTransitions } from './order-transitions';
import { OrdersHandlers } from './orders.handlers';
import { OrdersReader } from './orders.reader';
import { OrdersWriter } from './orders.writer';

@Module({
  controllers: [OrdersHandlers, BusinessStatsHandlers],
  providers: [CheckoutService, PiiKeys, OrderTransitions, OrdersReader, OrdersWriter, DocumentsService, BusinessOrdersService, OrdersOpenConsumer, BusinessStatsService],
})
export class OrdersModule {}
