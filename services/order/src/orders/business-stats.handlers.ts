import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BusinessRequest, Subjects, type OrderBusinessStats } from '@mc/contracts';
import { RequireBusiness } from '@mc/kit';
import { BusinessStatsService } from './business-stats.service';

/** The dashboard's order part (members of the pharmacy's business and admins). */
@Controller()
export class BusinessStatsHandlers {
  constructor(@Inject(BusinessStatsService) private readonly service: BusinessStatsService) {}

  @MessagePattern(Subjects.order.businessStats)
  @RequireBusiness()
  stats(@Payload() request: BusinessRequest): Promise<OrderBusinessStats> {
    return this.service.stats(request.businessId);
  }
}
