import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Messages, Subjects, type MediaResponse } from '@mc/contracts';
import { badRequest } from '@mc/kit';
import { ReadCache } from '../common/read-cache';
import { cleanMediaSlug } from '../common/sanitize';
import { MediaService } from './media.service';

@Controller()
export class MediaHandlers {
  constructor(@Inject(MediaService) private readonly media: MediaService, @Inject(ReadCache) private readonly cache: ReadCache) {}

  @MessagePattern(Subjects.catalog.mediaGet)
  get(@Payload() request: unknown): Promise<MediaResponse> {
    const slug = cleanMediaSlug(request);
    if (!slug) throw badRequest(Messages.invalidUrl);
    return this.cache.get(`media:${slug}`, () => this.media.productImage(slug));
  }
}
