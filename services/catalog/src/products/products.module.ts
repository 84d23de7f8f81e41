import { Module } from '@nestjs/common';
import { ProductIndex } from './product-index';
import { ProductsHandlers } from './products.handlers';
import { ProductsReader } from './products.reader';
import { ProductsWriter } from './products.writer';
import { ReadCache } from './read-cache';

@Module({ controllers: [ProductsHandlers], providers: [ProductIndex, ProductsWriter, ProductsReader, ReadCache], exports: [ProductIndex, ProductsWriter, ProductsReader, ReadCache] })
export class ProductsModule {}
