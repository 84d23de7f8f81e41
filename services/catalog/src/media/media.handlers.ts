import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MediaGetRequest, Subjects, type MediaResponse } from '@mc/contracts';
import { ReadCache } from '../products/read-cache';
import { MediaService } from './media.service';

@Controller()
export class MediaHandlers {
  constructor(@Inject(MediaService) private readonly media: MediaService, @Inject(ReadCache) private readonly cache: ReadCache) {}

  @MessagePattern(Subjects.catalog.mediaGet)
  get(@Payload() { slug, kind }: MediaGetRequest): Promise<MediaResponse> {
    if (kind === 'company') return this.cache.get(`media:company:${slug}`, () => this.media.companyLogo(slug));
    return this.cache.get(`media:${slug}`, () => this.media.productImage(slug));
  }
}
