import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PharmMediaGetRequest, Subjects, type MediaResponse } from '@mc/contracts';
import { MediaReader } from './media.reader';

@Controller()
export class MediaHandlers {
  constructor(@Inject(MediaReader) private readonly media: MediaReader) {}

  @MessagePattern(Subjects.pharm.mediaGet)
  get(@Payload() request: PharmMediaGetRequest): Promise<MediaResponse> {
    return this.media.get(request);
  }
}
