import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, TagGetRequest } from '@mc/contracts';
import { TagsService, type TagPage } from './tags.service';

@Controller()
export class TagsHandlers {
  constructor(@Inject(TagsService) private readonly tags: TagsService) {}

  @MessagePattern(Subjects.catalog.tagGet)
  get(@Payload() { slug, page }: TagGetRequest): Promise<TagPage> {
    return this.tags.page(slug, page);
  }
}
