import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { OrderEnv } from './config';
import { inbox, outbox } from './db/schema';
import { CheckoutModule } from './checkout/checkout.module';
import { ManageModule } from './manage/manage.module';
import { OrdersModule } from './orders/orders.module';

export const orderService: ServiceDefinition<OrderEnv> = {
  name: 'order',
  env: OrderEnv,
  schema: 'order',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [OrdersModule, CheckoutModule, ManageModule],
};
