import { Module } from '@nestjs/common';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { StockModule } from '../stock/stock.module';
import { CatalogPriceWriter } from './catalog-price.writer';
import { OrderStockConsumer } from './order-stock.consumer';
import { ProductsViewConsumer } from './products-view.consumer';
import { ProductsViewProjector } from './products-view.projector';

/** What pharm consumes: catalog's product events (its view of the products, and the offers that follow the catalogue price) and order's (a placed batch confirms its stock reservation, a canceled order gives its units back). */
@Module({
  imports: [OfferChangesModule, StockModule],
  providers: [ProductsViewProjector, ProductsViewConsumer, CatalogPriceWriter, OrderStockConsumer],
  exports: [ProductsViewProjector],
})
export class EventsModule {}
