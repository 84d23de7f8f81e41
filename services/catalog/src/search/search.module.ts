import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { SearchHandlers } from './search.handlers';
import { SearchService } from './search.service';

@Module({ imports: [ProductsModule], controllers: [SearchHandlers], providers: [SearchService] })
export class SearchModule {}
