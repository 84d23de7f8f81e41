import { Module } from '@nestjs/common';
import { ProductIndex } from './product-index';
import { ProductsHandlers } from './products.handlers';
import { ProductsReader } from './products.reader';
import { ProductsWriter } from './products.writer';

@Module({ controllers: [ProductsHandlers], providers: [ProductIndex, ProductsWriter, ProductsReader], exports: [ProductIndex, ProductsWriter, ProductsReader] })
export class ProductsModule {}
