import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, TagGetRequest } from '@mc/contracts';
import { ReadCache } from '../common/read-cache';
import { TagsService, type TagPage } from './tags.service';

@Controller()
export class TagsHandlers {
  constructor(@Inject(TagsService) private readonly tags: TagsService, @Inject(ReadCache) private readonly cache: ReadCache) {}

  @MessagePattern(Subjects.catalog.tagGet)
  get(@Payload() { slug, page }: TagGetRequest): Promise<TagPage> {
    return this.cache.get(`tag:${slug}:${page}`, () => this.tags.page(slug, page));
  }
}
