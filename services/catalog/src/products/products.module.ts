import { Module } from '@nestjs/common';
import { ProductsHandlers } from './products.handlers';
import { ProductsService } from './products.service';

@Module({ controllers: [ProductsHandlers], providers: [ProductsService], exports: [ProductsService] })
export class ProductsModule {}
