import { Module } from '@nestjs/common';
import { SearchHandlers } from './search.handlers';
import { SearchService } from './search.service';

@Module({ controllers: [SearchHandlers], providers: [SearchService] })
export class SearchModule {}
