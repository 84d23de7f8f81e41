import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { ContentHandlers } from './content.handlers';
import { ContentService } from './content.service';

@Module({ imports: [ProductsModule], controllers: [ContentHandlers], providers: [ContentService], exports: [ContentService] })
export class ContentModule {}
