import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { CompaniesModule } from './companies/companies.module';
import { CatalogEnv } from './config';
import { ContentModule } from './content/content.module';
import { inbox, outbox } from './db/schema';
import { EventsModule } from './events/events.module';
import { MediaModule } from './media/media.module';
import { ProductsModule } from './products/products.module';
import { SearchModule } from './search/search.module';
import { SitemapModule } from './sitemap/sitemap.module';
import { TagsModule } from './tags/tags.module';

export const catalogService: ServiceDefinition<CatalogEnv> = {
  name: 'catalog',
  env: CatalogEnv,
  schema: 'catalog',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [ProductsModule, CompaniesModule, TagsModule, SearchModule, ContentModule, MediaModule, EventsModule, SitemapModule],
};
