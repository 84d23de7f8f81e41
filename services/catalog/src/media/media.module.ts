import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { MediaHandlers } from './media.handlers';
import { MediaService } from './media.service';

@Module({ imports: [ProductsModule], controllers: [MediaHandlers], providers: [MediaService] })
export class MediaModule {}
