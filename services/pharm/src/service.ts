import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { PharmEnv } from './config';
import { inbox, outbox } from './db/schema';
import { MediaModule } from './media/media.module';
import { PharmProductsModule } from './pharm-products/pharm-products.module';
import { PharmsModule } from './pharms/pharms.module';
import { ProductsViewModule } from './products-view/products-view.module';
import { SitemapModule } from './sitemap/sitemap.handlers';

export const pharmService: ServiceDefinition<PharmEnv> = {
  name: 'pharm',
  env: PharmEnv,
  schema: 'pharm',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [PharmsModule, PharmProductsModule, ProductsViewModule, MediaModule, SitemapModule],
};
