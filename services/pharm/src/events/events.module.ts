import { Module } from '@nestjs/common';
import { PharmProductsModule } from '../pharm-products/pharm-products.module';
import { OrderStockConsumer } from './order-stock.consumer';
import { ProductsViewConsumer } from './products-view.consumer';
import { ProductsViewProjector } from './products-view.projector';

/** What pharm consumes: catalog's product events (its view of the products) and order's (stock follows orders). */
@Module({ imports: [PharmProductsModule], providers: [ProductsViewProjector, ProductsViewConsumer, OrderStockConsumer], exports: [ProductsViewProjector] })
export class EventsModule {}
