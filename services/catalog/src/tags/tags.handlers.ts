import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Messages, Subjects } from '@mc/contracts';
import { badRequest } from '@mc/kit';
import { ReadCache } from '../common/read-cache';
import { cleanTagRequest } from '../common/sanitize';
import { TagsService, type TagPage } from './tags.service';

@Controller()
export class TagsHandlers {
  constructor(@Inject(TagsService) private readonly tags: TagsService, @Inject(ReadCache) private readonly cache: ReadCache) {}

  @MessagePattern(Subjects.catalog.tagGet)
  get(@Payload() request: unknown): Promise<TagPage> {
    const { slug, page } = cleanTagRequest(request);
    if (!slug) throw badRequest(Messages.invalidUrl);
    return this.cache.get(`tag:${slug}:${page}`, () => this.tags.page(slug, page));
  }
}
