import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { AddressesModule } from './addresses/addresses.module';
import { ShippingQuoteEnv } from './config';
import { inbox, outbox } from './db/schema';
import { LocationsModule } from './locations/locations.module';
import { QuotesModule } from './quotes/quotes.module';
import { ShipmentsModule } from './shipments/shipments.module';

export const shippingQuoteService: ServiceDefinition<ShippingQuoteEnv> = {
  name: 'shipping-quote',
  env: ShippingQuoteEnv,
  schema: 'shipping_quote',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [LocationsModule, ShipmentsModule, AddressesModule, QuotesModule],
};
