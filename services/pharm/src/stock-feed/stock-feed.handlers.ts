import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  StockFeedPauseCommand, StockFeedRejectionsRequest, StockFeedStatusRequest, StockFeedSubmitCommand, Subjects,
  type StockFeedAccepted, type StockFeedPartner, type StockFeedRejectionsPage, type StockFeedStatus,
} from '@mc/contracts';
import { Caller, RequireAdmin, type Caller as CallerType } from '@mc/kit';
import { StockFeedService } from './stock-feed.service';

/** The partner's feed calls (the gateway relays them; the partner's signature is checked here again) and the operator's. */
@Controller()
export class StockFeedHandlers {
  constructor(@Inject(StockFeedService) private readonly service: StockFeedService) {}

  @MessagePattern(Subjects.pharm.stockFeedSubmit)
  submit(@Payload() command: StockFeedSubmitCommand): Promise<StockFeedAccepted> {
    return this.service.submit(command);
  }

  @MessagePattern(Subjects.pharm.stockFeedStatus)
  status(@Payload() request: StockFeedStatusRequest): Promise<StockFeedStatus> {
    return this.service.status(request);
  }

  @MessagePattern(Subjects.pharm.stockFeedRejections)
  rejections(@Payload() request: StockFeedRejectionsRequest): Promise<StockFeedRejectionsPage> {
    return this.service.rejections(request);
  }

  @MessagePattern(Subjects.pharm.stockFeedPartners)
  @RequireAdmin()
  partners(): Promise<{ partners: StockFeedPartner[] }> {
    return this.service.partnersList();
  }

  @MessagePattern(Subjects.pharm.stockFeedPartnerPause)
  @RequireAdmin()
  pause(@Payload() command: StockFeedPauseCommand, @Caller() caller: CallerType): Promise<StockFeedPartner> {
    return this.service.pause(command.partner, command.paused, caller);
  }
}
