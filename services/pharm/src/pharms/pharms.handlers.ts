import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PharmGetRequest, PharmListRequest, PharmSlugRequest, Subjects, type PharmDetailResponse, type PharmListResponse, type Slide,
} from '@mc/contracts';
import { PharmsReader } from './pharms.reader';

@Controller()
export class PharmsHandlers {
  constructor(@Inject(PharmsReader) private readonly pharms: PharmsReader) {}

  @MessagePattern(Subjects.pharm.pharmList)
  list(@Payload() query: PharmListRequest): Promise<PharmListResponse> {
    return this.pharms.list(query);
  }

  @MessagePattern(Subjects.pharm.pharmGet)
  get(@Payload() request: PharmGetRequest): Promise<PharmDetailResponse> {
    return this.pharms.get(request);
  }

  @MessagePattern(Subjects.pharm.slideList)
  slides(@Payload() request: PharmSlugRequest): Promise<{ slides: Slide[] }> {
    return this.pharms.slides(request);
  }
}
