import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { TagsHandlers } from './tags.handlers';
import { TagsService } from './tags.service';

@Module({ imports: [ProductsModule], controllers: [TagsHandlers], providers: [TagsService], exports: [TagsService] })
export class TagsModule {}
