import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SearchRequest, Subjects, type SearchResponse } from '@mc/contracts';
import { ReadCache } from '../products/read-cache';
import { SearchService } from './search.service';

@Controller()
export class SearchHandlers {
  constructor(@Inject(SearchService) private readonly search: SearchService, @Inject(ReadCache) private readonly cache: ReadCache) {}

  @MessagePattern(Subjects.catalog.search)
  suggest(@Payload() { term, limit }: SearchRequest): Promise<SearchResponse> {
    return this.cache.get(`search:${limit}:${term}`, () => this.search.suggest(term, limit));
  }
}
