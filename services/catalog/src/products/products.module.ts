import { Module } from '@nestjs/common';
import { ProductsHandlers } from './products.handlers';
import { ProductsReader } from './products.reader';
import { ProductsWriter } from './products.writer';

@Module({ controllers: [ProductsHandlers], providers: [ProductsWriter, ProductsReader], exports: [ProductsWriter, ProductsReader] })
export class ProductsModule {}
