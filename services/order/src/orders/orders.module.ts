import { Module } from '@nestjs/common';
import { OrdersOpenConsumer } from '../events/orders-open.consumer';
import { PiiModule } from '../pii/pii.module';
import { BusinessOrdersService } from './business-orders.service';
import { BusinessStatsHandlers } from './business-stats.handlers';
import { BusinessStatsService } from './business-stats.service';
import { DocumentsService } from './documents.service';
import { OrderTransitions } from './order-transitions';
import { OrdersHandlers } from './orders.handlers';
import { OrdersReader } from './orders.reader';

/** The placed orders: the patient's and the pharmacy's views, status transitions, documents and stats. */
@Module({
  imports: [PiiModule],
  controllers: [OrdersHandlers, BusinessStatsHandlers],
  providers: [OrderTransitions, OrdersReader, DocumentsService, BusinessOrdersService, OrdersOpenConsumer, BusinessStatsService],
  exports: [OrdersReader],
})
export class OrdersModule {}
