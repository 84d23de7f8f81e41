import { join } from 'node:path';
import type { ServiceDefinition } from '@mc/kit';
import { PharmEnv } from './config';
import { inbox, outbox } from './db/schema';
import { AlertsModule } from './alerts/alerts.module';
import { AnnouncementsModule } from './announcements/announcements.module';
import { BusinessInfoModule } from './business/business-info.module';
import { BusinessProductsModule } from './business-products/business-products.module';
import { CompaniesModule } from './companies/companies.module';
import { CartOffersModule } from './cart-offers/cart-offers.module';
import { DiscountsModule } from './discounts/discounts.module';
import { EventsModule } from './events/events.module';
import { ManageModule } from './manage/manage.module';
import { MediaModule } from './media/media.module';
import { PharmProductsModule } from './pharm-products/pharm-products.module';
import { PharmsModule } from './pharms/pharms.module';
import { SeedModule } from './seed/seed.module';
import { SitemapModule } from './sitemap/sitemap.module';
import { StockModule } from './stock/stock.module';
import { StockFeedModule } from './stock-feed/stock-feed.module';
import { StockDaysModule } from './stock-days/stock-days.module';

export const pharmService: ServiceDefinition<PharmEnv> = {
  name: 'pharm',
  env: PharmEnv,
  schema: 'pharm',
  tables: { outbox, inbox },
  migrationsFolder: join(__dirname, 'migrations'),
  imports: [PharmsModule, PharmProductsModule, DiscountsModule, CartOffersModule, StockModule, EventsModule, MediaModule, SitemapModule, BusinessInfoModule, BusinessProductsModule, AnnouncementsModule, SeedModule, StockFeedModule, CompaniesModule, StockDaysModule, ManageModule, AlertsModule],
};
