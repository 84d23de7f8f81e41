import { Module } from '@nestjs/common';
import { ProductsViewConsumer } from './products-view.consumer';
import { ProductsViewProjector } from './products-view.projector';

/** What pharm consumes: catalog's product events, projected into its view of the products. */
@Module({ providers: [ProductsViewProjector, ProductsViewConsumer], exports: [ProductsViewProjector] })
export class EventsModule {}
