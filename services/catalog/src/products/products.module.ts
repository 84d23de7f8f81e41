import { Module } from '@nestjs/common';
import { ProductsHandlers } from './products.handlers';
import { ProductsReader } from './products.reader';
import { ProductsService } from './products.service';

@Module({ controllers: [ProductsHandlers], providers: [ProductsService, ProductsReader], exports: [ProductsService, ProductsReader] })
export class ProductsModule {}
