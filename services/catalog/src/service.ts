import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { CatalogEnv } from './config';
import { inbox, outbox } from './db/schema';
import { ProductsModule } from './products/products.module';

export const catalogService: ServiceDefinition<CatalogEnv> = {
  name: 'catalog',
  env: CatalogEnv,
  schema: 'catalog',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [ProductsModule],
};
