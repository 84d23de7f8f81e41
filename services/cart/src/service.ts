import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { CartsModule } from './carts/carts.module';
import { CartEnv } from './config';
import { inbox, outbox } from './db/schema';
import { EventsModule } from './events/events.module';

export const cartService: ServiceDefinition<CartEnv> = {
  name: 'cart',
  env: CartEnv,
  schema: 'cart',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [CartsModule, EventsModule],
};
