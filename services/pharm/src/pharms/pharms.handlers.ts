import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Subjects, type PharmDetailResponse, type PharmListResponse, type Slide } from '@mc/contracts';
import { PharmsReader } from './pharms.reader';

/** Payloads arrive untyped on purpose: the readers clean them, ignoring what does not fit (never a 500). */
@Controller()
export class PharmsHandlers {
  constructor(@Inject(PharmsReader) private readonly pharms: PharmsReader) {}

  @MessagePattern(Subjects.pharm.pharmList)
  list(@Payload() query: unknown): Promise<PharmListResponse> {
    return this.pharms.list(query);
  }

  @MessagePattern(Subjects.pharm.pharmGet)
  get(@Payload() request: unknown): Promise<PharmDetailResponse> {
    return this.pharms.get(request);
  }

  @MessagePattern(Subjects.pharm.slideList)
  slides(@Payload() request: unknown): Promise<{ slides: Slide[] }> {
    return this.pharms.slides(request);
  }
}
