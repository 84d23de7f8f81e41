import { Module } from '@nestjs/common';
import { PharmProductsModule } from '../pharm-products/pharm-products.module';
import { StockModule } from '../stock/stock.module';
import { OrderStockConsumer } from './order-stock.consumer';
import { ProductsViewConsumer } from './products-view.consumer';
import { ProductsViewProjector } from './products-view.projector';

/** What pharm consumes: catalog's product events (its view of the products) and order's (a placed batch confirms its stock reservation, a canceled order gives its units back). */
@Module({ imports: [PharmProductsModule, StockModule], providers: [ProductsViewProjector, ProductsViewConsumer, OrderStockConsumer], exports: [ProductsViewProjector] })
export class EventsModule {}
