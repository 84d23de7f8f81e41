import { Module } from '@nestjs/common';
import { ProductsViewConsumer } from './products-view.consumer';
import { ProductsViewProjector } from './products-view.projector';

@Module({ providers: [ProductsViewProjector, ProductsViewConsumer], exports: [ProductsViewProjector] })
export class ProductsViewModule {}
